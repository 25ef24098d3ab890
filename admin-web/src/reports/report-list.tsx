import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { FunctionField, SelectInput } from 'react-admin';
import type { AdminReportRecord } from '@ecup/domain';
import { WhenField } from '../dates.tsx';
import { QueueList, QueueStatusChip } from '../queue-list.tsx';
import { KIND_LABELS, OUTCOME_LABELS, summaryOf } from './labels.ts';

const filters = [
  <SelectInput
    key="kind"
    source="kind"
    label="Kind"
    alwaysOn
    emptyText="All"
    choices={Object.entries(KIND_LABELS).map(([id, name]) => ({ id, name }))}
  />,
];

const player = (p: AdminReportRecord['reported']) => `${p.username} (${p.age})`;

/**
 * What was reported: the chat line, the post, what a flagged player tried to put in their profile (docs/rules.md "Player text"), or
 * nothing for a report of the player.
 */
function Subject({ record }: { record: AdminReportRecord }) {
  const text = record.post?.message ?? record.line ?? (record.kind === 'flag' ? record.text : null);
  if (text === null) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{
        maxWidth: 260,
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </Typography>
  );
}

/**
 * The one safeguarding queue: open flags first, then open reports of chat lines, players and forum posts, then
 * handled ones, oldest first; a row opens the item.
 */
export function ReportList() {
  return (
    <QueueList title="Reports" settled="resolved" settledName="Handled" sortField="created_at" filters={filters}>
      <FunctionField<AdminReportRecord>
        label="Kind"
        render={(record) =>
          record.kind === 'flag' ? (
            <Chip size="small" color="error" label={KIND_LABELS.flag} data-flag />
          ) : (
            KIND_LABELS[record.kind]
          )
        }
      />
      <FunctionField<AdminReportRecord> label="Reason" render={(record) => summaryOf(record)} />
      <FunctionField<AdminReportRecord> label="Reported" render={(record) => <Subject record={record} />} />
      <FunctionField<AdminReportRecord> label="Player (age)" render={(record) => player(record.reported)} />
      <FunctionField<AdminReportRecord>
        label="Reporter (age)"
        render={(record) => (record.reporter ? player(record.reporter) : 'Automatic')}
      />
      <WhenField source="created_at" label="Since" />
      <FunctionField<AdminReportRecord>
        label="Status"
        render={(record) => (
          <QueueStatusChip settled={record.resolved} label={record.outcome ? OUTCOME_LABELS[record.outcome] : 'Open'} />
        )}
      />
    </QueueList>
  );
}
