import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { HttpError, Loading, Title, useGetIdentity, useNotify } from 'react-admin';
import { ALL_PERMISSIONS, hasAll, type AdminIdentity, type AdminTotpEnabled, type AdminTotpSetup } from '@ecup/domain';
import { refreshIdentity } from '../auth-provider.ts';
import { httpClient } from '../data-provider.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';
import { CodeField, PasswordField, codeComplete } from './code-field.tsx';

async function post<T>(path: string, body: unknown): Promise<T> {
  const { json } = await httpClient(`/admin/api/auth/totp/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return json as T;
}

function errorText(error: unknown): string {
  return error instanceof HttpError || error instanceof Error ? error.message : String(error);
}

/**
 * Two-factor settings of the signed-in staff member (docs/decisions.md#permissions): turn TOTP on (then the recovery codes are shown
 * once), or off unless every flag is held; either way with the password as well as a code (docs/rules.md "Account
 * changes").
 */
export function TwoFactorPage() {
  const { identity, isPending, refetch } = useGetIdentity();
  const notify = useNotify();
  const [setup, setSetup] = useState<AdminTotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (isPending || !identity) return <Loading />;
  const me = identity as unknown as AdminIdentity;
  const required = hasAll(me.permissions, ALL_PERMISSIONS);

  const changed = (message: string) => {
    refreshIdentity();
    void refetch();
    setSetup(null);
    setCode('');
    setPassword('');
    setError(null);
    notify(message, { type: 'success' });
  };

  const start = async () => {
    try {
      setError(null);
      setSetup(await post<AdminTotpSetup>('setup', {}));
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const enable = async (totp: string, given: string) => {
    try {
      const enabled = await post<AdminTotpEnabled>('enable', { password: given, code: totp });
      setRecoveryCodes(enabled.recovery_codes);
      changed('Two-factor sign-in is on.');
      return null;
    } catch (failure) {
      return errorText(failure);
    }
  };

  const disable = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await post('disable', { password, code: code.trim() });
      changed('Two-factor sign-in is off.');
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 480 }}>
      <Title title="Two-factor sign-in" />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            Two-factor sign-in is {me.totp_enabled ? 'on' : 'off'}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          {recoveryCodes ? (
            <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} doneLabel="Done" />
          ) : me.totp_enabled ? (
            required ? (
              <Typography color="text.secondary">
                Holders of every permission must keep two-factor sign-in on.
              </Typography>
            ) : (
              <Stack component="form" spacing={2} onSubmit={disable} noValidate>
                <Typography color="text.secondary">
                  Enter your password and a code from your authenticator app to turn it off.
                </Typography>
                <PasswordField password={password} onPassword={setPassword} />
                <CodeField code={code} onCode={setCode} />
                <Button
                  type="submit"
                  variant="outlined"
                  color="error"
                  disabled={password === '' || !codeComplete(code)}
                >
                  Turn off two-factor sign-in
                </Button>
              </Stack>
            )
          ) : setup ? (
            <TotpEnrolment setup={setup} onSubmit={enable} />
          ) : (
            <>
              <Typography color="text.secondary">
                Ask for a code from an authenticator app at every console sign-in.
              </Typography>
              <Button variant="contained" onClick={start} sx={{ alignSelf: 'flex-start' }}>
                Set up two-factor sign-in
              </Button>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
