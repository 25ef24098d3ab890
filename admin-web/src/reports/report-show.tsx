import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import {
  FORUM_CATEGORIES,
  type AdminMaskedAttempt,
  type AdminReportPlayer,
  type AdminReportRecord,
} from '@ecup/domain';
import { formatWhen } from '../dates.tsx';
import { KIND_LABELS, OUTCOME_LABELS, REASON_LABELS, summaryOf } from './labels.ts';
import { ReportActions } from './report-actions.tsx';

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

const categoryTitle = (id: number) => FORUM_CATEGORIES.find((c) => c.id === id)?.title ?? '';

/** Where a masked attempt was typed (a thread by its title as stored, masked). */
function placeOf(attempt: AdminMaskedAttempt): string {
  if (attempt.game_id !== null) return `game #${attempt.game_id}`;
  const thread = `thread #${attempt.thread?.id ?? ''} “${attempt.thread?.title ?? ''}”`;
  return attempt.source === 'forum_title' ? `the title of ${thread}` : thread;
}

/** Both players' masked lines and posts as typed, newest first. */
function MaskedAttempts({ attempts }: { attempts: AdminMaskedAttempt[] }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Masked attempts of these players
        </Typography>
        {attempts.length === 0 && <Typography color="text.secondary">None.</Typography>}
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }} data-masked-attempts>
          {attempts.map((attempt, index) => (
            <li key={`${attempt.source}-${index}`}>
              {formatWhen(attempt.created_at)} · {attempt.user.username} in {placeOf(attempt)} (
              {attempt.reasons.join(', ')}): <q style={{ overflowWrap: 'anywhere' }}>{attempt.original}</q>
            </li>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A reported post among the posts around it in its thread. */
function ThreadContext({ record }: { record: AdminReportRecord }) {
  if (!record.post || !record.thread_posts) return null;
  const { thread } = record.post;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          Thread “{thread.title}”
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {categoryTitle(thread.category_id)}
          {thread.locked && ' · locked'}
        </Typography>
        <Stack component="ol" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }} data-thread-posts>
          {record.thread_posts.map((post) => (
            <Box
              component="li"
              key={post.id}
              data-reported-post={post.reported || undefined}
              sx={{
                px: 1,
                py: 0.5,
                borderRadius: 1,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                ...(post.reported ? { bgcolor: 'warning.light', color: 'warning.contrastText', fontWeight: 700 } : {}),
              }}
            >
              <strong>{post.author.username}</strong> <span>{formatWhen(post.created_at)}</span>
              {post.hidden && ' (hidden)'}: {post.message}
            </Box>
          ))}
        </Stack>
        {record.post.hidden_reason && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Hidden: {record.post.hidden_reason}
          </Typography>
        )}
      </CardContent>
    </Card>
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
              {record.kind === 'flag' ? 'Flag' : `${KIND_LABELS[record.kind]} report`}: {summaryOf(record)}
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
            <PlayerFacts title={record.kind === 'flag' ? 'Flagged' : 'Reported'} player={record.reported} />
            {record.reporter && <PlayerFacts title="Reporter" player={record.reporter} />}
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
                  {line.original && (
                    <Box component="span" sx={{ display: 'block', fontStyle: 'italic' }} data-original>
                      Typed: {line.original}
                    </Box>
                  )}
                </Box>
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
      <ThreadContext record={record} />
      {record.masked && <MaskedAttempts attempts={record.masked} />}
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
                  {formatWhen(item.created_at)}:{' '}
                  {item.reporter
                    ? `${item.reporter.username} reported ${item.reported.username} (${KIND_LABELS[item.kind]}, ${REASON_LABELS[item.reason]})`
                    : `${item.reported.username} was flagged automatically`}{' '}
                  — {item.outcome ? OUTCOME_LABELS[item.outcome] : 'open'}
                </li>
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

/**
 * One item of the queue: the report or flag, both players with their ages, the game's transcript with the line
 * marked and masked lines as typed (or the post in its thread), both players' masked attempts, and other reports.
 */
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
