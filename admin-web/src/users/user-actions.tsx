import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Gavel from '@mui/icons-material/Gavel';
import LockOpen from '@mui/icons-material/LockOpen';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import { useNotify, usePermissions, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { ADMIN_ACTION_FLAGS, PERMISSION_NAMES, PERMISSIONS, hasAll, type AdminUserRecord } from '@ecup/domain';
import { BanDialog } from './ban-dialog.tsx';

/** Sends one `{ action }` update of the users resource and refreshes the page (docs/api.md "users"). */
export function useUserAction(onDone: () => void) {
  const record = useRecordContext<AdminUserRecord>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const send = (data: Record<string, unknown>, success: string) => {
    if (!record) return;
    update(
      'users',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(success, { type: 'success' });
          onDone();
          refresh();
        },
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );
  };
  return { record, send, isPending };
}

/** Ban with a reason and a number of days or for ever (canBanUsers); unban when a ban is in force. */
export function BanButton() {
  const [open, setOpen] = useState(false);
  const { record, send, isPending } = useUserAction(() => setOpen(false));
  if (!record) return null;
  if (record.banned) {
    return (
      <Button
        startIcon={<LockOpen />}
        disabled={isPending}
        onClick={() => send({ action: 'unban' }, `${record.username} is no longer banned.`)}
      >
        Unban
      </Button>
    );
  }
  return (
    <>
      <Button color="error" startIcon={<Gavel />} onClick={() => setOpen(true)}>
        Ban
      </Button>
      <BanDialog
        open={open}
        name={record.username}
        pending={isPending}
        onClose={() => setOpen(false)}
        onBan={(data) => send({ action: 'ban', ...data }, `${record.username} is banned.`)}
      />
    </>
  );
}

/** The permission flags editor: holders of every flag only (docs/decisions.md#permissions). */
export function PermissionsButton() {
  const [open, setOpen] = useState(false);
  const [bits, setBits] = useState(0);
  const { record, send, isPending } = useUserAction(() => setOpen(false));
  if (!record) return null;
  return (
    <>
      <Button
        startIcon={<AdminPanelSettings />}
        onClick={() => {
          setBits(record.permissions);
          setOpen(true);
        }}
      >
        Permissions
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Permissions of {record.username}</DialogTitle>
        <DialogContent>
          <FormGroup>
            {PERMISSION_NAMES.map((name) => (
              <FormControlLabel
                key={name}
                label={name}
                control={
                  <Checkbox
                    checked={(bits & PERMISSIONS[name]) !== 0}
                    onChange={(event) =>
                      setBits(event.target.checked ? bits | PERMISSIONS[name] : bits & ~PERMISSIONS[name])
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={isPending || bits === record.permissions}
            onClick={() => send({ action: 'permissions', permissions: bits }, 'Permissions saved.')}
          >
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The user page's actions, each shown only to staff who may use it (ADMIN_ACTION_FLAGS). */
export function UserActions() {
  const { permissions } = usePermissions<number>();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', py: 1 }}>
      {hasAll(permissions, ADMIN_ACTION_FLAGS.ban) && <BanButton />}
      {hasAll(permissions, ADMIN_ACTION_FLAGS.permissions) && <PermissionsButton />}
    </Stack>
  );
}
