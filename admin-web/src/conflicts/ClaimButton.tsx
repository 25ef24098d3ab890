import type { MouseEvent } from 'react';
import Button from '@mui/material/Button';
import { useGetIdentity, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { AdminConflictRecord } from '@ecup/domain';

/**
 * Claim an open conflict, or give back one's own claim (docs/api.md "conflicts": `{ action: 'claim' | 'release' }`).
 * Another moderator's claim shows who has it; the server's 409 names them if two moderators click at once.
 */
export function ClaimButton({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const record = useRecordContext<AdminConflictRecord>();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record || record.solved) return null;
  const mine = identity !== undefined && record.claimed_by?.id === identity.id;
  if (record.claimed_by && !mine) return null;
  const action = mine ? 'release' : 'claim';

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
    <Button size={size} variant={mine ? 'outlined' : 'contained'} onClick={run} disabled={isPending}>
      {mine ? 'Release' : 'Claim'}
    </Button>
  );
}
