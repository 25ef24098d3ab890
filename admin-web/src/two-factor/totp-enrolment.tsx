import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import type { AdminTotpSetup } from '@ecup/domain';
import { CodeField, PasswordField, codeComplete } from './code-field.tsx';

interface Props {
  setup: AdminTotpSetup;
  /**
   * Sends the account's password and the code (both are needed to turn two-factor sign-in on); resolves to an error
   * message to show, or null when it was accepted.
   */
  onSubmit: (code: string, password: string) => Promise<string | null>;
  submitLabel?: string;
}

/**
 * The enrolment step (docs/decisions.md#permissions): the otpauth:// link as a QR code for any authenticator app, the secret as text
 * for typing in, then the account's password and the first code to turn two-factor sign-in on.
 */
export function TotpEnrolment({ setup, onSubmit, submitLabel = 'Turn on two-factor sign-in' }: Props) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 200 }).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [setup.otpauth_url]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(await onSubmit(code.trim(), password).finally(() => setPending(false)));
  };

  return (
    <Stack component="form" onSubmit={submit} spacing={2} noValidate>
      <Typography variant="body2" color="text.secondary">
        Scan the code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or type the
        key in by hand, then enter the six-digit code it shows.
      </Typography>
      <Box sx={{ display: 'grid', placeItems: 'center' }}>
        {qr ? (
          <Box
            component="img"
            src={qr}
            alt="QR code of the two-factor key"
            width={200}
            height={200}
            sx={{ borderRadius: 1, bgcolor: '#fff' }}
          />
        ) : (
          <Box sx={{ width: 200, height: 200 }} />
        )}
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          Key
        </Typography>
        <Typography
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', fontSize: 15, letterSpacing: 1, overflowWrap: 'anywhere', userSelect: 'all' }}
        >
          {setup.secret}
        </Typography>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <PasswordField password={password} onPassword={setPassword} autoFocus />
      <CodeField code={code} onCode={setCode} required />
      <Button
        type="submit"
        variant="contained"
        size="medium"
        disabled={pending || password === '' || !codeComplete(code)}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
