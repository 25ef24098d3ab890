import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { AdminReportPlayer, AdminReportRecord } from '@ecup/domain';
import { formatWhen } from '../dates.tsx';
import { OUTCOME_LABELS, REASON_LABELS } from './labels.ts';
import { ReportActions } from './ReportActions.tsx';

function PlayerFacts({ title, player }: { title: string; player: AdminReportPlayer }) {
  return (
    <Box data-report-player={title}>
      <Typography variant="overline">{title}</Typography>
      <Typography sx={{ fontWeight: 700 }}>{player.username}</Typography>
      <Typography>Age {player.age}</Typography>
      {player.chat_muted_until && <Typography>Chat muted until {formatWhen(player.chat_muted_until)}</Typography>}
      {player.banned && <Chip size="small" color="error" label="Banned" />}
    </Box>
  );
}

function ReportPage() {
  const record = useRecordContext<AdminReportRecord>();
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h6" component="h2">
              {record.kind === 'chat' ? 'Chat line' : 'Player'} report: {REASON_LABELS[record.reason]}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={record.resolved ? 'success' : 'warning'}
              label={record.outcome ? OUTCOME_LABELS[record.outcome] : 'Open'}
            />
          </Stack>
          <Typography color="text.secondary">
            {formatWhen(record.created_at)}
            {record.game_id !== null && ` · game #${record.game_id}`}
          </Typography>
          {record.text && <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>“{record.text}”</Typography>}
          <Stack direction="row" spacing={4} sx={{ mt: 2, flexWrap: 'wrap' }}>
            <PlayerFacts title="Reported" player={record.reported} />
            <PlayerFacts title="Reporter" player={record.reporter} />
          </Stack>
          <Box sx={{ mt: 2 }}>
            <ReportActions />
          </Box>
        </CardContent>
      </Card>
      {record.transcript && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Chat of the game
            </Typography>
            {record.transcript.length === 0 && <Typography color="text.secondary">No chat.</Typography>}
            <Stack component="ol" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }} data-transcript>
              {record.transcript.map((line) => (
                <Box
                  component="li"
                  key={line.id}
                  data-reported-line={line.reported || undefined}
                  sx={{
                    px: 1,
                    py: 0.5,
                    borderRadius: 1,
                    ...(line.reported
                      ? { bgcolor: 'warning.light', color: 'warning.contrastText', fontWeight: 700 }
                      : {}),
                  }}
                >
                  <strong>{line.name}</strong> <span>{formatWhen(line.inserted * 1000)}</span>: {line.content}
                </Box>
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
      {record.history && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Other reports by or against these players
            </Typography>
            {record.history.length === 0 && <Typography color="text.secondary">None.</Typography>}
            <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
              {record.history.map((item) => (
                <li key={item.id}>
                  {formatWhen(item.created_at)}: {item.reporter.username} reported {item.reported.username} (
                  {REASON_LABELS[item.reason]}) — {item.outcome ? OUTCOME_LABELS[item.outcome] : 'open'}
                </li>
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

/** One report: the report, both players with their ages, the game's transcript with the line marked, history. */
export function ReportShow() {
  return (
    <Show
      title="Report"
      actions={
        <TopToolbar>
          <ListButton label="All reports" />
        </TopToolbar>
      }
    >
      <ReportPage />
    </Show>
  );
}
