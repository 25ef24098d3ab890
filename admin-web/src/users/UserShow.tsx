import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
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
import { Link, Show, useRecordContext } from 'react-admin';
import type { AdminUserDetail, AdminUserGame } from '@ecup/domain';
import { consoleName } from './choices.ts';
import { UserActions } from './UserActions.tsx';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
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
            <TableCell>{conflictLinks ? <Link to={`/conflicts/${game.id}/show`}>#{game.id}</Link> : game.id}</TableCell>
            <TableCell>
              <Link to={`/users/${game.opponent.id}/show`}>{game.opponent.username}</Link>
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
            <TableCell>{when(game.created_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The profile: identity, stats, recent games, conflicts, sign-in addresses and ban history (issue 7 "Users"). */
function UserProfile() {
  const user = useRecordContext<AdminUserDetail>();
  if (!user) return null;
  const stats = user.stats;
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
            {when(user.created_at)}
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
          Banned {user.ban_permanent ? 'permanently' : `until ${when(user.banned_until)}`}. Reason: {user.ban_reason}
        </Alert>
      )}
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
                  <TableCell>{when(row.first_seen)}</TableCell>
                  <TableCell>{when(row.last_seen)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
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
                  <TableCell>{when(ban.created_at)}</TableCell>
                  <TableCell>{ban.expires_at ? when(ban.expires_at) : 'Permanent'}</TableCell>
                  <TableCell>
                    {ban.lifted_at ? `${when(ban.lifted_at)} by ${ban.lifted_by?.username ?? '—'}` : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </CardContent>
  );
}

function UserTitle() {
  const user = useRecordContext<AdminUserDetail>();
  return <>{user ? `User ${user.username}` : 'User'}</>;
}

/** `/admin/users/{id}/show`, also opened as `/admin/user/{id}` (spec §2). */
export function UserShow() {
  return (
    <Show actions={false} title={<UserTitle />}>
      <UserProfile />
    </Show>
  );
}
