import { useId, useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { FORUM_REASON_MAX, validateReason } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
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

  const submit = async () => {
    const form = validateReason({ reason });
    if (!form.ok) {
      popover(tm('errorTitle'), tm(form));
      return;
    }
    if (await onSubmit(form.value.reason)) {
      setReason('');
      onClose();
    }
  };

  return (
    <FormDialog open={open} title={title} submitLabel={t('forums.send')} onClose={onClose} onSubmit={submit}>
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
    </FormDialog>
  );
}
