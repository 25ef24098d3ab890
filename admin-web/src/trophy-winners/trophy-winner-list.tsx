import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { List, TopToolbar, useListContext } from 'react-admin';
import type { AdminTrophyWinnerRecord } from '@ecup/domain';
import { ExportCsvButton } from './export-csv-button.tsx';
import { formatWhen } from '../dates.tsx';

/** Weeks in order, each with its winners in order of securing. */
function byWeek(
  rows: AdminTrophyWinnerRecord[],
): { week: number; week_date: string; winners: AdminTrophyWinnerRecord[] }[] {
  const weeks = new Map<number, { week: number; week_date: string; winners: AdminTrophyWinnerRecord[] }>();
  for (const row of rows) {
    const week = weeks.get(row.week) ?? { week: row.week, week_date: row.week_date, winners: [] };
    week.winners.push(row);
    weeks.set(row.week, week);
  }
  return [...weeks.values()]
    .sort((a, b) => a.week - b.week)
    .map((week) => ({ ...week, winners: week.winners.sort((a, b) => a.position - b.position) }));
}

function Guardian({ row }: { row: AdminTrophyWinnerRecord }) {
  if (!row.minor) return <>Adult</>;
  return (
    <Box>
      <Chip
        size="small"
        variant="outlined"
        color={row.guardian_confirmed ? 'success' : 'warning'}
        label={row.guardian_confirmed ? 'Minor, confirmed' : 'Not confirmed'}
        title={row.guardian_confirmed ? 'The guardian confirmed' : 'No prize until the guardian confirms'}
      />
      {row.guardian_email && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {row.guardian_email}
        </Typography>
      )}
    </Box>
  );
}

function Weeks() {
  const { data, isPending } = useListContext<AdminTrophyWinnerRecord>();
  if (isPending || !data) return <CircularProgress size={24} sx={{ m: 2 }} />;
  if (data.length === 0) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        Nobody has secured a trophy this season yet.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, p: 2 }}>
      {byWeek(data).map((week) => (
        <Box component="section" key={week.week} aria-labelledby={`week-${week.week}`}>
          <Typography id={`week-${week.week}`} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            Week {week.week} · from Monday {week.week_date}
          </Typography>
          <Table
            aria-labelledby={`week-${week.week}`}
            sx={{ tableLayout: 'fixed', '& td': { overflowWrap: 'anywhere' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '4%' }}>#</TableCell>
                <TableCell sx={{ width: '14%' }}>Name</TableCell>
                <TableCell sx={{ width: '12%' }}>Username</TableCell>
                <TableCell sx={{ width: '20%' }}>E-mail</TableCell>
                <TableCell sx={{ width: '13%' }}>Gamer tag</TableCell>
                <TableCell sx={{ width: '10%' }}>Birth date</TableCell>
                <TableCell sx={{ width: '15%' }}>Guardian</TableCell>
                <TableCell sx={{ width: '12%' }}>Secured</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {week.winners.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.position}</TableCell>
                  <TableCell>
                    {row.first_name} {row.last_name}
                  </TableCell>
                  <TableCell>{row.username}</TableCell>
                  <TableCell>
                    <Link href={`mailto:${row.email}`}>{row.email}</Link>
                  </TableCell>
                  <TableCell>{row.gamer_tag}</TableCell>
                  <TableCell>{row.birth_date}</TableCell>
                  <TableCell>
                    <Guardian row={row} />
                  </TableCell>
                  <TableCell>{formatWhen(row.secured_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The season's weekly trophy-hunt winners (canSeeTrophyWinners; docs/decisions.md#trophy-hunt): per week the players who secured
 * trophies, in order, with their contact details, and the CSV export for the prize hand-out.
 */
export function TrophyWinnerList() {
  return (
    <List
      title="Trophy winners"
      sort={{ field: 'secured_at', order: 'ASC' }}
      perPage={500}
      pagination={false}
      actions={
        <TopToolbar>
          <ExportCsvButton />
        </TopToolbar>
      }
    >
      <Weeks />
    </List>
  );
}
