import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { type AdminEnrolmentDone, type AdminEnrolmentStart } from '@ecup/domain';
import { openConsoleSession } from '../authProvider.ts';
import { useConsoleProductName } from '../get-current-season.ts';
import { RecoveryCodes } from '../two-factor/RecoveryCodes.tsx';
import { TotpEnrolment } from '../two-factor/TotpEnrolment.tsx';

type Step =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'scan'; setup: AdminEnrolmentStart }
  | { kind: 'codes'; done: AdminEnrolmentDone };

async function postJson<T>(url: string, body: unknown): Promise<{ ok: boolean; json: T & { error?: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, json: (await response.json().catch(() => ({}))) as T & { error?: string } };
}

/** The token of `/admin/enrol#token=…` (after `#`, so it never reaches a server's log). */
function tokenOfLocation(): string {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * An operator's one-time enrolment link (decisions §8; `admin:grant`, `admin:reset-2fa`): the QR code and key, a
 * first code, then the 10 recovery codes shown once, and the console signed in. A used, expired or replaced link
 * says so.
 */
export function EnrolPage() {
  const productName = useConsoleProductName();
  const [token] = useState(tokenOfLocation);
  const [step, setStep] = useState<Step>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    postJson<AdminEnrolmentStart>('/admin/api/auth/enrol/start', { token }).then(
      ({ ok, json }) => {
        if (!live) return;
        if (ok) setStep({ kind: 'scan', setup: json });
        else setStep({ kind: 'refused', message: json.error ?? 'This enrolment link could not be opened.' });
      },
      () => live && setStep({ kind: 'refused', message: 'The console could not be reached. Please try again.' }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const finish = async (code: string): Promise<string | null> => {
    const { ok, json } = await postJson<AdminEnrolmentDone>('/admin/api/auth/enrol/finish', { token, code });
    if (!ok) return json.error ?? 'That code is not valid. Please try again.';
    setStep({ kind: 'codes', done: json });
    return null;
  };

  const enter = (done: AdminEnrolmentDone) => {
    openConsoleSession({ id: done.id, token: done.token, user: done.user });
    window.location.replace('/admin/');
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card sx={{ width: '100%', maxWidth: 440 }} variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <EmojiEvents color="secondary" aria-hidden />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {productName}
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Set up two-factor sign-in
            {step.kind === 'scan' && (
              <>
                {' for '}
                <strong>{step.setup.username}</strong>
              </>
            )}
          </Typography>
          {step.kind === 'loading' && <Typography color="text.secondary">Opening your enrolment link…</Typography>}
          {step.kind === 'refused' && <Alert severity="error">{step.message}</Alert>}
          {step.kind === 'scan' && <TotpEnrolment setup={step.setup} onSubmit={finish} submitLabel="Turn on" />}
          {step.kind === 'codes' && (
            <RecoveryCodes
              codes={step.done.recovery_codes}
              onDone={() => enter(step.done)}
              doneLabel="Open the console"
            />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
