import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link, Show, TopToolbar, ListButton, useCreatePath, useRecordContext } from 'react-admin';
import type { AdminConflictDetail, AdminConflictPlayer, AdminConflictRecord } from '@ecup/domain';
import { ClaimButton } from './claim-button.tsx';
import { StatusChip } from './conflict-list.tsx';
import { ResolveForm } from './resolve-form.tsx';
import { avatarUrl, formatAge, formatUnixSeconds } from './format.ts';
import { formatWhen } from '../dates.tsx';

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function UserLink({ id, username }: { id: number; username: string }) {
  const createPath = useCreatePath();
  return <Link to={createPath({ resource: 'users', type: 'show', id })}>{username}</Link>;
}

/** What a player entered, in their own words: the score from their side, or the 'Opponent left' report. */
function Claim({ player, record }: { player: AdminConflictPlayer; record: AdminConflictDetail }) {
  const result = player.result;
  if (!result) {
    return <Typography color="text.secondary">Entered no result (protested or did not answer).</Typography>;
  }
  const [p1, p2] = [record.game.user_1.username, record.game.user_2.username];
  return (
    <Box>
      {result.kind === 'opponent_left' ? (
        <Typography sx={{ fontWeight: 700 }}>Reported: Opponent left</Typography>
      ) : (
        <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
          {p1} {result.score_1} – {result.score_2} {p2}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        Entered {formatWhen(result.at)}
      </Typography>
    </Box>
  );
}

function PlayerPanel({ player, record }: { player: AdminConflictPlayer; record: AdminConflictDetail }) {
  const elo = player.side === 1 ? record.game.elo_change_1 : record.game.elo_change_2;
  return (
    <Panel title={`Player ${player.side}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Avatar src={avatarUrl(player.avatar_hash)} alt="">
          {player.username.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            <UserLink id={player.id} username={player.username} />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {player.first_name} {player.last_name} · {player.gamer_tag}
          </Typography>
        </Box>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Elo {player.elo}
        {elo !== null && ` (${elo >= 0 ? '+' : ''}${elo})`} · {player.wins} W {player.losses} L {player.ties} T ·{' '}
        {player.fifa_team_name}
      </Typography>
      <Claim player={player} record={record} />
    </Panel>
  );
}

function Chat({ record }: { record: AdminConflictDetail }) {
  if (record.messages.length === 0) return <Typography color="text.secondary">No messages.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 420, overflowY: 'auto' }}>
      {record.messages.map((message) => {
        const side = message.user_id === record.game.user_1.id ? 1 : message.user_id === record.game.user_2.id ? 2 : 0;
        return (
          <Box
            component="li"
            key={message.id}
            sx={{
              py: 0.75,
              px: 1,
              mb: 0.5,
              borderRadius: 1,
              borderLeft: 3,
              borderColor: side === 1 ? 'primary.main' : side === 2 ? 'secondary.main' : 'error.main',
              bgcolor: 'action.hover',
            }}
          >
            <Typography variant="caption" color="text.secondary">
              <strong>{message.name}</strong>
              {message.class_name === 'admin' && ' (moderator)'} · {formatUnixSeconds(message.inserted)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.content}
            </Typography>
            {message.original !== undefined && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-chat-original
              >
                Typed (masked for the players: {message.original_reasons?.join(', ')}): {message.original}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function Evidence({ record }: { record: AdminConflictDetail }) {
  if (record.evidence.length === 0) return <Typography color="text.secondary">No evidence uploaded.</Typography>;
  return (
    <Stack spacing={2}>
      {record.evidence.map((item) => (
        <Box component="figure" key={item.id} sx={{ m: 0 }}>
          {item.image_url ? (
            <a href={item.image_url} target="_blank" rel="noreferrer">
              <Box
                component="img"
                src={item.image_url}
                alt={`Evidence from ${item.username}`}
                loading="lazy"
                sx={{ display: 'block', width: '100%', maxHeight: 360, objectFit: 'contain', bgcolor: 'black' }}
              />
            </a>
          ) : item.embed_url ? (
            <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9' }}>
              <Box
                component="iframe"
                src={item.embed_url}
                title={`Video evidence from ${item.username}`}
                loading="lazy"
                allow="encrypted-media; picture-in-picture"
                referrerPolicy="strict-origin-when-cross-origin"
                allowFullScreen
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
              />
            </Box>
          ) : null}
          <Typography component="figcaption" variant="caption" color="text.secondary">
            {item.username} · {formatUnixSeconds(item.inserted)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function History({ record }: { record: AdminConflictDetail }) {
  const { history } = record;
  const [p1, p2] = [record.game.user_1, record.game.user_2];
  const name = (id: number) => (id === p1.id ? p1.username : id === p2.id ? p2.username : `#${id}`);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {p1.username} {history.user_1_wins} wins · {p2.username} {history.user_2_wins} wins · {history.ties} ties
      </Typography>
      {history.games.length === 0 ? (
        <Typography color="text.secondary">They have not played each other before.</Typography>
      ) : (
        <Table aria-label="Earlier games between the two players">
          <TableHead>
            <TableRow>
              <TableCell>Match ID</TableCell>
              <TableCell>Result</TableCell>
              <TableCell>Date</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.games.map((game) => (
              <TableRow key={game.id}>
                <TableCell>{game.id}</TableCell>
                <TableCell>
                  {name(game.user_1_id)} {game.score_1} – {game.score_2} {name(game.user_2_id)}
                </TableCell>
                <TableCell>{formatWhen(game.final_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

function Verdict({ record }: { record: AdminConflictDetail }) {
  if (record.solved) {
    return (
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
          {record.game.user_1.username} {record.score_1} – {record.score_2} {record.game.user_2.username}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Solved{record.solved_by ? ` by ${record.solved_by.username}` : ''}.
        </Typography>
      </Stack>
    );
  }
  return <ResolveForm record={record} />;
}

/**
 * Whether the record is the conflict page's (`GET /conflicts/{id}`) rather than a row of the queue: react-admin shows
 * the queue's row at once while the page loads, and the row has no players, chat, evidence or history.
 */
export function isConflictDetail(record: AdminConflictRecord | AdminConflictDetail): record is AdminConflictDetail {
  return 'players' in record && 'game' in record && 'messages' in record && 'history' in record;
}

function ConflictPage() {
  const record = useRecordContext<AdminConflictRecord | AdminConflictDetail>();
  if (!record) return null;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Match {record.id}
        </Typography>
        <StatusChip record={record} />
        {!record.solved && <Chip size="small" label={`Waiting ${formatAge(record.age_seconds)}`} />}
        <Typography variant="body2" color="text.secondary">
          {record.claimed_by ? `Claimed by ${record.claimed_by.username}` : 'Not claimed'}
        </Typography>
        <ClaimButton />
      </Stack>
      {isConflictDetail(record) ? (
        <ConflictDetail record={record} />
      ) : (
        <Box role="status">
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Loading both claims, the chat and the evidence…
          </Typography>
          <LinearProgress />
        </Box>
      )}
    </Box>
  );
}

/** What only the conflict page carries: both players' claims, the verdict, chat, evidence and history. */
function ConflictDetail({ record }: { record: AdminConflictDetail }) {
  const [one, two] = [...record.players].sort((a, b) => a.side - b.side) as [AdminConflictPlayer, AdminConflictPlayer];
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        <PlayerPanel player={one} record={record} />
        <PlayerPanel player={two} record={record} />
        <Panel title={record.solved ? 'Final score' : 'Resolve'}>
          <Verdict record={record} />
        </Panel>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Panel title={`Chat (${record.messages.length})`}>
          <Chat record={record} />
        </Panel>
        <Panel title={`Evidence (${record.evidence.length})`}>
          <Evidence record={record} />
        </Panel>
      </Box>
      <Panel title="History against each other">
        <History record={record} />
      </Panel>
    </>
  );
}

/**
 * The conflict page (ui-brief "The console"): both players' claims, the chat and the evidence side by side,
 * their history against each other, and the resolve form that then shows Solved.
 */
export function ConflictShow() {
  return (
    <Show
      title="Conflict"
      actions={
        <TopToolbar>
          <ListButton label="Back to the queue" />
        </TopToolbar>
      }
      component="div"
    >
      <ConflictPage />
    </Show>
  );
}
