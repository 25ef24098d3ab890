import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES, RESET_PASSWORD_MAX, RESET_PASSWORD_MIN, validateResetPassword } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { usePageTitle } from '../../app/use-page-title.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AccountPage, FormActions, SubmitButton } from './account-layout.tsx';
import { resetPassword } from './reset-password.ts';
import { useFocusAfterPopover } from './use-focus-after-popover.ts';

const PASSWORD_ID = 'reset-password';
const REPEAT_ID = 'reset-repeat_password';

/**
 * /resetpassword/{id}/{uid}/{token} (spec §2, §4, §5): a new password and its repeat. After a successful reset the
 * player is signed in with the returned token and goes to /.
 */
export function Component() {
  const { t, tm } = useI18n();
  const { api, popover } = useClient();
  const { id, uid, token } = useParams();
  const navigate = useNavigate();
  const { signInWithToken: replaceSession } = useClient();
  const [invalidId, setInvalidId] = useFocusAfterPopover();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [pending, setPending] = useState(false);
  usePageTitle(t('account.reset.title'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateResetPassword({ id, uid, token, password, repeat_password: repeat });
    if (!checked.ok) {
      setInvalidId(
        checked.error === MESSAGES.resetPasswordMismatch
          ? REPEAT_ID
          : checked.error === MESSAGES.resetLinkInvalid
            ? null
            : PASSWORD_ID,
      );
      popover(tm(MESSAGES.errorTitle), tm(checked.error));
      return;
    }
    setPending(true);
    try {
      const answer = await resetPassword(api, checked.value);
      await replaceSession({ id: answer.id, token: answer.token });
      navigate('/', { replace: true });
    } catch {
      // The client has shown the refusal's message.
      setPending(false);
    }
  }

  return (
    <AccountPage title={t('account.reset.title')} intro={t('account.reset.intro', { min: RESET_PASSWORD_MIN })}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.reset.title')}>
        <Stack spacing={2}>
          <TextField
            id={PASSWORD_ID}
            name="password"
            type="password"
            label={t('account.reset.password')}
            autoComplete="new-password"
            value={password}
            error={invalidId === PASSWORD_ID}
            onChange={(event) => {
              setPassword(event.target.value);
              if (invalidId === PASSWORD_ID) setInvalidId(null);
            }}
            slotProps={{ htmlInput: { maxLength: RESET_PASSWORD_MAX } }}
          />
          <TextField
            id={REPEAT_ID}
            name="repeat_password"
            type="password"
            label={t('account.reset.repeat')}
            autoComplete="new-password"
            value={repeat}
            error={invalidId === REPEAT_ID}
            onChange={(event) => {
              setRepeat(event.target.value);
              if (invalidId === REPEAT_ID) setInvalidId(null);
            }}
            slotProps={{ htmlInput: { maxLength: RESET_PASSWORD_MAX } }}
          />
        </Stack>
        <FormActions>
          <SubmitButton pending={pending}>{t('account.reset.submit')}</SubmitButton>
        </FormActions>
      </Box>
    </AccountPage>
  );
}
