import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import type { AdminUserSession } from '@ecup/domain';
import { formatWhen } from '../dates.tsx';
import { useUserAction } from './user-actions.tsx';

/** Columns a phone leaves out: the address moves under the browser, so "Sign out" stays on the screen. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * "Where they're signed in" on the user page, for staff with canBanUsers (the API sends `sessions` only to them):
 * each session with its browser, shortened address, first and last use, "Sign out" on each and "Sign out
 * everywhere". The user's next call answers "Your session has ended."; their sockets close at once.
 */
export function UserSessions({ sessions }: { sessions: AdminUserSession[] }) {
  const { record, send, isPending } = useUserAction(() => undefined);
  if (!record) return null;
  if (sessions.length === 0) return <Typography color="text.secondary">Not signed in anywhere.</Typography>;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Table aria-label="Sessions">
        <TableHead>
          <TableRow>
            <TableCell>Browser</TableCell>
            <TableCell sx={WIDE_ONLY}>Address</TableCell>
            <TableCell sx={WIDE_ONLY}>First used</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((session) => (
            <TableRow key={session.id} data-session={session.id}>
              <TableCell>
                {session.browser}
                {session.console && <Chip size="small" variant="outlined" sx={{ ml: 1 }} label="Console" />}
                <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                  {session.address ?? '—'}
                </Typography>
              </TableCell>
              <TableCell sx={WIDE_ONLY}>{session.address ?? '—'}</TableCell>
              <TableCell sx={WIDE_ONLY}>{formatWhen(session.created_at)}</TableCell>
              <TableCell>{formatWhen(session.last_seen_at)}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  disabled={isPending}
                  aria-label={`Sign out ${session.browser}, last used ${formatWhen(session.last_seen_at)}`}
                  onClick={() =>
                    send(
                      { action: 'sign_out', session_id: session.id },
                      `${record.username} is signed out of ${session.browser}.`,
                    )
                  }
                >
                  Sign out
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button
        color="error"
        variant="outlined"
        startIcon={<Logout />}
        disabled={isPending}
        onClick={() => send({ action: 'sign_out_all' }, `${record.username} is signed out everywhere.`)}
      >
        Sign out everywhere
      </Button>
    </Stack>
  );
}
