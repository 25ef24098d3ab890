import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  EMAIL_MAX,
  MESSAGES,
  NAME_MAX,
  PHOTO_ACCEPT,
  SETTINGS_PASSWORD_MAX,
  SETTINGS_PASSWORD_MIN,
  isAcceptedFileType,
  validateConsoleUpdate,
  validatePasswordChange,
  validateProfileUpdate,
  type UserPayload,
} from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { usePageTitle } from '../../app/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Credentials } from '../../lib/api-client.ts';
import { AccountPage, FormActions, FormSection, SubmitButton, twoColumns } from './account-layout.tsx';
import { changePassword } from './change-password.ts';
import { ConsoleFields, consoleFieldIds, type ConsoleChoice } from './console-fields.tsx';
import { PhotoInput } from './photo-input.tsx';
import { setProfilePicture } from './set-profile-picture.ts';
import { updateConsole } from './update-console.ts';
import { updateProfile } from './update-profile.ts';
import { useFocusAfterPopover } from './use-focus-after-popover.ts';

/** The success line under a settings form; announced politely, gone once the form is edited again. */
function Saved({ children }: { children: ReactNode }) {
  return (
    <Alert severity="success" role="status" sx={{ mt: 2 }}>
      {children}
    </Alert>
  );
}

/** A form's Error popover with a domain or server message, marking the field it is about. */
function useFail() {
  const { popover } = useClient();
  const { tm } = useI18n();
  const [invalidId, setInvalidId] = useFocusAfterPopover();
  const fail = (message: string, fieldId: string | null) => {
    setInvalidId(fieldId);
    popover(tm(MESSAGES.errorTitle), tm(message));
  };
  return { invalidId, setInvalidId, fail };
}

/** Change password (spec §2, §5): current, new and repeated password; the answer's new session replaces this one. */
function PasswordSection({
  user,
  onNewSession,
}: {
  user: UserPayload;
  onNewSession(pair: Credentials): Promise<void>;
}) {
  const { t, tm } = useI18n();
  const { api } = useClient();
  const { invalidId, setInvalidId, fail } = useFail();
  const empty = { current_password: '', new_password: '', repeat_password: '' };
  const [form, setForm] = useState(empty);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const id = (name: keyof typeof empty) => `settings-${name}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validatePasswordChange(form);
    if (!checked.ok) {
      const field =
        checked.error === MESSAGES.passwordRequired
          ? 'current_password'
          : checked.error === MESSAGES.passwordMismatch
            ? 'repeat_password'
            : 'new_password';
      fail(checked.error, id(field));
      return;
    }
    setPending(true);
    try {
      const answer = await changePassword(api, { ...checked.value, repeat_password: form.repeat_password });
      await onNewSession({ id: answer.id, token: answer.token });
      setForm(empty);
      setSaved(true);
    } catch (error) {
      if (error instanceof Error && error.message === MESSAGES.wrongCurrentPassword)
        setInvalidId(id('current_password'));
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof typeof empty, label: string, autoComplete: string, helperText?: string) => (
    <TextField
      id={id(name)}
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      helperText={helperText}
      value={form[name]}
      error={invalidId === id(name)}
      onChange={(event) => {
        setForm((previous) => ({ ...previous, [name]: event.target.value }));
        setSaved(false);
        if (invalidId === id(name)) setInvalidId(null);
      }}
      slotProps={{ htmlInput: { maxLength: SETTINGS_PASSWORD_MAX } }}
    />
  );

  return (
    <FormSection id="settings-password" title={t('account.settings.password')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.settings.password')}>
        {/* Lets password managers know whose password changes. */}
        <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
        <Stack spacing={2}>
          {field('current_password', t('account.settings.currentPassword'), 'current-password')}
          {field(
            'new_password',
            t('account.settings.newPassword'),
            'new-password',
            t('account.settings.passwordHelp', { min: SETTINGS_PASSWORD_MIN }),
          )}
          {field('repeat_password', t('account.settings.repeatNewPassword'), 'new-password')}
        </Stack>
        <FormActions>
          <SubmitButton pending={pending}>{t('account.settings.passwordSubmit')}</SubmitButton>
        </FormActions>
        {saved && <Saved>{tm(MESSAGES.passwordChanged)}</Saved>}
      </Box>
    </FormSection>
  );
}

/** Personal info (spec §2, §5): first name, last name and e-mail, filled in from the signed-in user. */
function PersonalSection({ user }: { user: UserPayload }) {
  const { t, tm } = useI18n();
  const { api, refreshUser } = useClient();
  const { invalidId, setInvalidId, fail } = useFail();
  const [form, setForm] = useState({ first_name: user.first_name, last_name: user.last_name, email: user.email });
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const id = (name: keyof typeof form) => `settings-${name}`;

  function fieldOf(message: string): keyof typeof form {
    if (message === MESSAGES.lastNameTooShort || message === MESSAGES.lastNameTooLong) return 'last_name';
    if (message === MESSAGES.invalidEmail || message === MESSAGES.emailInUse) return 'email';
    return 'first_name';
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateProfileUpdate(form);
    if (!checked.ok) {
      fail(checked.error, id(fieldOf(checked.error)));
      return;
    }
    setPending(true);
    try {
      await updateProfile(api, checked.value);
      setSaved(true);
      await refreshUser();
    } catch (error) {
      if (error instanceof Error && error.message !== '') setInvalidId(id(fieldOf(error.message)));
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof typeof form, label: string, autoComplete: string, maxLength: number, type = 'text') => (
    <TextField
      id={id(name)}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={form[name]}
      error={invalidId === id(name)}
      onChange={(event) => {
        setForm((previous) => ({ ...previous, [name]: event.target.value }));
        setSaved(false);
        if (invalidId === id(name)) setInvalidId(null);
      }}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );

  return (
    <FormSection id="settings-personal" title={t('account.settings.personal')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.settings.personal')}>
        <Stack spacing={2}>
          {field('first_name', t('account.field.firstName'), 'given-name', NAME_MAX)}
          {field('last_name', t('account.field.lastName'), 'family-name', NAME_MAX)}
          {field('email', t('account.field.email'), 'email', EMAIL_MAX, 'email')}
        </Stack>
        <FormActions>
          <SubmitButton pending={pending}>{t('account.settings.personalSubmit')}</SubmitButton>
        </FormActions>
        {saved && <Saved>{tm(MESSAGES.personalInfoSaved)}</Saved>}
      </Box>
    </FormSection>
  );
}

/** Profile image (spec §2, §7): the current avatar, a JPEG or PNG with a preview, sent as multipart `photo`. */
function ImageSection({ user }: { user: UserPayload }) {
  const { t, tm } = useI18n();
  const { api, popover, refreshUser } = useClient();
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || !file) return;
    if (!isAcceptedFileType(file, PHOTO_ACCEPT)) {
      popover(tm(MESSAGES.errorTitle), tm(MESSAGES.photoType));
      return;
    }
    setPending(true);
    try {
      await setProfilePicture(api, file);
      setFile(null);
      setSaved(true);
      await refreshUser();
    } catch {
      // The client has shown the refusal's message.
    } finally {
      setPending(false);
    }
  }

  return (
    <FormSection id="settings-image" title={t('account.settings.image')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.settings.image')}>
        <PhotoInput
          id="settings-photo"
          label={t('account.settings.imageCurrent')}
          file={file}
          onChange={(next) => {
            setFile(next);
            setSaved(false);
          }}
          current={<UserAvatar username={user.username} avatarHash={user.avatar_hash} size={64} />}
        />
        <FormActions>
          <SubmitButton pending={pending} disabled={!file}>
            {t('account.settings.imageSubmit')}
          </SubmitButton>
        </FormActions>
        {saved && <Saved>{t('account.settings.imageSaved')}</Saved>}
      </Box>
    </FormSection>
  );
}

/** Console and gamer tag (spec §2, §5): PlayStation only this season, so choosing Xbox shows the notice at once. */
function ConsoleSection({ user }: { user: UserPayload }) {
  const { t, tm } = useI18n();
  const { api, refreshUser } = useClient();
  const { invalidId, setInvalidId, fail } = useFail();
  const ids = consoleFieldIds('settings');
  const [console, setConsole] = useState<ConsoleChoice>(String(user.console) as ConsoleChoice);
  const [gamerTag, setGamerTag] = useState(user.gamer_tag);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  const fieldOf = (message: string) =>
    message === MESSAGES.consoleRequired || message === MESSAGES.playstationOnly ? ids.console : ids.gamerTag;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateConsoleUpdate({ console, gamer_tag: gamerTag });
    if (!checked.ok) {
      fail(checked.error, fieldOf(checked.error));
      return;
    }
    setPending(true);
    try {
      await updateConsole(api, checked.value);
      setSaved(true);
      await refreshUser();
    } catch (error) {
      if (error instanceof Error && error.message !== '') setInvalidId(fieldOf(error.message));
    } finally {
      setPending(false);
    }
  }

  return (
    <FormSection id="settings-console" title={t('account.settings.console')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.settings.console')}>
        <ConsoleFields
          idPrefix="settings"
          console={console}
          gamerTag={gamerTag}
          onConsole={(value) => {
            setConsole(value);
            setSaved(false);
            if (invalidId === ids.console) setInvalidId(null);
          }}
          onGamerTag={(value) => {
            setGamerTag(value);
            setSaved(false);
            if (invalidId === ids.gamerTag) setInvalidId(null);
          }}
          invalid={invalidId === ids.console ? 'console' : invalidId === ids.gamerTag ? 'gamer_tag' : null}
        />
        <FormActions>
          <SubmitButton pending={pending}>{t('account.settings.consoleSubmit')}</SubmitButton>
        </FormActions>
        {saved && <Saved>{tm(MESSAGES.consoleInfoSaved)}</Saved>}
      </Box>
    </FormSection>
  );
}

/** Signed out (spec §2): the placeholder text and a way to sign in or sign up. */
function SignedOut() {
  const { t, tm } = useI18n();
  const { openSignIn } = useClient();

  return (
    <AccountPage title={tm(MESSAGES.mustLogInToView)} intro={t('account.settings.signedOutHint')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="contained" size="large" onClick={openSignIn}>
          {t('account.settings.signIn')}
        </Button>
        <Button component={RouterLink} to="/register" variant="outlined" size="large">
          {t('account.settings.register')}
        </Button>
        <Button component={RouterLink} to="/forgot_password" color="inherit">
          {t('signIn.forgot')}
        </Button>
      </Stack>
    </AccountPage>
  );
}

/**
 * /settings (spec §2): change password, personal info, profile image, console and gamer tag, each validated by its
 * domain validator first. Signed-out visitors see 'You must log in to view this page'.
 */
export function Component() {
  const { t } = useI18n();
  const { state } = useClient();
  const { signInWithToken: replaceSession } = useClient();
  usePageTitle(t('account.settings.title'));
  // While a password change swaps the session, the client is briefly signed out; the page keeps showing the user.
  const [heldUser, setHeldUser] = useState<UserPayload | null>(null);
  const user = state.user ?? heldUser;

  if (!user) return state.authenticating ? <LoadingScreen fullScreen={false} /> : <SignedOut />;

  async function onNewSession(pair: Credentials) {
    setHeldUser(state.user);
    try {
      await replaceSession(pair);
    } finally {
      setHeldUser(null);
    }
  }

  return (
    <AccountPage
      title={t('account.settings.title')}
      intro={
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <UserAvatar username={user.username} avatarHash={user.avatar_hash} size={28} />
          {t('account.settings.signedInAs', { username: user.username })}
        </Box>
      }
      width="lg"
    >
      <Box sx={twoColumns}>
        <PasswordSection user={user} onNewSession={onNewSession} />
        <PersonalSection user={user} />
        <ImageSection user={user} />
        <ConsoleSection user={user} />
      </Box>
    </AccountPage>
  );
}
