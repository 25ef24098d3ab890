import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UNKNOWN_BROWSER, type SessionPayload, type SessionsResponse, type SignOutOthersResponse } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import type { ApiClient } from '../../../lib/api-client.ts';
import { FormSection } from '../../../components/form-section.tsx';
import './sessions-i18n.ts';

/** GET /user/sessions: the player's sessions that have not ended, most recently used first. */
function getSessions(api: ApiClient): Promise<SessionsResponse> {
  return api.get<SessionsResponse>('/user/sessions', {}, { defaultErrorHandler: false });
}

/** POST /user/sessions/sign_out: one of the player's own sessions ends (a refusal shows in the Error popover). */
function signOutSession(api: ApiClient, sessionId: number): Promise<unknown> {
  return api.post('/user/sessions/sign_out', { session_id: String(sessionId) });
}

/** POST /user/sessions/sign_out_others: every session but this one ends. */
function signOutOthers(api: ApiClient): Promise<SignOutOthersResponse> {
  return api.post<SignOutOthersResponse>('/user/sessions/sign_out_others');
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * "Where you're signed in" (settings): each session with its browser, a shortened address, first and last use in
 * the reader's locale, "This device" on the current one; "Sign out" on each other one and "Sign out everywhere else"
 * while there is another.
 */
export function SessionsSection() {
  const { t, dateTime } = useI18n();
  const { api, state } = useClient();
  const signedIn = state.user !== null;
  const [sessions, setSessions] = useState<SessionPayload[] | 'failed' | null>(null);
  const [busy, setBusy] = useState<number | 'others' | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(
    () =>
      getSessions(api).then(
        (answer) => setSessions(answer.sessions),
        () => setSessions('failed'),
      ),
    [api],
  );
  // Read again whenever the signed-in user is loaded anew: after a password change only the new session is left.
  useEffect(() => {
    if (signedIn) void load();
  }, [load, signedIn, state.user]);

  const browserOf = (session: SessionPayload) =>
    session.browser === UNKNOWN_BROWSER ? t('account.sessions.unknownBrowser') : session.browser;

  async function act(which: number | 'others', call: () => Promise<unknown>, doneText: string) {
    setBusy(which);
    setDone(null);
    try {
      await call();
      await load();
      setDone(doneText);
    } catch {
      // The client has shown the refusal; the list is read again to show what is left.
      await load();
    } finally {
      setBusy(null);
    }
  }

  if (sessions === null) return null;
  const others = sessions === 'failed' ? [] : sessions.filter((session) => !session.current);

  return (
    <FormSection id="settings-sessions" title={t('account.sessions.title')}>
      {sessions === 'failed' ? (
        <Alert severity="warning">{t('account.sessions.loadFailed')}</Alert>
      ) : (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('account.sessions.intro')}
          </Typography>
          <Box component="ul" aria-label={t('account.sessions.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {sessions.map((session) => {
              const browser = browserOf(session);
              const lastUsed = dateTime(session.last_seen_at, DATE_OPTIONS);
              return (
                <Box
                  component="li"
                  key={session.id}
                  data-session={session.id}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 1,
                    py: 1.5,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {browser}
                      </Typography>
                      {session.current && (
                        <Chip size="small" color="success" label={t('account.sessions.thisDevice')} />
                      )}
                      {session.console && (
                        <Chip size="small" variant="outlined" label={t('account.sessions.console')} />
                      )}
                    </Box>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {session.address ?? t('account.sessions.unknownAddress')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('account.sessions.firstUsed')}: {dateTime(session.created_at, DATE_OPTIONS)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('account.sessions.lastUsed')}: {lastUsed}
                    </Typography>
                  </Box>
                  {!session.current && (
                    <Button
                      variant="outlined"
                      size="small"
                      disabled={busy !== null}
                      aria-busy={busy === session.id}
                      aria-label={t('account.sessions.signOutLabel', { browser, date: lastUsed })}
                      onClick={() =>
                        void act(
                          session.id,
                          () => signOutSession(api, session.id),
                          t('account.sessions.signedOut', { browser }),
                        )
                      }
                    >
                      {t('account.sessions.signOut')}
                    </Button>
                  )}
                </Box>
              );
            })}
          </Box>
          {others.length > 0 ? (
            <Button
              variant="contained"
              color="error"
              sx={{ alignSelf: 'flex-start' }}
              disabled={busy !== null}
              aria-busy={busy === 'others'}
              startIcon={busy === 'others' ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              onClick={() => void act('others', () => signOutOthers(api), t('account.sessions.signedOutOthers'))}
            >
              {t('account.sessions.signOutOthers')}
            </Button>
          ) : (
            <Typography variant="body2">{t('account.sessions.onlyThis')}</Typography>
          )}
          {done && (
            <Alert severity="success" role="status">
              {done}
            </Alert>
          )}
        </Stack>
      )}
    </FormSection>
  );
}
