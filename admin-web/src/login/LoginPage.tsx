import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { useLogin } from 'react-admin';
import { PRODUCT_NAME_DEFAULT, type AdminSession, type AdminTotpSetup } from '@ecup/domain';
import {
  TotpRequiredError,
  TotpSetupRequiredError,
  forgetLoginNotice,
  loginNotice,
  type LoginParams,
} from '../authProvider.ts';
import { getProductName } from '../get-current-season.ts';
import { TotpEnrolment } from '../two-factor/TotpEnrolment.tsx';

type Step =
  { kind: 'password' } | { kind: 'code' } | { kind: 'enrol'; setupToken: string; setup: AdminTotpSetup | null };

async function postJson<T>(url: string, body: unknown): Promise<{ ok: boolean; json: T & { error?: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, json: (await response.json().catch(() => ({}))) as T & { error?: string } };
}

/**
 * The console's sign-in (decisions §8): username and password, then the authenticator code when the account has
 * two-factor on, or the enrolment (QR code and key) for holders of every flag who have not set it up yet.
 */
export function LoginPage() {
  const login = useLogin();
  const [productName, setProductName] = useState(PRODUCT_NAME_DEFAULT);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // "Your session has ended. Please sign in again." when the last session ended (decisions §10).
  const [ended] = useState(loginNotice);
  useEffect(forgetLoginNotice, []);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getProductName(controller.signal).then(setProductName, () => undefined);
    return () => controller.abort();
  }, []);

  useEffect(() => {
    document.title = `${productName} admin console`;
  }, [productName]);

  const startEnrolment = async (setupToken: string, message: string) => {
    setNotice(message);
    setStep({ kind: 'enrol', setupToken, setup: null });
    const { ok, json } = await postJson<AdminTotpSetup>('/admin/api/auth/totp/setup', { setup_token: setupToken });
    if (!ok) {
      setError(json.error ?? 'The set-up could not start. Please sign in again.');
      setStep({ kind: 'password' });
      return;
    }
    setStep({ kind: 'enrol', setupToken, setup: json });
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    const params: LoginParams =
      step.kind === 'code' ? { username, password, code: code.trim() } : { username, password };
    try {
      await login(params);
    } catch (failure) {
      if (failure instanceof TotpSetupRequiredError) {
        await startEnrolment(failure.setupToken, failure.message);
      } else if (failure instanceof TotpRequiredError) {
        if (step.kind === 'code') setError(failure.message);
        setStep({ kind: 'code' });
        setCode('');
      } else {
        setError(failure instanceof Error ? failure.message : String(failure));
      }
    } finally {
      setPending(false);
    }
  };

  const enable = async (setupToken: string, totp: string): Promise<string | null> => {
    const { ok, json } = await postJson<AdminSession>('/admin/api/auth/totp/enable', {
      setup_token: setupToken,
      code: totp,
    });
    if (!ok) return json.error ?? 'That code is not valid. Please try again.';
    await login({ session: { id: json.id, token: json.token, user: json.user } } satisfies LoginParams);
    return null;
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }} variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <EmojiEvents color="secondary" aria-hidden />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {productName}
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {step.kind === 'enrol' ? 'Set up two-factor sign-in' : 'Admin console'}
          </Typography>
          {ended && !error && step.kind === 'password' && (
            <Alert severity="warning" role="status" sx={{ mb: 2 }}>
              {ended}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {step.kind === 'enrol' ? (
            <>
              {notice && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {notice}
                </Alert>
              )}
              {step.setup ? (
                <TotpEnrolment
                  setup={step.setup}
                  onSubmit={(totp) => enable(step.setupToken, totp)}
                  submitLabel="Turn on and sign in"
                />
              ) : (
                <Typography color="text.secondary">Preparing your key…</Typography>
              )}
            </>
          ) : (
            <Stack component="form" spacing={2} onSubmit={signIn} noValidate>
              <TextField
                label="Username"
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                autoComplete="username"
                disabled={step.kind === 'code'}
                required
                autoFocus
              />
              <TextField
                label="Password"
                type="password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="current-password"
                disabled={step.kind === 'code'}
                required
              />
              {step.kind === 'code' && (
                <TextField
                  label="Code from your authenticator app"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
                  required
                  autoFocus
                />
              )}
              <Button
                type="submit"
                variant="contained"
                size="medium"
                disabled={pending || !username || !password || (step.kind === 'code' && code.trim().length < 6)}
              >
                Sign in
              </Button>
              {step.kind === 'code' && (
                <Button
                  onClick={() => {
                    setStep({ kind: 'password' });
                    setError(null);
                  }}
                >
                  Use another account
                </Button>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
