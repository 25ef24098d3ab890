import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { WarningPayload } from '@ecup/domain';
import { useI18n } from '../../i18n/i18n.tsx';
import './i18n.ts';

export interface WarningDialogViewProps {
  warning: WarningPayload;
  open: boolean;
  onClose: () => void;
}

/** The dialog of a moderator's warning; its code (MUI's Dialog and Modal) arrives only for a player who has one. */
export function WarningDialogView({ warning, open, onClose }: WarningDialogViewProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" data-warning>
      <DialogTitle id={`${id}-title`}>{t('safety.warning.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-wrap' }}>{warning.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('safety.warning.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
