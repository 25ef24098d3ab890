import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FORUM_REASON_MAX, MESSAGES, validateForumReason } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';

/**
 * Asks for the reason of a report or of hiding a post. The reason is checked with the API's own validator first;
 * a refusal shows the Error popover and keeps what was typed.
 */
export function ReasonDialog({
  open,
  title,
  text,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  text: string;
  onClose(): void;
  /** Resolves true when the server accepted it. */
  onSubmit(reason: string): Promise<boolean>;
}) {
  const { t, tm } = useI18n();
  const { popover } = useClient();
  const id = useId();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const form = validateForumReason({ reason });
    if (!form.ok) {
      popover(tm(MESSAGES.errorTitle), tm(form.error));
      return;
    }
    setPending(true);
    const done = await onSubmit(form.value.reason);
    setPending(false);
    if (done) {
      setReason('');
      onClose();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', onSubmit: (event: FormEvent) => void submit(event) } }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <TextField
          id={`${id}-reason`}
          label={t('forums.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          multiline
          minRows={2}
          autoFocus
          slotProps={{ htmlInput: { maxLength: FORUM_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('forums.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {t('forums.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
