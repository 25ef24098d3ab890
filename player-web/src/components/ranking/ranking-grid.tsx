import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Abbr, GamerTag, PlayerAvatar, PlayerName, RankBadge, TeamName, TrophyCount } from './ranking-cells.tsx';
import { STATS, shownRank, type RowsProps } from './ranking-rows.ts';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * Wide screens: a table with every column of docs/product.md#screens-and-routes. Its own chunk: phones, which show cards, never load it.
 */
export function RankingGrid({ rows, sorting, youId, caption, announce }: RowsProps) {
  const { t, numberFormat: number } = useI18n();
  return (
    <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
      <Table
        size="small"
        sx={{ '& td, & th': { borderColor: 'divider', px: 1 }, '& td:first-of-type, & th:first-of-type': { pl: 0 } }}
      >
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { color: 'text.secondary', fontWeight: 500, whiteSpace: 'nowrap' } }}>
            <TableCell scope="col" align="center" sx={{ width: 56 }}>
              <Abbr short={t('ranking.col.rankShort')} long={t('ranking.col.rank')} />
            </TableCell>
            <TableCell scope="col">{t('ranking.col.player')}</TableCell>
            <TableCell scope="col">{t('ranking.col.team')}</TableCell>
            <TableCell scope="col">{t('ranking.col.playsAs')}</TableCell>
            <TableCell scope="col" align="right">
              <Abbr short={t('ranking.col.trophies')} long={t('ranking.col.trophiesLong')} />
            </TableCell>
            {STATS.map((stat) => (
              <TableCell key={stat.field} scope="col" align="right" sx={{ width: 44 }}>
                <Abbr short={t(stat.short)} long={t(stat.long)} />
              </TableCell>
            ))}
            <TableCell scope="col" align="right">
              <Abbr short={t('ranking.col.points')} long={t('ranking.col.pointsLong')} />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((entry) => (
            <TableRow
              key={entry.id}
              sx={{
                bgcolor: entry.id === youId ? 'action.selected' : undefined,
                '&:last-child td, &:last-child th': { borderBottom: 0 },
              }}
            >
              <TableCell align="center">
                <RankBadge rank={shownRank(entry, sorting)} />
              </TableCell>
              <TableCell component="th" scope="row" sx={{ fontWeight: 'inherit' }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 180 }}>
                  <PlayerAvatar entry={entry} />
                  <PlayerName entry={entry} isYou={entry.id === youId} />
                </Stack>
              </TableCell>
              <TableCell sx={{ minWidth: 110 }}>
                <TeamName team={entry.team} />
              </TableCell>
              <TableCell>
                <GamerTag entry={entry} announce={announce} />
              </TableCell>
              <TableCell align="right" sx={numeric}>
                <TrophyCount count={entry.secured_trophies} />
              </TableCell>
              {STATS.map((stat) => (
                <TableCell key={stat.field} align="right" sx={numeric}>
                  {number.format(entry[stat.field])}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ ...numeric, fontWeight: 700, fontSize: '1rem' }}>
                {number.format(entry.elo)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
