import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link, Show, useCanAccess, useCreatePath, useRecordContext } from 'react-admin';
import type { AdminUserDetail, AdminUserGame, AdminUserRecord } from '@ecup/domain';
import { formatWhen } from '../dates.tsx';
import { consoleName } from './choices.ts';
import { UserActions } from './user-actions.tsx';
import { UserSessions } from './user-sessions.tsx';

/**
 * Whether the record is the profile (`GET /users/{id}`) rather than a row of the list: react-admin shows the list's
 * row at once while the profile loads, and the row has no stats, games, addresses or bans.
 */
export function isUserDetail(record: AdminUserRecord | AdminUserDetail): record is AdminUserDetail {
  return 'stats' in record && 'recent_games' in record && 'bans' in record;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>{children}</Box>
    </Box>
  );
}

function Empty({ text }: { text: string }) {
  return <Typography color="text.secondary">{text}</Typography>;
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 110 }}>
      <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function GamesTable({ games, conflictLinks }: { games: AdminUserGame[]; conflictLinks?: boolean }) {
  // Console paths carry the console's basename: a bare '/users/…' is the player app.
  const createPath = useCreatePath();
  const { canAccess: canSeeConflicts } = useCanAccess({ resource: 'conflicts', action: 'show' });
  if (games.length === 0) return <Empty text={conflictLinks ? 'No conflicts.' : 'No games yet.'} />;
  return (
    <Table>
      <TableHead>
        <TableRow>
          <TableCell>Game</TableCell>
          <TableCell>Opponent</TableCell>
          <TableCell>Score</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Elo</TableCell>
          <TableCell>Played</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {games.map((game) => (
          <TableRow key={game.id}>
            <TableCell>
              {conflictLinks && canSeeConflicts ? (
                <Link to={createPath({ resource: 'conflicts', type: 'show', id: game.id })}>#{game.id}</Link>
              ) : (
                game.id
              )}
            </TableCell>
            <TableCell>
              <Link to={createPath({ resource: 'users', type: 'show', id: game.opponent.id })}>
                {game.opponent.username}
              </Link>
            </TableCell>
            <TableCell>{game.own_score === null ? '—' : `${game.own_score}-${game.opponent_score}`}</TableCell>
            <TableCell>
              {game.state}
              {game.conflict && (
                <Chip
                  size="small"
                  sx={{ ml: 1 }}
                  color={game.conflict_solved ? 'success' : 'warning'}
                  label={game.conflict_solved ? 'Solved' : 'Conflict'}
                />
              )}
            </TableCell>
            <TableCell>
              {game.elo_change === null ? '—' : `${game.elo_change > 0 ? '+' : ''}${game.elo_change}`}
            </TableCell>
            <TableCell>{formatWhen(game.created_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The profile: identity, stats, recent games, conflicts, sign-in addresses and ban history. */
function UserProfile() {
  const user = useRecordContext<AdminUserRecord | AdminUserDetail>();
  if (!user) return null;
  return (
    <CardContent>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h5" component="h1">
            {user.first_name} {user.last_name}{' '}
            <Typography component="span" color="text.secondary">
              @{user.username} · #{user.id}
            </Typography>
          </Typography>
          <Typography color="text.secondary">
            {user.email} · {consoleName(user.console)} gamer tag {user.gamer_tag} · {user.country ?? '—'} · signed up{' '}
            {formatWhen(user.created_at)}
          </Typography>
          <Typography>
            {/* The player app is its own app at the site's root: a full page load in a new tab. */}
            <a href={`/player/${encodeURIComponent(user.username)}`} target="_blank" rel="noopener">
              Open the public profile
            </a>
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
            {user.flags.map((flag) => (
              <Chip key={flag} size="small" variant="outlined" color="secondary" label={flag} />
            ))}
            {user.totp_enabled && <Chip size="small" variant="outlined" label="Two-factor on" />}
            {user.erased && <Chip size="small" label="Erased" />}
          </Stack>
        </Box>
        <UserActions />
      </Stack>
      {user.banned && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Banned {user.ban_permanent ? 'permanently' : `until ${formatWhen(user.banned_until)}`}. Reason:{' '}
          {user.ban_reason}
        </Alert>
      )}
      {isUserDetail(user) ? (
        <ProfileDetail user={user} />
      ) : (
        <Box role="status" sx={{ mt: 3 }}>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Loading stats, games and sign-in history…
          </Typography>
          <LinearProgress />
        </Box>
      )}
    </CardContent>
  );
}

/**
 * What only the profile carries: stats, recent games, conflicts, sign-in addresses, the sessions (for staff who may
 * sign the user out) and ban history.
 */
function ProfileDetail({ user }: { user: AdminUserDetail }) {
  const stats = user.stats;
  return (
    <>
      <Section title="Stats">
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Stat label="Rank" value={stats.rank ?? '—'} />
          <Stat label="Elo" value={stats.elo} />
          <Stat label="Games" value={stats.games_played} />
          <Stat label="W-L-T" value={`${stats.wins}-${stats.losses}-${stats.ties}`} />
          <Stat label="Goals" value={`${stats.scored_goals}:${stats.conceded_goals}`} />
          <Stat label="Trophies" value={`${stats.secured_trophies} + ${stats.unsecured_trophies}`} />
          <Stat label="Forum posts" value={stats.forum_posts} />
        </Stack>
      </Section>
      <Section title="Recent games">
        <GamesTable games={user.recent_games} />
      </Section>
      <Section title="Conflicts">
        <GamesTable games={user.conflicts} conflictLinks />
      </Section>
      <Section title="Sign-in IPs">
        {user.sign_in_ips.length === 0 ? (
          <Empty text="No sessions." />
        ) : (
          <Table>
            <TableHead>
              <TableRow>
                <TableCell>Address</TableCell>
                <TableCell>Sessions</TableCell>
                <TableCell>First seen</TableCell>
                <TableCell>Last seen</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {user.sign_in_ips.map((row) => (
                <TableRow key={row.ip}>
                  <TableCell>{row.ip}</TableCell>
                  <TableCell>{row.sessions}</TableCell>
                  <TableCell>{formatWhen(row.first_seen)}</TableCell>
                  <TableCell>{formatWhen(row.last_seen)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      {user.sessions !== null && (
        <Section title="Where they're signed in">
          <UserSessions sessions={user.sessions} />
        </Section>
      )}
      <Section title="Ban history">
        {user.bans.length === 0 ? (
          <Empty text="Never banned." />
        ) : (
          <Table>
            <TableHead>
              <TableRow>
                <TableCell>Reason</TableCell>
                <TableCell>By</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Until</TableCell>
                <TableCell>Lifted</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {user.bans.map((ban) => (
                <TableRow key={ban.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{ban.reason}</TableCell>
                  <TableCell>{ban.created_by?.username ?? '—'}</TableCell>
                  <TableCell>{formatWhen(ban.created_at)}</TableCell>
                  <TableCell>{ban.expires_at ? formatWhen(ban.expires_at) : 'Permanent'}</TableCell>
                  <TableCell>
                    {ban.lifted_at ? `${formatWhen(ban.lifted_at)} by ${ban.lifted_by?.username ?? '—'}` : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </>
  );
}

function UserTitle() {
  const user = useRecordContext<AdminUserRecord>();
  return <>{user ? `User ${user.username}` : 'User'}</>;
}

/** `/admin/users/{id}/show`, also opened as `/admin/user/{id}` (docs/product.md#screens-and-routes). */
export function UserShow() {
  return (
    <Show actions={false} title={<UserTitle />}>
      <UserProfile />
    </Show>
  );
}
