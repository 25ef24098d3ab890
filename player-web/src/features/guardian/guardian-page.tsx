import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type GuardianLinkResponse, message } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useSeason } from '../../providers/season-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { ApiError, isNotFound } from '../../lib/api-client.ts';
import { approveGuardianLink, getGuardianLink } from './approval.ts';

type View =
  | { kind: 'loading' }
  | { kind: 'ask'; link: GuardianLinkResponse; pending: boolean }
  | { kind: 'done'; username: string; product: string }
  | { kind: 'already' }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'failed' };

/**
 * A dead link answers 404 (an old one with its own message, so the page can say a new link can be asked for);
 * anything else (the network, a server error) may work on a second try.
 */
const viewOfError = (error: unknown): View =>
  error instanceof ApiError && error.is('guardianLinkExpired')
    ? { kind: 'expired' }
    : isNotFound(error)
      ? { kind: 'invalid' }
      : { kind: 'failed' };

/**
 * /guardian/confirm/{uid}/{token} (docs/decisions.md#permissions): the page a parent or guardian opens from the e-mail. It names the
 * player and what approval means, and approves with one button; afterwards, and on a second visit, it says the
 * player is approved. A link that was replaced by a newer e-mail, or never existed, says so in words.
 */
export function Component() {
  const { t, tm } = useI18n();
  const { api } = useClient();
  const { productName } = useSeason();
  const { uid = '', token = '' } = useParams();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(() => {
    setView({ kind: 'loading' });
    getGuardianLink(api, uid, token).then(
      (link) => setView(link.approved ? { kind: 'already' } : { kind: 'ask', link, pending: false }),
      (error: unknown) => setView(viewOfError(error)),
    );
  }, [api, uid, token]);
  useEffect(load, [load]);

  async function approve(link: GuardianLinkResponse) {
    setView({ kind: 'ask', link, pending: true });
    try {
      const answer = await approveGuardianLink(api, uid, token);
      setView(
        answer.already ? { kind: 'already' } : { kind: 'done', username: answer.username, product: answer.product },
      );
    } catch (error) {
      setView(viewOfError(error));
    }
  }

  const title =
    view.kind === 'ask'
      ? t('guardian.ask.title', { name: view.link.first_name })
      : view.kind === 'done'
        ? t('guardian.done.title')
        : view.kind === 'already'
          ? t('guardian.already.title')
          : view.kind === 'invalid'
            ? t('guardian.invalid.title')
            : view.kind === 'expired'
              ? t('guardian.expired.title')
              : view.kind === 'failed'
                ? tm('errorTitle')
                : null;
  usePageTitle(title);
  // A change of state moves the reader (and a screen reader) to the new heading.
  useEffect(() => {
    if (view.kind !== 'loading' && !(view.kind === 'ask' && view.pending)) heading.current?.focus();
  }, [view]);

  if (view.kind === 'loading') {
    return (
      <Box
        role="status"
        sx={{ minHeight: '40vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
      >
        <CircularProgress aria-hidden />
        <Typography>{t('guardian.loading')}</Typography>
      </Box>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, border: 1, borderColor: 'divider' }}>
        <Typography
          ref={heading}
          tabIndex={-1}
          variant="h4"
          component="h1"
          sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 2, outline: 'none' }}
        >
          {title}
        </Typography>
        {view.kind === 'ask' && (
          <Stack spacing={2}>
            <Typography>
              {t('guardian.ask.signedUp', {
                name: `${view.link.first_name}`,
                product: view.link.product,
                username: view.link.username,
              })}
            </Typography>
            <Typography>{t('guardian.ask.prizes')}</Typography>
            <Typography color="text.secondary">{t('guardian.ask.ignore')}</Typography>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', pt: 1 }}>
              <Button
                variant="contained"
                size="large"
                disabled={view.pending}
                aria-busy={view.pending}
                startIcon={view.pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                onClick={() => void approve(view.link)}
              >
                {t('guardian.ask.approve')}
              </Button>
            </Box>
          </Stack>
        )}
        {view.kind === 'done' && (
          <Alert severity="success" role="status">
            {tm(message('guardianConfirmed', { username: view.username, product: view.product }))}
          </Alert>
        )}
        {view.kind === 'already' && (
          <Alert severity="success" role="status">
            {tm('guardianAlreadyConfirmed')}
          </Alert>
        )}
        {view.kind === 'invalid' && (
          <Stack spacing={2}>
            <Alert severity="warning" role="alert">
              {tm('guardianLinkInvalid')}
            </Alert>
            <Typography>{t('guardian.invalid.help')}</Typography>
          </Stack>
        )}
        {view.kind === 'expired' && (
          <Stack spacing={2}>
            <Alert severity="warning" role="alert">
              {tm('guardianLinkExpired')}
            </Alert>
            <Typography>{t('guardian.expired.help')}</Typography>
          </Stack>
        )}
        {view.kind === 'failed' && (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
              {t('guardian.failed')}
            </Alert>
            <Button variant="contained" onClick={load}>
              {t('guardian.retry')}
            </Button>
          </Stack>
        )}
        {view.kind !== 'ask' && view.kind !== 'failed' && (
          <Box sx={{ mt: 3 }}>
            <Button component={RouterLink} to="/" variant="outlined">
              {t('guardian.home', { product: productName })}
            </Button>
          </Box>
        )}
      </Paper>
    </Container>
  );
}
