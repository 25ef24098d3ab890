import { useState } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useI18n } from '../i18n/i18n.tsx';
import { applyUpdate } from '../lib/service-worker.ts';
import './update-i18n.ts';

/**
 * After a deploy, once the new version's service worker is installed: "A new version of eCup is available." with
 * Reload, which loads it. It stays until chosen, so a player in the middle of a match reloads when it suits them.
 * Shown (and its code loaded) only while a new version waits: see useUpdateWaiting.
 */
export function UpdatePrompt() {
  const { t } = useI18n();
  const [reloading, setReloading] = useState(false);
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={t('update.available')}
      action={
        // The snackbar's own text colour: it is drawn in the opposite scheme, where the theme's green is too faint.
        <Button
          color="inherit"
          size="small"
          sx={{ fontWeight: 700 }}
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          {t('update.reload')}
        </Button>
      }
    />
  );
}
