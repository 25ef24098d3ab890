import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { USERNAME_MAX } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';

/**
 * The sign-in form of docs/product.md#screens-and-routes, used in the desktop dropdown and inline in the mobile nav bar. After a failed attempt
 * the username stays (ui-brief) and the password is emptied, ready for the next try once the 'Login error' popover
 * closes; the button is disabled while a sign-in is pending. An account with two-factor sign-in on is then asked
 * for the code from its authenticator app, or a recovery code (docs/decisions.md#permissions); a player never sees that field.
 */
export function SignInForm({ idPrefix, onSignedIn }: { idPrefix: string; onSignedIn?: () => void }) {
  const { t } = useI18n();
  const { signIn, state } = useClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [retry, setRetry] = useState(false);
  const popoverOpen = state.popovers.length > 0;
  const wasOpen = useRef(popoverOpen);
  const passwordId = `${idPrefix}-password`;
  const codeId = `${idPrefix}-code`;
  const retryId = code === null ? passwordId : codeId;

  // Once the error popover has handed focus back (to the body, as it blurred the form), the field to fill again
  // takes it.
  useEffect(() => {
    const closed = wasOpen.current && !popoverOpen;
    wasOpen.current = popoverOpen;
    if (!retry || !closed) return;
    setRetry(false);
    const timer = setTimeout(() => document.getElementById(retryId)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [popoverOpen, retry, retryId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.authenticating) return;
    const outcome = await signIn(username, password, code ?? undefined);
    if (outcome === 'signed-in') {
      setPassword('');
      setCode(null);
      onSignedIn?.();
    } else if (outcome === 'code-required') {
      setCode('');
      setTimeout(() => document.getElementById(codeId)?.focus(), 0);
    } else {
      // The field to fill again is emptied: the password, or the code once the password was right.
      if (code === null) setPassword('');
      else setCode('');
      if (username.trim() !== '') setRetry(true);
    }
  }

  function otherAccount() {
    setCode(null);
    setPassword('');
    setTimeout(() => document.getElementById(`${idPrefix}-username`)?.focus(), 0);
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('signIn.open')}>
      <Stack spacing={1.5}>
        <TextField
          id={`${idPrefix}-username`}
          label={t('signIn.username')}
          autoComplete="username"
          size="small"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          disabled={code !== null}
          slotProps={{ htmlInput: { maxLength: USERNAME_MAX, autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField
          id={passwordId}
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          size="small"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={code !== null}
        />
        {code !== null && (
          <TextField
            id={codeId}
            label={t('signIn.code')}
            helperText={t('signIn.codeHint')}
            autoComplete="one-time-code"
            size="small"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false } }}
          />
        )}
        <Button type="submit" variant="contained" disabled={state.authenticating}>
          {t('signIn.submit')}
        </Button>
        {code !== null && (
          <Button size="small" onClick={otherAccount}>
            {t('signIn.otherAccount')}
          </Button>
        )}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Link component={RouterLink} to="/register" variant="body2">
            {t('signIn.register')}
          </Link>
          <Link component={RouterLink} to="/forgot_password" variant="body2">
            {t('signIn.forgot')}
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}
