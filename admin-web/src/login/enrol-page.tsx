import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { type AdminEnrolmentDone, type AdminEnrolmentStart } from '@ecup/domain';
import { openConsoleSession } from '../auth-provider.ts';
import { RecoveryCodes } from '../two-factor/recovery-codes.tsx';
import { TotpEnrolment } from '../two-factor/totp-enrolment.tsx';
import { AuthCard } from './auth-card.tsx';

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
 * An operator's one-time enrolment link (docs/decisions.md#permissions; `admin:grant`, `admin:reset-2fa`): the QR code and key, the
 * account's password and a first code (the link alone opens nothing: docs/rules.md "Account changes"), then the 10 recovery codes shown once, and the console signed in. A used, expired or replaced link
 * says so.
 */
export function EnrolPage() {
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

  const finish = async (code: string, password: string): Promise<string | null> => {
    const { ok, json } = await postJson<AdminEnrolmentDone>('/admin/api/auth/enrol/finish', { token, password, code });
    if (!ok) return json.error ?? 'That code is not valid. Please try again.';
    setStep({ kind: 'codes', done: json });
    return null;
  };

  const enter = (done: AdminEnrolmentDone) => {
    openConsoleSession({ id: done.id, token: done.token, user: done.user });
    window.location.replace('/admin/');
  };

  return (
    <AuthCard
      maxWidth={440}
      subtitle={
        <>
          Set up two-factor sign-in
          {step.kind === 'scan' && (
            <>
              {' for '}
              <strong>{step.setup.username}</strong>
            </>
          )}
        </>
      }
    >
      {step.kind === 'loading' && <Typography color="text.secondary">Opening your enrolment link…</Typography>}
      {step.kind === 'refused' && <Alert severity="error">{step.message}</Alert>}
      {step.kind === 'scan' && <TotpEnrolment setup={step.setup} onSubmit={finish} submitLabel="Turn on" />}
      {step.kind === 'codes' && (
        <RecoveryCodes codes={step.done.recovery_codes} onDone={() => enter(step.done)} doneLabel="Open the console" />
      )}
    </AuthCard>
  );
}
