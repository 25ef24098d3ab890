import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PASSWORD_MIN,
  PASSWORD_RESET_VALID_MINUTES,
  RESET_PASSWORD_MAX,
  validateResetLink,
  validateResetPassword,
} from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { AccountPage, FormActions, SubmitButton } from '../account-layout.tsx';
import { checkResetLink } from './check-reset-link.ts';
import { resetPassword } from './reset-password.ts';
import { useFocusAfterPopover } from '../use-focus-after-popover.ts';

type LinkState = 'checking' | 'usable' | 'invalid';

/**
 * Whether the page's link can still be used, asked once when the page opens: a link of the wrong shape is invalid
 * at once; a used, expired or unknown one gets the server's 400. If the check itself cannot be made (offline,
 * too many attempts) the form shows, and its submit reports what is wrong.
 */
function useResetLink(params: { id?: string; uid?: string; token?: string }): [LinkState, (state: LinkState) => void] {
  const { api } = useClient();
  const link = validateResetLink(params);
  const [state, setState] = useState<LinkState>(link.ok ? 'checking' : 'invalid');
  const key = link.ok ? `${link.value.id}/${link.value.uid}/${link.value.token}` : null;
  useEffect(() => {
    if (!link.ok) return;
    let current = true;
    checkResetLink(api, link.value)
      .then(() => current && setState('usable'))
      .catch((error: unknown) => {
        if (!current) return;
        setState(error instanceof ApiError && error.is('resetLinkInvalid') ? 'invalid' : 'usable');
      });
    return () => {
      current = false;
    };
    // The link's parts (key) decide the check; the parsed object is new on every render.
  }, [api, key]);
  return [state, setState];
}

/** A link that cannot be used: the one invalid-link message, why links stop working and a way to a new one. */
function InvalidLink() {
  const { t, tm } = useI18n();
  return (
    <AccountPage title={t('account.reset.invalidTitle')}>
      <Box role="status" data-reset-link="invalid">
        <Typography sx={{ mb: 1, fontWeight: 500 }}>{tm('resetLinkInvalid')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('account.reset.invalidHint', { minutes: PASSWORD_RESET_VALID_MINUTES })}
        </Typography>
      </Box>
      <Button component={RouterLink} to="/forgot_password" variant="contained">
        {t('account.reset.newLink')}
      </Button>
    </AccountPage>
  );
}

const PASSWORD_ID = 'reset-password';
const REPEAT_ID = 'reset-repeat_password';

/**
 * /resetpassword/{id}/{uid}/{token} (docs/product.md#screens-and-routes, docs/product.md#states, docs/product.md#validation): the link is checked when the page opens, and a used or
 * unknown one shows that state instead of the form; then a new password and its repeat. After a successful reset
 * the player is signed in with the returned token, goes to / and is told so in a popover.
 */
export function Component() {
  const { t, tm } = useI18n();
  const { api, popover } = useClient();
  const { id, uid, token } = useParams();
  const navigate = useNavigate();
  const { signInWithToken: replaceSession } = useClient();
  const [invalidId, setInvalidId] = useFocusAfterPopover();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [pending, setPending] = useState(false);
  const [linkState, setLinkState] = useResetLink({ id, uid, token });
  usePageTitle(linkState === 'invalid' ? t('account.reset.invalidTitle') : t('account.reset.title'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateResetPassword({ id, uid, token, password, repeat_password: repeat });
    if (!checked.ok) {
      setInvalidId(
        checked.code === 'resetPasswordMismatch' ? REPEAT_ID : checked.code === 'resetLinkInvalid' ? null : PASSWORD_ID,
      );
      popover(tm('errorTitle'), tm(checked));
      return;
    }
    setPending(true);
    try {
      const answer = await resetPassword(api, checked.value);
      await replaceSession({ id: answer.id, token: answer.token });
      navigate('/', { replace: true });
      popover(tm('done'), tm('passwordResetDone'));
    } catch (error) {
      // The client has shown the refusal's message; a link used meanwhile (another tab) shows its state.
      if (error instanceof ApiError && error.is('resetLinkInvalid')) setLinkState('invalid');
      setPending(false);
    }
  }

  if (linkState === 'checking') return <LoadingScreen fullScreen={false} />;
  if (linkState === 'invalid') return <InvalidLink />;

  return (
    <AccountPage title={t('account.reset.title')} intro={t('account.reset.intro', { min: PASSWORD_MIN })}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.reset.title')}>
        <Stack spacing={2}>
          <TextField
            id={PASSWORD_ID}
            name="password"
            type="password"
            label={t('account.reset.password')}
            autoComplete="new-password"
            value={password}
            error={invalidId === PASSWORD_ID}
            onChange={(event) => {
              setPassword(event.target.value);
              if (invalidId === PASSWORD_ID) setInvalidId(null);
            }}
            slotProps={{ htmlInput: { maxLength: RESET_PASSWORD_MAX } }}
          />
          <TextField
            id={REPEAT_ID}
            name="repeat_password"
            type="password"
            label={t('account.reset.repeat')}
            autoComplete="new-password"
            value={repeat}
            error={invalidId === REPEAT_ID}
            onChange={(event) => {
              setRepeat(event.target.value);
              if (invalidId === REPEAT_ID) setInvalidId(null);
            }}
            slotProps={{ htmlInput: { maxLength: RESET_PASSWORD_MAX } }}
          />
        </Stack>
        <FormActions>
          <SubmitButton pending={pending}>{t('account.reset.submit')}</SubmitButton>
        </FormActions>
      </Box>
    </AccountPage>
  );
}
