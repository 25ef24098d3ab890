import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { validatePrivacyUpdate, type UserPayload } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { SettingsSection, settingsFieldId, useSettingsForm } from './settings-section.tsx';
import { updatePrivacy } from './update-privacy.ts';
import './privacy-i18n.ts';

/**
 * Settings → privacy: an adult may hide their first and last name from others (docs/rules.md "What others see of a
 * player"); shown by default. A minor's name is hidden anyway.
 */
export function PrivacySection({ user }: { user: UserPayload }) {
  const { t, tm } = useI18n();
  const { api, refreshUser } = useClient();
  const fieldId = settingsFieldId('hide_real_name');
  const settings = useSettingsForm({
    initial: { hide_real_name: user.hide_real_name },
    validate: validatePrivacyUpdate,
    fieldOf: () => fieldId,
    send: (value) => updatePrivacy(api, value),
    afterSave: refreshUser,
  });

  return (
    <SettingsSection
      id="settings-privacy"
      title={t('account.privacy.title')}
      settings={settings}
      submitLabel={t('account.privacy.submit')}
      savedText={tm('privacySaved')}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('account.privacy.intro')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            id={fieldId}
            name="hide_real_name"
            checked={settings.form.hide_real_name}
            onChange={(event) => settings.change('hide_real_name', event.target.checked, fieldId)}
          />
        }
        label={t('account.privacy.hideRealName')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('account.privacy.minorNote')}
      </Typography>
    </SettingsSection>
  );
}
