import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  EMAIL_MAX,
  NAME_MAX,
  PHOTO_ACCEPT,
  PASSWORD_MIN,
  SETTINGS_PASSWORD_MAX,
  TEAM_NAME_MAX,
  fail,
  isAcceptedFileType,
  message,
  ok,
  validateConsoleUpdate,
  validatePasswordChange,
  validateProfileUpdate,
  validateTeamsUpdate,
  type UserPayload,
} from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { useOpenSignIn } from '../../../components/header/use-open-sign-in.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import type { Credentials } from '../../../lib/api-client.ts';
import { AccountPage, twoColumns } from '../account-layout.tsx';
import { changePassword } from './change-password.ts';
import { ConsoleFields, consoleFieldIds, type ConsoleChoice } from '../shared/console-fields.tsx';
import { GuardianSection } from '../guardian-status/guardian-status.tsx';
import { PhotoInput } from '../shared/photo-input.tsx';
import { PrivacySection } from './privacy-settings.tsx';
import { SessionsSection } from './signed-in-sessions.tsx';
import { NotificationsSection } from './notification-settings.tsx';
import { setProfilePicture } from './set-profile-picture.ts';
import { SettingsSection, SettingsTextFields, settingsFieldId, useSettingsForm } from './settings-section.tsx';
import { TeamInput } from '../shared/team-input.tsx';
import { updateConsole } from './update-console.ts';
import { updateProfile } from './update-profile.ts';
import { updateTeams } from './update-teams.ts';
import { BlockedPlayersSection } from '../../../components/safety/blocked-players.tsx';

/** Change password (docs/product.md#screens-and-routes, docs/product.md#validation): current, new and repeated password; the answer's new session replaces this one. */
function PasswordSection({
  user,
  onNewSession,
}: {
  user: UserPayload;
  onNewSession(pair: Credentials): Promise<void>;
}) {
  const { t, tm } = useI18n();
  const { api } = useClient();
  const settings = useSettingsForm({
    initial: { current_password: '', new_password: '', repeat_password: '' },
    validate: validatePasswordChange,
    fieldOf: (code) =>
      settingsFieldId(
        code === 'passwordRequired'
          ? 'current_password'
          : code === 'passwordMismatch'
            ? 'repeat_password'
            : 'new_password',
      ),
    refusedFieldOf: (code) => (code === 'wrongCurrentPassword' ? settingsFieldId('current_password') : null),
    send: async (value, form) => {
      const answer = await changePassword(api, { ...value, repeat_password: form.repeat_password });
      await onNewSession({ id: answer.id, token: answer.token });
    },
    clearOnSave: true,
  });

  return (
    <SettingsSection
      id="settings-password"
      title={t('account.settings.password')}
      settings={settings}
      submitLabel={t('account.settings.passwordSubmit')}
      savedText={tm('passwordChanged')}
    >
      {/* Lets password managers know whose password changes. */}
      <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
      <SettingsTextFields
        settings={settings}
        fields={[
          {
            name: 'current_password',
            label: t('account.settings.currentPassword'),
            type: 'password',
            autoComplete: 'current-password',
            maxLength: SETTINGS_PASSWORD_MAX,
          },
          {
            name: 'new_password',
            label: t('account.settings.newPassword'),
            type: 'password',
            autoComplete: 'new-password',
            helperText: t('account.settings.passwordHelp', { min: PASSWORD_MIN }),
            maxLength: SETTINGS_PASSWORD_MAX,
          },
          {
            name: 'repeat_password',
            label: t('account.settings.repeatNewPassword'),
            type: 'password',
            autoComplete: 'new-password',
            maxLength: SETTINGS_PASSWORD_MAX,
          },
        ]}
      />
    </SettingsSection>
  );
}

/**
 * Personal info (docs/product.md#screens-and-routes, docs/product.md#validation): first name, last name and e-mail, filled in from the signed-in user. A new e-mail
 * address asks for the current password and changes only when the link sent to it is opened (docs/rules.md
 * "Account changes"): the field shows the address in force again and the success line says where the link went.
 */
function PersonalSection({ user }: { user: UserPayload }) {
  const { t, tm } = useI18n();
  const { api, refreshUser } = useClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const changesEmail = (email: string) => email.trim().toLowerCase() !== user.email.toLowerCase();
  const settings = useSettingsForm({
    initial: { first_name: user.first_name, last_name: user.last_name, email: user.email, password: '' },
    validate: (form) => {
      const checked = validateProfileUpdate({ ...form, current_password: form.password });
      return checked.ok && changesEmail(form.email) && form.password === '' ? fail('passwordRequired') : checked;
    },
    fieldOf: (code) =>
      settingsFieldId(
        code === 'lastNameTooShort' || code === 'lastNameTooLong' || code === 'lastNameContactDetails'
          ? 'last_name'
          : code === 'invalidEmail' || code === 'emailInUse'
            ? 'email'
            : code === 'passwordRequired' || code === 'wrongCurrentPassword'
              ? 'password'
              : 'first_name',
      ),
    send: async (value) => {
      const answer = await updateProfile(api, value);
      setSentTo(answer.pending_email ?? null);
    },
    formAfterSave: (form) => ({ ...form, email: user.email, password: '' }),
    afterSave: refreshUser,
  });

  return (
    <SettingsSection
      id="settings-personal"
      title={t('account.settings.personal')}
      settings={settings}
      submitLabel={t('account.settings.personalSubmit')}
      savedText={sentTo === null ? tm('personalInfoSaved') : tm(message('emailChangeSent', { email: sentTo }))}
    >
      <SettingsTextFields
        settings={settings}
        fields={[
          { name: 'first_name', label: t('account.field.firstName'), autoComplete: 'given-name', maxLength: NAME_MAX },
          { name: 'last_name', label: t('account.field.lastName'), autoComplete: 'family-name', maxLength: NAME_MAX },
          {
            name: 'email',
            label: t('account.field.email'),
            type: 'email',
            autoComplete: 'email',
            maxLength: EMAIL_MAX,
          },
          ...(changesEmail(settings.form.email)
            ? [
                {
                  name: 'password' as const,
                  label: t('account.settings.emailPassword'),
                  type: 'password',
                  autoComplete: 'current-password',
                  maxLength: SETTINGS_PASSWORD_MAX,
                  helperText: t('account.settings.emailPasswordHelp'),
                },
              ]
            : []),
        ]}
      />
    </SettingsSection>
  );
}

/** Profile image (docs/product.md#screens-and-routes, docs/product.md#calls): the current avatar, a JPEG or PNG with a preview, sent as multipart `photo`. */
function ImageSection({ user }: { user: UserPayload }) {
  const { t } = useI18n();
  const { api, refreshUser } = useClient();
  const settings = useSettingsForm<{ file: File | null }, File>({
    initial: { file: null },
    validate: ({ file }) =>
      file === null ? null : isAcceptedFileType(file, PHOTO_ACCEPT) ? ok(file) : fail('photoType'),
    // No field to mark: the message names the file type, and a refusal's message has been shown by the client.
    fieldOf: () => null,
    send: (file) => setProfilePicture(api, file),
    clearOnSave: true,
    // A file the server refused is not offered for upload again.
    clearOnRefusal: true,
    afterSave: refreshUser,
  });

  return (
    <SettingsSection
      id="settings-image"
      title={t('account.settings.image')}
      settings={settings}
      submitLabel={t('account.settings.imageSubmit')}
      submitDisabled={!settings.form.file}
      savedText={t('account.settings.imageSaved')}
    >
      <PhotoInput
        id="settings-photo"
        label={t('account.settings.imageCurrent')}
        file={settings.form.file}
        onChange={(next) => settings.change('file', next)}
        current={<UserAvatar username={user.username} avatarHash={user.avatar_hash} size={64} />}
      />
    </SettingsSection>
  );
}

/** Console and gamer tag (docs/product.md#screens-and-routes, docs/product.md#validation): PlayStation only this season, so choosing Xbox shows the notice at once. */
function ConsoleSection({ user }: { user: UserPayload }) {
  const { t, tm } = useI18n();
  const { api, refreshUser } = useClient();
  const ids = consoleFieldIds('settings');
  const settings = useSettingsForm({
    initial: { console: String(user.console) as ConsoleChoice, gamer_tag: user.gamer_tag },
    validate: validateConsoleUpdate,
    fieldOf: (code) => (code === 'consoleRequired' || code === 'playstationOnly' ? ids.console : ids.gamerTag),
    send: (value) => updateConsole(api, value),
    afterSave: refreshUser,
  });
  const { invalidId } = settings;

  return (
    <SettingsSection
      id="settings-console"
      title={t('account.settings.console')}
      settings={settings}
      submitLabel={t('account.settings.consoleSubmit')}
      savedText={tm('consoleInfoSaved')}
    >
      <ConsoleFields
        idPrefix="settings"
        console={settings.form.console}
        gamerTag={settings.form.gamer_tag}
        onConsole={(value) => settings.change('console', value, ids.console)}
        onGamerTag={(value) => settings.change('gamer_tag', value, ids.gamerTag)}
        invalid={invalidId === ids.console ? 'console' : invalidId === ids.gamerTag ? 'gamer_tag' : null}
      />
    </SettingsSection>
  );
}

/**
 * IRL and FIFA teams, changeable after sign-up with sign-up's rule (domain `teamsError`): both required, 100
 * characters each; the names get the same suggestions as at sign-up.
 */
function TeamsSection({ user }: { user: UserPayload }) {
  const { t, tm } = useI18n();
  const { api, refreshUser } = useClient();
  const irlId = settingsFieldId('irl_team');
  const fifaId = settingsFieldId('fifa_team');
  const settings = useSettingsForm({
    initial: { irl_team: user.team.name, fifa_team: user.fifa_team_name },
    validate: validateTeamsUpdate,
    fieldOf: (code, form) => {
      const irl = form.irl_team.trim();
      if (code === 'teamsRequired') return irl === '' ? irlId : fifaId;
      if (code === 'teamNameTooLong') return irl.length > TEAM_NAME_MAX ? irlId : fifaId;
      // The server's refusal of contact details (docs/rules.md "Player text") names its field.
      if (code === 'irlTeamContactDetails') return irlId;
      if (code === 'fifaTeamContactDetails') return fifaId;
      return null;
    },
    send: (value) => updateTeams(api, value),
    afterSave: refreshUser,
  });

  return (
    <SettingsSection
      id="settings-teams"
      title={t('account.settings.teams')}
      settings={settings}
      submitLabel={t('account.settings.teamsSubmit')}
      savedText={tm('teamsSaved')}
    >
      <Stack spacing={2}>
        <TeamInput
          id={irlId}
          label={t('account.field.irlTeam')}
          helperText={t('account.field.irlTeamHelp')}
          value={settings.form.irl_team}
          onChange={(value) => settings.change('irl_team', value, irlId)}
          invalid={settings.invalidId === irlId}
        />
        <TeamInput
          id={fifaId}
          label={t('account.field.fifaTeam')}
          helperText={t('account.field.fifaTeamHelp')}
          value={settings.form.fifa_team}
          onChange={(value) => settings.change('fifa_team', value, fifaId)}
          invalid={settings.invalidId === fifaId}
        />
      </Stack>
    </SettingsSection>
  );
}

/** Signed out (docs/product.md#screens-and-routes): the placeholder text and a way to sign in or sign up. */
function SignedOut() {
  const { t, tm } = useI18n();
  const openSignIn = useOpenSignIn();

  return (
    <AccountPage title={tm('mustLogInToView')} intro={t('account.settings.signedOutHint')}>
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
 * /settings (docs/product.md#screens-and-routes): change password, personal info, profile image, console and gamer tag, and the teams, each validated by its
 * domain validator first; then "Notifications" and "Where you're signed in". Signed-out visitors see 'You must log in to view this page'.
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
          <UserAvatar username={user.username} avatarHash={user.avatar_hash} size={28} decorative />
          {t('account.settings.signedInAs', { username: user.username })}
        </Box>
      }
      width="lg"
    >
      <Box sx={twoColumns}>
        <PasswordSection user={user} onNewSession={onNewSession} />
        <PersonalSection user={user} />
        <PrivacySection user={user} />
        <ImageSection user={user} />
        <ConsoleSection user={user} />
        <GuardianSection />
        <TeamsSection user={user} />
        <NotificationsSection />
        <SessionsSection />
        <BlockedPlayersSection />
      </Box>
    </AccountPage>
  );
}
