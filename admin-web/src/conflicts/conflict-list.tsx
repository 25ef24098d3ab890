import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import { FunctionField, NumberField, SelectInput, TextField } from 'react-admin';
import type { AdminConflictRecord } from '@ecup/domain';
import { ClaimButton } from './claim-button.tsx';
import { avatarUrl, formatAge } from './format.ts';
import { WhenField } from '../dates.tsx';
import { QueueList, QueueStatusChip } from '../queue-list.tsx';

const filters = [
  <SelectInput
    key="claimed"
    source="claimed"
    label="Claimed"
    emptyText="Any"
    choices={[
      { id: 'false', name: 'Not claimed' },
      { id: 'true', name: 'Claimed' },
    ]}
  />,
];

function Player({ user }: { user: AdminConflictRecord['user_1'] }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar src={avatarUrl(user.avatar_hash)} alt="" sx={{ width: 24, height: 24, fontSize: 12 }}>
        {user.username.slice(0, 1).toUpperCase()}
      </Avatar>
      <span>{user.username}</span>
    </Stack>
  );
}

/** Status as the player app words it (docs/product.md#screens-and-routes Conflicts page: Solved or Conflict). */
export function StatusChip({ record }: { record: Pick<AdminConflictRecord, 'solved' | 'status'> }) {
  return <QueueStatusChip settled={record.solved} label={record.status} />;
}

/**
 * The conflict queue: open conflicts first, oldest waiting first, with their age and who claimed them;
 * a row opens the conflict page.
 */
export function ConflictList() {
  return (
    <QueueList
      title="Conflicts"
      settled="solved"
      settledName="Solved"
      sortField="waiting_since"
      filters={filters}
      exporter={false}
    >
      <NumberField source="id" label="Match ID" options={{ useGrouping: false }} />
      <FunctionField<AdminConflictRecord> label="Player 1" render={(record) => <Player user={record.user_1} />} />
      <FunctionField<AdminConflictRecord> label="Player 2" render={(record) => <Player user={record.user_2} />} />
      <FunctionField<AdminConflictRecord> label="Status" render={(record) => <StatusChip record={record} />} />
      <WhenField source="waiting_since" label="Waiting since" />
      <FunctionField<AdminConflictRecord>
        label="Age"
        sortable={false}
        render={(record) => formatAge(record.age_seconds)}
      />
      <TextField source="claimed_by.username" label="Claimed by" sortable={false} emptyText="–" />
      <TextField source="solved_by.username" label="Solved by" sortable={false} emptyText="–" />
      <FunctionField label="" render={() => <ClaimButton />} />
    </QueueList>
  );
}
