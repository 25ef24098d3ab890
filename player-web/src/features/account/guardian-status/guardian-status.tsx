import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GuardianStatusResponse } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { ApiError, type ApiClient } from '../../../lib/api-client.ts';
import { FormSection } from '../../../components/form-section.tsx';
import './guardian-i18n.ts';

/** GET /user/guardian: the signed-in player's parental approval. */
function getGuardianStatus(api: ApiClient): Promise<GuardianStatusResponse> {
  return api.get<GuardianStatusResponse>('/user/guardian', {}, { defaultErrorHandler: false });
}

/** POST /user/guardian/resend: the approval e-mail again, with a new link; refused in words when too soon. */
function resendGuardianMail(api: ApiClient): Promise<{ message: string }> {
  return api.post<{ message: string }>('/user/guardian/resend', undefined, { defaultErrorHandler: false });
}

/**
 * After a minor's sign-up (docs/decisions.md#permissions): a popover saying the approval e-mail went to the parent or guardian, and
 * what waits on it. Does nothing for a sign-up without a guardian e-mail.
 */
export function useGuardianMailNotice(): (guardianEmail: string | null | undefined) => void {
  const { t } = useI18n();
  const { popover } = useClient();
  return useCallback(
    (guardianEmail) => {
      if (guardianEmail) popover(t('account.guardian.sentTitle'), t('account.guardian.sent', { email: guardianEmail }));
    },
    [popover, t],
  );
}

/**
 * Settings (docs/decisions.md#permissions): a minor sees whether a parent or guardian has approved, and while not, can send the
 * e-mail again (a few times an hour; the refusal says when). Players who need no approval see nothing.
 */
export function GuardianSection() {
  const { t, tm, dateTime } = useI18n();
  const { api } = useClient();
  const [status, setStatus] = useState<GuardianStatusResponse | 'failed' | null>(null);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(
    () =>
      getGuardianStatus(api).then(
        (next) => setStatus(next),
        () => setStatus('failed'),
      ),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function resend() {
    setSending(true);
    setAnswer(null);
    try {
      await resendGuardianMail(api);
      setAnswer({ ok: true, text: tm('guardianMailResent') });
    } catch (error) {
      setAnswer({
        ok: false,
        text: error instanceof ApiError && error.refusal ? tm(error.refusal) : t('account.guardian.loadFailed'),
      });
      // Approved meanwhile: show it.
      if (error instanceof ApiError && error.status === 409) await load();
    } finally {
      setSending(false);
    }
  }

  if (status === null || (status !== 'failed' && status.state === 'not_needed')) return null;

  return (
    <FormSection id="settings-guardian" title={t('account.guardian.title')}>
      {status === 'failed' ? (
        <Alert severity="warning">{t('account.guardian.loadFailed')}</Alert>
      ) : status.state === 'approved' ? (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Chip color="success" label={t('account.guardian.approved')} />
          <Typography>
            {t('account.guardian.approvedText', {
              date: status.approved_at ? dateTime(status.approved_at, { dateStyle: 'long' }) : '',
            })}
          </Typography>
        </Stack>
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Chip color="warning" label={t('account.guardian.waiting')} />
          <Typography>{t('account.guardian.waitingText', { email: status.guardian_email ?? '' })}</Typography>
          <Button
            variant="outlined"
            onClick={() => void resend()}
            disabled={sending}
            aria-busy={sending}
            startIcon={sending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {t('account.guardian.resend')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('account.guardian.resendHint')}
          </Typography>
          {answer && (
            <Alert
              severity={answer.ok ? 'success' : 'error'}
              role={answer.ok ? 'status' : 'alert'}
              sx={{ alignSelf: 'stretch' }}
            >
              {answer.text}
            </Alert>
          )}
        </Stack>
      )}
    </FormSection>
  );
}
