import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { BAN_DAYS_MAX, MUTE_DAYS_MAX, type AdminReportRecord } from '@ecup/domain';

type Form = 'warn' | 'mute' | 'ban' | null;

/**
 * What a moderator does with an open report (docs/api.md "reports"): dismiss, warn (a message the player sees on
 * their next visit), mute their chat for some days, or ban them (the users page's ban: a reason, days or for ever).
 * Each settles the report and is audited.
 */
export function ReportActions() {
  const record = useRecordContext<AdminReportRecord>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState<Form>(null);
  const [message, setMessage] = useState('');
  const [days, setDays] = useState('3');
  const [reason, setReason] = useState('');
  const [permanent, setPermanent] = useState(false);
  if (!record || record.resolved) return null;
  const name = record.reported.username;

  const send = (data: Record<string, unknown>, success: string) => {
    update(
      'reports',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(success, { type: 'success' });
          setForm(null);
          refresh();
        },
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );
  };
  const dayCount = Number(days);
  const max = form === 'ban' ? BAN_DAYS_MAX : MUTE_DAYS_MAX;
  const daysValid = (form === 'ban' && permanent) || (Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= max);

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          disabled={isPending}
          onClick={() => send({ action: 'dismiss' }, 'The report is dismissed.')}
        >
          Dismiss
        </Button>
        <Button variant="outlined" color="warning" onClick={() => setForm('warn')}>
          Warn
        </Button>
        <Button variant="outlined" color="warning" onClick={() => setForm('mute')}>
          Mute chat
        </Button>
        <Button variant="outlined" color="error" onClick={() => setForm('ban')}>
          Ban
        </Button>
      </Stack>
      <Dialog open={form !== null} onClose={() => setForm(null)} fullWidth maxWidth="xs">
        <DialogTitle>
          {form === 'warn' ? `Warn ${name}` : form === 'mute' ? `Mute ${name}'s chat` : `Ban ${name}`}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {form === 'warn' && (
              <TextField
                label="Warning"
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                multiline
                minRows={3}
                required
                autoFocus
                helperText="Up to 500 characters; the player sees it once on their next visit"
              />
            )}
            {form === 'ban' && (
              <>
                <TextField
                  label="Reason"
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  multiline
                  minRows={2}
                  required
                  autoFocus
                  helperText="3-500 characters; the player sees it"
                />
                <FormControlLabel
                  control={<Switch checked={permanent} onChange={(event) => setPermanent(event.target.checked)} />}
                  label="Permanent"
                />
              </>
            )}
            {(form === 'mute' || (form === 'ban' && !permanent)) && (
              <TextField
                label="Days"
                type="number"
                value={days}
                onChange={(event) => setDays(event.target.value)}
                slotProps={{ htmlInput: { min: 1, max } }}
                error={!daysValid}
                helperText={`1-${max}`}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setForm(null)}>Cancel</Button>
          <Button
            variant="contained"
            color={form === 'ban' ? 'error' : 'warning'}
            disabled={
              isPending ||
              (!daysValid && form !== 'warn') ||
              (form === 'warn' && message.trim() === '') ||
              (form === 'ban' && reason.trim().length < 3)
            }
            onClick={() => {
              if (form === 'warn') send({ action: 'warn', message: message.trim() }, `${name} is warned.`);
              if (form === 'mute') send({ action: 'mute', days: dayCount }, `${name}'s chat is muted.`);
              if (form === 'ban') {
                send(
                  permanent
                    ? { action: 'ban', reason: reason.trim(), permanent: true }
                    : { action: 'ban', reason: reason.trim(), days: dayCount },
                  `${name} is banned.`,
                );
              }
            }}
          >
            {form === 'warn' ? 'Send warning' : form === 'mute' ? 'Mute' : 'Ban'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
