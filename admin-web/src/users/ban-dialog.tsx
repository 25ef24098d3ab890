import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { BAN_DAYS_MAX, validateReason } from '@ecup/domain';
import { DaysField, useDays } from '../days-field.tsx';
import { TextAreaField } from '../text-area-field.tsx';

/** What the ban form sends (docs/decisions.md#permissions): a reason and a number of days, or for ever. */
export type BanData = { reason: string; days: number } | { reason: string; permanent: true };

/**
 * The console's one ban form (canBanUsers): a reason the player sees (3-500 characters) and 1-BAN_DAYS_MAX days or
 * permanent. Used by the user page and by a report's page; the caller sends the `{ action: 'ban', ... }` update.
 */
export function BanDialog({
  open,
  name,
  pending,
  onClose,
  onBan,
}: {
  open: boolean;
  name: string;
  pending: boolean;
  onClose: () => void;
  onBan: (data: BanData) => void;
}) {
  const [reason, setReason] = useState('');
  const days = useDays(7, BAN_DAYS_MAX);
  const [permanent, setPermanent] = useState(false);
  const daysValid = permanent || days.valid;
  const reasonValid = validateReason({ reason }).ok;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Ban {name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextAreaField
            label="Reason"
            value={reason}
            onChange={setReason}
            minRows={2}
            required
            helperText="3-500 characters; the player sees it"
          />
          <FormControlLabel
            control={<Switch checked={permanent} onChange={(event) => setPermanent(event.target.checked)} />}
            label="Permanent"
          />
          {!permanent && <DaysField days={days} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={pending || !daysValid || !reasonValid}
          onClick={() =>
            onBan(permanent ? { reason: reason.trim(), permanent: true } : { reason: reason.trim(), days: days.count })
          }
        >
          Ban
        </Button>
      </DialogActions>
    </Dialog>
  );
}
