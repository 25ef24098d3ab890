import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  List,
  ReferenceInput,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import type { AdminAuditRecord } from '@ecup/domain';
import { WhenField } from '../dates.tsx';

const filters = [
  <ReferenceInput key="actor" source="actor_user_id" reference="users" filter={{ staff: true }} alwaysOn>
    <AutocompleteInput label="Staff member" optionText="username" filterToQuery={(q) => ({ q })} />
  </ReferenceInput>,
  <TextInput key="action" source="action" label="Action" alwaysOn />,
  <DateInput key="from" source="created_at_gte" label="From" alwaysOn />,
  <DateInput key="to" source="created_at_lte" label="Until" alwaysOn />,
  <TextInput key="entity" source="entity" label="Entity" />,
];

function json(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);
}

/** Before and after of one row, shown when the row is expanded. */
function Change() {
  const record = useRecordContext<AdminAuditRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2 }}>
      {(['before', 'after'] as const).map((side) => (
        <Box key={side} sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ textTransform: 'capitalize' }}>
            {side}
          </Typography>
          <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {json(record[side])}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Every admin action, newest first; filter by staff member, action and date. */
export function AuditList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={50}>
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<Change />}>
        <WhenField source="created_at" label="When" />
        <TextField source="actor.username" label="Staff member" sortable={false} />
        <TextField source="action" sortable={false} />
        <TextField source="entity" sortable={false} />
        <TextField source="entity_id" label="Id" sortable={false} />
        <TextField source="ip" label="IP" sortable={false} />
      </Datagrid>
    </List>
  );
}
