import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_MAX, FORGOT_USERNAME_MAX, validateForgotPassword } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { AccountPage, FormActions, SubmitButton } from '../account-layout.tsx';
import { forgotPassword, type ForgotPasswordResponse } from './forgot-password.ts';
import { useFocusAfterPopover } from '../use-focus-after-popover.ts';

const USERNAME_ID = 'forgot-username';
const EMAIL_ID = 'forgot-email';

/**
 * /forgot_password (docs/product.md#screens-and-routes, docs/product.md#validation): username and e-mail. Empty fields get the spec's 'There is no user with that …'
 * in the Error popover; once sent, the form gives way to 'Done!' and the message that an e-mail is on its way.
 */
export function Component() {
  const { t, tm } = useI18n();
  const { api, popover } = useClient();
  const [invalidId, setInvalidId] = useFocusAfterPopover();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<ForgotPasswordResponse | null>(null);
  usePageTitle(done ? tm('done') : t('account.forgot.title'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateForgotPassword({ username, email });
    if (!checked.ok) {
      setInvalidId(checked.code === 'noUserWithUsername' ? USERNAME_ID : EMAIL_ID);
      popover(tm('errorTitle'), tm(checked));
      return;
    }
    setPending(true);
    try {
      setDone(await forgotPassword(api, checked.value));
    } catch {
      // The client has shown the refusal's message.
      setPending(false);
    }
  }

  if (done) {
    return (
      <AccountPage title={tm('done')}>
        <Box role="status">
          <Typography sx={{ mb: 3 }}>{tm('forgotPasswordSent')}</Typography>
        </Box>
        <Button component={RouterLink} to="/" variant="contained">
          {t('account.forgot.home')}
        </Button>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={t('account.forgot.title')} intro={t('account.forgot.intro')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.forgot.title')}>
        <Stack spacing={2}>
          <TextField
            id={USERNAME_ID}
            name="username"
            label={t('account.field.username')}
            autoComplete="username"
            value={username}
            error={invalidId === USERNAME_ID}
            onChange={(event) => {
              setUsername(event.target.value);
              if (invalidId === USERNAME_ID) setInvalidId(null);
            }}
            slotProps={{ htmlInput: { maxLength: FORGOT_USERNAME_MAX, autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            id={EMAIL_ID}
            name="email"
            type="email"
            label={t('account.field.email')}
            autoComplete="email"
            value={email}
            error={invalidId === EMAIL_ID}
            onChange={(event) => {
              setEmail(event.target.value);
              if (invalidId === EMAIL_ID) setInvalidId(null);
            }}
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX, autoCapitalize: 'none', spellCheck: false } }}
          />
        </Stack>
        <FormActions>
          <SubmitButton pending={pending}>{t('account.forgot.submit')}</SubmitButton>
        </FormActions>
      </Box>
    </AccountPage>
  );
}
