import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useLogin } from 'react-admin';
import { TotpRequiredError, forgetLoginNotice, loginNotice, type LoginParams } from '../auth-provider.ts';
import { AuthCard } from './auth-card.tsx';

type Step = { kind: 'password' } | { kind: 'code' };

/**
 * The console's sign-in (docs/decisions.md#permissions): username and password, then the authenticator code (or a recovery code)
 * when the account has two-factor on. A holder of every flag without it is told to ask an operator for an enrolment
 * link (the server's 403): nobody enrols from a password alone.
 */
export function LoginPage() {
  const login = useLogin();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // "Your session has ended. Please sign in again." when the last session ended (docs/decisions.md#minors-safety).
  const [ended] = useState(loginNotice);
  useEffect(forgetLoginNotice, []);
  const [pending, setPending] = useState(false);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    const params: LoginParams =
      step.kind === 'code' ? { username, password, code: code.trim() } : { username, password };
    try {
      await login(params);
    } catch (failure) {
      if (failure instanceof TotpRequiredError) {
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

  /** Username and password: kept, but locked, while the code is asked for. */
  const credentials = [
    { label: 'Username', type: 'text', value: username, set: setUsername, autoComplete: 'username' },
    { label: 'Password', type: 'password', value: password, set: setPassword, autoComplete: 'current-password' },
  ];

  return (
    <AuthCard subtitle="Admin console">
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
      <Stack component="form" spacing={2} onSubmit={signIn} noValidate>
        {credentials.map((field, index) => (
          <TextField
            key={field.autoComplete}
            label={field.label}
            type={field.type}
            value={field.value}
            onChange={(event) => field.set(event.target.value)}
            autoComplete={field.autoComplete}
            disabled={step.kind === 'code'}
            required
            autoFocus={index === 0}
          />
        ))}
        {step.kind === 'code' && (
          <TextField
            label="Code from your authenticator app"
            helperText="Lost your phone? Enter one of your recovery codes instead."
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false } }}
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
    </AuthCard>
  );
}
