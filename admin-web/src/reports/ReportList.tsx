import Chip from '@mui/material/Chip';
import { Datagrid, FunctionField, List, SelectInput } from 'react-admin';
import type { AdminReportRecord } from '@ecup/domain';
import { WhenField } from '../dates.tsx';
import { OUTCOME_LABELS, REASON_LABELS } from './labels.ts';

const filters = [
  <SelectInput
    key="resolved"
    source="resolved"
    label="Status"
    alwaysOn
    emptyText="All"
    choices={[
      { id: 'false', name: 'Open' },
      { id: 'true', name: 'Handled' },
    ]}
  />,
];

const player = (p: AdminReportRecord['reporter']) => `${p.username} (${p.age})`;

/** The reports queue: open first, oldest first; a row opens the report. */
export function ReportList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ resolved: 'false' }}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={25}
      title="Reports"
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <FunctionField<AdminReportRecord>
          label="Kind"
          render={(record) => (record.kind === 'chat' ? 'Chat line' : 'Player')}
        />
        <FunctionField<AdminReportRecord> label="Reason" render={(record) => REASON_LABELS[record.reason]} />
        <FunctionField<AdminReportRecord> label="Reported (age)" render={(record) => player(record.reported)} />
        <FunctionField<AdminReportRecord> label="Reporter (age)" render={(record) => player(record.reporter)} />
        <WhenField source="created_at" label="Reported" />
        <FunctionField<AdminReportRecord>
          label="Status"
          render={(record) => (
            <Chip
              size="small"
              variant="outlined"
              color={record.resolved ? 'success' : 'warning'}
              label={record.outcome ? OUTCOME_LABELS[record.outcome] : 'Open'}
            />
          )}
        />
      </Datagrid>
    </List>
  );
}
