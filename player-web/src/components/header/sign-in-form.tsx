import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { USERNAME_MAX } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';

/**
 * The sign-in form of spec §2, used in the desktop dropdown and inline in the mobile nav bar. After a failed attempt
 * the username stays (ui-brief) and the password is emptied, ready for the next try once the 'Login error' popover
 * closes; the button is disabled while a sign-in is pending.
 */
export function SignInForm({ idPrefix, onSignedIn }: { idPrefix: string; onSignedIn?: () => void }) {
  const { t } = useI18n();
  const { signIn, state } = useClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [retry, setRetry] = useState(false);
  const popoverOpen = state.popovers.length > 0;
  const wasOpen = useRef(popoverOpen);
  const passwordId = `${idPrefix}-password`;

  // Once the error popover has handed focus back (to the body, as it blurred the form), the password field takes it.
  useEffect(() => {
    const closed = wasOpen.current && !popoverOpen;
    wasOpen.current = popoverOpen;
    if (!retry || !closed) return;
    setRetry(false);
    const timer = setTimeout(() => document.getElementById(passwordId)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [popoverOpen, retry, passwordId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.authenticating) return;
    const signedIn = await signIn(username, password);
    setPassword('');
    if (signedIn) onSignedIn?.();
    else if (username.trim() !== '') setRetry(true);
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
        />
        <Button type="submit" variant="contained" disabled={state.authenticating}>
          {t('signIn.submit')}
        </Button>
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
