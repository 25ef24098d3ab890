import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { WarningPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { getWarning, markWarningSeen } from './safety-api.ts';
import './i18n.ts';

/**
 * A moderator's warning (decisions §10): on the next visit a signed-in player with an unseen warning sees it once
 * in a dialog; closing it marks it seen.
 */
export function WarningDialog() {
  const { t } = useI18n();
  const { api, state } = useClient();
  const id = useId();
  const userId = state.user?.id ?? null;
  const [warning, setWarning] = useState<WarningPayload | null>(null);

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    getWarning(api)
      .then((answer) => live && setWarning(answer.warning))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, userId]);

  const close = () => {
    if (warning) void markWarningSeen(api, warning.id).catch(() => undefined);
    setWarning(null);
  };

  return (
    <Dialog open={warning !== null} onClose={close} aria-labelledby={`${id}-title`} maxWidth="xs" data-warning>
      <DialogTitle id={`${id}-title`}>{t('safety.warning.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-wrap' }}>{warning?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close} autoFocus>
          {t('safety.warning.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
