import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { validateEmailChangeLink, type MessageName } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { AccountPage, FormActions, SubmitButton } from '../account-layout.tsx';
import { checkEmailLink, sendEmailLink, type EmailLinkKind } from './email-change.ts';

type LinkState = 'checking' | 'usable' | 'invalid' | { done: MessageName };

/**
 * /email/confirm/{id}/{token} (the link to a new address) and /email/undo/{id}/{token} (the notice to the old one),
 * docs/rules.md "Account changes". The link is checked when the page opens; it is used only by the button, so a
 * mail scanner that opens links changes nothing. After a confirmation the signed-in user is read again (the new
 * address shows in settings); after an undo that reverted a change every session has ended.
 */
export function Component() {
  const { t, tm } = useI18n();
  const { api, refreshUser } = useClient();
  const params = useParams();
  const kind: EmailLinkKind = useLocation().pathname.startsWith('/email/undo/') ? 'undo' : 'confirm';
  const link = validateEmailChangeLink(params);
  const key = link.ok ? `${kind}/${link.value.id}/${link.value.token}` : null;
  const [state, setState] = useState<LinkState>(link.ok ? 'checking' : 'invalid');
  const [pending, setPending] = useState(false);
  const title =
    state === 'invalid'
      ? t('account.email.invalidTitle')
      : t(`account.email.${kind}Title` as 'account.email.undoTitle');
  usePageTitle(title);

  useEffect(() => {
    if (!link.ok) return;
    let current = true;
    checkEmailLink(api, kind, link.value)
      .then(() => current && setState('usable'))
      .catch((error: unknown) => {
        if (!current) return;
        setState(error instanceof ApiError && error.is('emailChangeLinkInvalid') ? 'invalid' : 'usable');
      });
    return () => {
      current = false;
    };
    // The link's parts (key) decide the check; the parsed object is new on every render.
  }, [api, key]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || !link.ok) return;
    setPending(true);
    try {
      const answer = await sendEmailLink(api, kind, link.value);
      setState({
        done: kind === 'confirm' ? 'emailChanged' : answer.reverted ? 'emailChangeReverted' : 'emailChangeCancelled',
      });
      // The signed-in user (if it is this account) now has the new address, or its session has ended.
      await refreshUser().catch(() => undefined);
    } catch (error) {
      // The client has shown the refusal's message; a link used meanwhile shows its state.
      if (error instanceof ApiError && error.is('emailChangeLinkInvalid')) setState('invalid');
    } finally {
      setPending(false);
    }
  }

  if (state === 'checking') return <LoadingScreen fullScreen={false} />;
  if (state === 'invalid') {
    return (
      <AccountPage title={title}>
        <Typography role="status" data-email-link="invalid" sx={{ mb: 3 }}>
          {tm('emailChangeLinkInvalid')}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('account.email.home')}
        </Button>
      </AccountPage>
    );
  }
  if (typeof state === 'object') {
    return (
      <AccountPage title={title}>
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {tm(state.done)}
        </Alert>
        <Button component={RouterLink} to={state.done === 'emailChanged' ? '/settings' : '/'} variant="contained">
          {state.done === 'emailChanged' ? t('account.email.toSettings') : t('account.email.home')}
        </Button>
      </AccountPage>
    );
  }
  return (
    <AccountPage title={title} intro={t(`account.email.${kind}Intro` as 'account.email.undoIntro')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={title}>
        <FormActions>
          <SubmitButton pending={pending}>
            {t(`account.email.${kind}Submit` as 'account.email.undoSubmit')}
          </SubmitButton>
        </FormActions>
      </Box>
    </AccountPage>
  );
}
