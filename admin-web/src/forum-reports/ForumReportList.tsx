import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Datagrid, FunctionField, List, SelectInput, useRecordContext } from 'react-admin';
import { FORUM_CATEGORIES, type AdminForumReportRecord } from '@ecup/domain';
import { ReportActions } from './ReportActions.tsx';
import { WhenField, formatWhen } from '../dates.tsx';

const filters = [
  <SelectInput
    key="resolved"
    source="resolved"
    label="Status"
    alwaysOn
    emptyText="All"
    choices={[
      { id: 'false', name: 'Open' },
      { id: 'true', name: 'Settled' },
    ]}
  />,
];

const categoryTitle = (id: number) => FORUM_CATEGORIES.find((c) => c.id === id)?.title ?? '';

/** The whole post, shown when a row is expanded. */
function FullPost() {
  const record = useRecordContext<AdminForumReportRecord>();
  if (!record) return null;
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="caption" color="text.secondary">
        @{record.post.author.username} · {formatWhen(record.post.created_at)}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{record.post.message}</Typography>
      {record.post.hidden_reason && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Hidden: {record.post.hidden_reason}
        </Typography>
      )}
    </Box>
  );
}

/** Reported forum posts (canBanUsers), oldest first: the post, its thread, the reporter and reason, and actions. */
export function ForumReportList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ resolved: 'false' }}
      sort={{ field: 'created_at', order: 'ASC' }}
      title="Forum reports"
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<FullPost />}>
        <FunctionField<AdminForumReportRecord>
          label="Post"
          render={(record) => (
            <Box sx={{ minWidth: 180, maxWidth: 280 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                @{record.post.author.username}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                }}
              >
                {record.post.message}
              </Typography>
            </Box>
          )}
        />
        <FunctionField<AdminForumReportRecord>
          label="Thread"
          render={(record) => (
            <Box sx={{ minWidth: 140, maxWidth: 200 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {record.thread.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {categoryTitle(record.thread.category_id)}
              </Typography>
            </Box>
          )}
        />
        <FunctionField<AdminForumReportRecord>
          label="Report"
          render={(record) => (
            <Box sx={{ minWidth: 140, maxWidth: 220 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {record.reason}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                by @{record.reporter.username}
              </Typography>
            </Box>
          )}
        />
        <WhenField source="created_at" label="Reported" />
        <FunctionField<AdminForumReportRecord>
          label="State"
          render={(record) => (
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              <Chip
                size="small"
                variant="outlined"
                label={
                  record.resolved ? `Settled${record.resolved_by ? ` by ${record.resolved_by.username}` : ''}` : 'Open'
                }
                color={record.resolved ? 'default' : 'warning'}
              />
              {record.post.hidden && <Chip size="small" label="Hidden" color="error" variant="outlined" />}
              {record.thread.locked && <Chip size="small" label="Locked" variant="outlined" />}
              {record.post.open_reports > 1 && (
                <Chip size="small" label={`${record.post.open_reports} reports`} variant="outlined" />
              )}
            </Stack>
          )}
        />
        <FunctionField label="" render={() => <ReportActions />} />
      </Datagrid>
    </List>
  );
}
