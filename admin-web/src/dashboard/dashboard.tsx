import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Link, Loading, Title, useCanAccess, useCreatePath, useLogoutIfAccessDenied } from 'react-admin';
import { CHAT_MODE_LABELS, type AdminDashboard } from '@ecup/domain';
import { httpClient } from '../data-provider.ts';
import { formatWhen } from '../dates.tsx';

const DayChart = lazy(() => import('./day-chart.tsx'));

/** How often the figures refresh while the dashboard is open. */
const REFRESH_MS = 30_000;

/** "3 d 4 h", "2 h 5 min", "40 min": how long a conflict has waited. */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days} d ${hours % 24} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
  const content = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
        {value.toLocaleString()}
      </Typography>
    </CardContent>
  );
  return (
    <Card>
      {to ? (
        <Link to={to} underline="none" color="inherit">
          {content}
        </Link>
      ) : (
        content
      )}
    </Card>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function ChartPanel({ title, days, color }: { title: string; days: AdminDashboard['games_per_day']; color: string }) {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <Panel title={`${title} · ${total.toLocaleString()}`}>
      <Suspense fallback={<Box sx={{ height: 240 }} />}>
        <DayChart days={days} label={title} color={color} />
      </Suspense>
    </Panel>
  );
}

/** The console's first page (docs/api.md, "Dashboard"): live figures, the conflict queue's oldest, and two charts. */
export function Dashboard() {
  const theme = useTheme();
  const [data, setData] = useState<AdminDashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { canAccess: canSeeConflicts } = useCanAccess({ resource: 'conflicts', action: 'list' });
  const { canAccess: canSeeReports } = useCanAccess({ resource: 'reports', action: 'list' });
  const logoutIfAccessDenied = useRef(useLogoutIfAccessDenied());
  // Console paths carry the console's basename: a bare '/conflicts' is the player app's page.
  const createPath = useCreatePath();

  useEffect(() => {
    let live = true;
    const load = () =>
      httpClient('/admin/api/dashboard').then(
        ({ json }) => {
          if (!live) return;
          setData(json as AdminDashboard);
          setError(null);
        },
        (failure: unknown) => {
          // A 401 (session ended, user banned) goes through authProvider.checkError like any data call.
          void logoutIfAccessDenied.current(failure);
          if (live) setError(failure instanceof Error ? failure.message : String(failure));
        },
      );
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  if (!data) return error ? <Alert severity="error">{error}</Alert> : <Loading />;
  const conflictsLink = canSeeConflicts ? createPath({ resource: 'conflicts', type: 'list' }) : undefined;
  const reportsLink = canSeeReports ? createPath({ resource: 'reports', type: 'list' }) : undefined;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title="Dashboard" />
      {error && <Alert severity="warning">{error}</Alert>}
      <Typography data-season-chat-mode={data.season?.chat_mode}>
        {data.season
          ? `Season: ${data.season.name}. Chat between an adult and a minor: ${CHAT_MODE_LABELS[data.season.chat_mode]} ` +
            `(season:update --chat-mode).`
          : 'No active season.'}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' } }}>
        <Figure label="Players online" value={data.players_online} />
        <Figure label="In queue" value={data.in_queue} />
        <Figure label="Games in progress" value={data.games_in_progress} />
        <Figure label="Open conflicts" value={data.open_conflicts} to={conflictsLink} />
        <Figure label="Open reports" value={data.open_reports} to={reportsLink} />
        <Figure label="Open flags" value={data.open_flags} to={reportsLink} />
      </Box>
      <Panel title="Oldest open conflicts">
        {data.conflicts.length === 0 ? (
          <Typography color="text.secondary">No open conflicts.</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table>
              <TableHead>
                <TableRow>
                  <TableCell>Game</TableCell>
                  <TableCell>Players</TableCell>
                  <TableCell>Waiting</TableCell>
                  <TableCell>Claimed by</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.conflicts.map((conflict) => (
                  <TableRow key={conflict.id}>
                    <TableCell>
                      {canSeeConflicts ? (
                        <Link to={createPath({ resource: 'conflicts', type: 'show', id: conflict.id })}>
                          #{conflict.id}
                        </Link>
                      ) : (
                        `#${conflict.id}`
                      )}
                    </TableCell>
                    <TableCell>
                      {conflict.user_1.username} vs {conflict.user_2.username}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={conflict.age_seconds > 86_400 ? 'error' : 'warning'}
                        label={formatAge(conflict.age_seconds)}
                        title={formatWhen(conflict.waiting_since)}
                      />
                    </TableCell>
                    <TableCell>{conflict.claimed_by?.username ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Panel>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <ChartPanel title="Sign-ups per day" days={data.signups_per_day} color={theme.palette.secondary.main} />
        <ChartPanel title="Games per day" days={data.games_per_day} color={theme.palette.primary.main} />
      </Box>
    </Box>
  );
}
