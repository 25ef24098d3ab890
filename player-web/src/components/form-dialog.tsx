import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useI18n } from '../i18n/i18n.tsx';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** The text of the submit button. */
  submitLabel: string;
  /** An icon before the submit text; a spinner takes its place while the form is being sent. */
  submitIcon?: ReactNode;
  /** The submit button is disabled, e.g. until a reason is chosen. */
  submitDisabled?: boolean;
  maxWidth?: 'xs' | 'sm';
  onClose(): void;
  /**
   * Checks and sends the form. Both buttons are disabled and the dialog stays open until it settles; it closes
   * itself by calling `onClose`. A refusal is the caller's to show (the Error popover) and keeps what was typed;
   * the promise never rejects.
   */
  onSubmit(): Promise<void> | void;
  children: ReactNode;
}

/**
 * The shell of every dialog that asks for a short form (a report, a reason, evidence): a title, the fields, and
 * Cancel beside the submit button. One send at a time: a second submit while the first is pending does nothing,
 * and the dialog cannot be dismissed meanwhile.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  submitIcon,
  submitDisabled = false,
  maxWidth = 'xs',
  onClose,
  onSubmit,
  children,
}: FormDialogProps) {
  const { t } = useI18n();
  const id = useId();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await onSubmit();
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth={maxWidth}
      slotProps={{ paper: { component: 'form', onSubmit: (event: FormEvent) => void submit(event) } }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending || submitDisabled}
          startIcon={pending && submitIcon ? <CircularProgress size={18} color="inherit" aria-hidden /> : submitIcon}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
