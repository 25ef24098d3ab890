import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useNotify, usePermissions, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { ADMIN_ACTION_FLAGS, MUTE_DAYS_MAX, hasAll, validateReason, type AdminReportRecord } from '@ecup/domain';
import { BanDialog } from '../users/ban-dialog.tsx';
import { DaysField, useDays } from '../days-field.tsx';
import { TextAreaField } from '../text-area-field.tsx';

type Form = 'warn' | 'mute' | 'hide' | 'ban' | null;

const TITLES: Record<Exclude<Form, 'ban' | null>, (name: string) => string> = {
  warn: (name) => `Warn ${name}`,
  mute: (name) => `Mute ${name}'s chat`,
  hide: () => 'Hide the post',
};

const SUBMITS: Record<Exclude<Form, 'ban' | null>, string> = { warn: 'Send warning', mute: 'Mute', hide: 'Hide post' };

/**
 * What a moderator does with an open item of the queue (docs/api.md "reports"): dismiss, warn (a message the player
 * sees on their next visit), mute their chat for some days, ban them (the users page's ban form), and for a post
 * report hide the post (the reporter's words as the reason unless one is given). Each settles it and is audited.
 * Ban shows only to staff who may ban from the user page (ADMIN_ACTION_FLAGS.ban); the server checks the same.
 */
export function ReportActions() {
  const record = useRecordContext<AdminReportRecord>();
  const { permissions } = usePermissions<number>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState<Form>(null);
  const [message, setMessage] = useState('');
  const days = useDays(3, MUTE_DAYS_MAX);
  const [reason, setReason] = useState('');
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
  const reasonValid = reason.trim() === '' || validateReason({ reason }).ok;
  const canSubmit =
    form === 'warn' ? message.trim() !== '' : form === 'mute' ? days.valid : form === 'hide' ? reasonValid : false;
  const submit = () => {
    if (form === 'warn') send({ action: 'warn', message: message.trim() }, `${name} is warned.`);
    if (form === 'mute') send({ action: 'mute', days: days.count }, `${name}'s chat is muted.`);
    if (form === 'hide') {
      send(
        reason.trim() === '' ? { action: 'hide' } : { action: 'hide', reason: reason.trim() },
        'The post is hidden.',
      );
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          disabled={isPending}
          onClick={() =>
            send({ action: 'dismiss' }, record.kind === 'flag' ? 'The flag is dismissed.' : 'The report is dismissed.')
          }
        >
          Dismiss
        </Button>
        {record.post && !record.post.hidden && (
          <Button variant="outlined" color="error" onClick={() => setForm('hide')}>
            Hide post
          </Button>
        )}
        <Button variant="outlined" color="warning" onClick={() => setForm('warn')}>
          Warn
        </Button>
        <Button variant="outlined" color="warning" onClick={() => setForm('mute')}>
          Mute chat
        </Button>
        {hasAll(permissions, ADMIN_ACTION_FLAGS.ban) && (
          <Button variant="outlined" color="error" onClick={() => setForm('ban')}>
            Ban
          </Button>
        )}
      </Stack>
      <Dialog open={form !== null && form !== 'ban'} onClose={() => setForm(null)} fullWidth maxWidth="xs">
        <DialogTitle>{form && form !== 'ban' ? TITLES[form](name) : ''}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {form === 'warn' && (
              <TextAreaField
                label="Warning"
                value={message}
                onChange={setMessage}
                minRows={3}
                required
                helperText="Up to 500 characters; the player sees it once on their next visit"
              />
            )}
            {form === 'mute' && <DaysField days={days} />}
            {form === 'hide' && (
              <TextAreaField
                label="Reason"
                value={reason}
                onChange={setReason}
                minRows={2}
                error={!reasonValid}
                helperText="3-500 characters; empty uses the reporter's words"
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setForm(null)}>Cancel</Button>
          <Button
            variant="contained"
            color={form === 'hide' ? 'error' : 'warning'}
            disabled={isPending || !canSubmit}
            onClick={submit}
          >
            {form && form !== 'ban' ? SUBMITS[form] : ''}
          </Button>
        </DialogActions>
      </Dialog>
      <BanDialog
        open={form === 'ban'}
        name={name}
        pending={isPending}
        onClose={() => setForm(null)}
        onBan={(data) => send({ action: 'ban', ...data }, `${name} is banned.`)}
      />
    </>
  );
}
