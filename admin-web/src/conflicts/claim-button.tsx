import type { MouseEvent } from 'react';
import Button from '@mui/material/Button';
import { useGetIdentity, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { AdminConflictRecord } from '@ecup/domain';
import { holdsEveryFlag } from '../auth-provider.ts';

/**
 * Claim an open conflict, or give back one's own claim (docs/api.md "conflicts": `{ action: 'claim' | 'release' }`).
 * Another moderator's claim shows who has it (the server's 409 names them if two moderators click at once); a holder
 * of every flag may release it for a moderator who is away.
 */
export function ClaimButton({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const record = useRecordContext<AdminConflictRecord>();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record || record.solved) return null;
  const mine = identity !== undefined && record.claimed_by?.id === identity.id;
  const overrule = holdsEveryFlag(Number(identity?.permissions ?? 0));
  if (record.claimed_by && !mine && !overrule) return null;
  const action = record.claimed_by ? 'release' : 'claim';

  const run = (event: MouseEvent) => {
    event.stopPropagation();
    void update(
      'conflicts',
      { id: record.id, data: { action }, previousData: record },
      {
        onSuccess: () => {
          notify(action === 'claim' ? 'You are working on this conflict.' : 'The conflict is back in the queue.', {
            type: 'info',
          });
          refresh();
        },
        onError: (error) => {
          notify(error instanceof Error ? error.message : String(error), { type: 'error' });
          refresh();
        },
      },
    );
  };

  return (
    <Button size={size} variant={record.claimed_by ? 'outlined' : 'contained'} onClick={run} disabled={isPending}>
      {record.claimed_by ? 'Release' : 'Claim'}
    </Button>
  );
}
