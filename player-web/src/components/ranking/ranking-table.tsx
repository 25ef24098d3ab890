import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { MESSAGES, RANKING_STEPS, type RankingEntry, type RankingSorting } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { SearchBox } from '../search-box.tsx';
import { PagedListBody } from '../paged-list-body.tsx';
import { SearchSummary } from '../search-summary.tsx';
import { ShowMoreButtons } from '../show-more-buttons.tsx';
import { visuallyHidden } from '../visually-hidden.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { GamerTag, PlayerAvatar, PlayerName, RankBadge, TeamName, TrophyCount } from './ranking-cells.tsx';
import { useRankingList } from './use-ranking-list.ts';
import { CardFacts } from '../card-facts.tsx';

/**
 * The ten columns need about 860 px without breaking names or gamer tags, so the rows are cards (ui-brief: below
 * 600 px at the latest) until the viewport is this wide; from 768 px the cards sit two to a row.
 */
const TABLE_MIN_WIDTH_PX = 900;

/** The search runs once typing pauses this long (or at once on Enter). */
const SEARCH_PAUSE_MS = 300;

/** The longest search text the ranking list accepts. */
const SEARCH_MAX_LENGTH = 50;

export interface RankingTableProps {
  /** 0 by Elo, 1 by secured trophies (spec §7). */
  sorting: RankingSorting;
  /** Players shown before any 'Show more players' (spec §9: 10 on home, 50 on the ranking page). */
  initialAmount: number;
  /** Whether the search box is shown (spec §2: the ranking page). */
  searchable?: boolean;
  /** Changing it reads the list again (a screen that knows the numbers changed, e.g. a trophy was secured). */
  refreshKey?: number;
}

/** The four counted columns, abbreviated in the table header as the spec names them (G, W, L, T). */
const STATS = [
  { field: 'scored_goals', short: 'ranking.col.goalsShort', long: 'ranking.col.goals' },
  { field: 'wins', short: 'ranking.col.winsShort', long: 'ranking.col.wins' },
  { field: 'losses', short: 'ranking.col.lossesShort', long: 'ranking.col.losses' },
  { field: 'ties', short: 'ranking.col.tiesShort', long: 'ranking.col.ties' },
] as const satisfies readonly { field: keyof RankingEntry; short: MessageKey; long: MessageKey }[];

/** An abbreviation that sighted users see and hover, and screen readers hear in full. */
function Abbr({ short, long }: { short: string; long: string }) {
  return (
    <>
      <Box component="abbr" title={long} aria-hidden sx={{ textDecoration: 'none', cursor: 'help' }}>
        {short}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {long}
      </Box>
    </>
  );
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface RowsProps {
  rows: RankingEntry[];
  youId: number | null;
  caption: string;
  announce(text: string): void;
}

/** Wide screens: a table with every column of spec §2. */
function RankingGrid({ rows, youId, caption, announce }: RowsProps) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale);
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
                <RankBadge rank={entry.rank} />
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

/** One labelled value of a card. */
function Fact({
  label,
  children,
  align = 'left',
}: {
  label: ReactNode;
  children: ReactNode;
  align?: 'left' | 'center';
}) {
  return (
    <Box sx={{ minWidth: 0, textAlign: align }}>
      <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary', lineHeight: 1.4 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 500, ...numeric, whiteSpace: 'normal' }}>
        {children}
      </Box>
    </Box>
  );
}

/** Narrow screens (ui-brief): every row becomes a card that keeps all of the table's columns. */
function RankingCards({ rows, youId, caption, announce }: RowsProps) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale);
  return (
    <Box
      component="ol"
      aria-label={caption}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {rows.map((entry) => (
        <Paper
          key={entry.id}
          component="li"
          variant="outlined"
          sx={{ p: 1.5, borderColor: entry.id === youId ? 'primary.main' : 'divider' }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <RankBadge rank={entry.rank} />
            <PlayerAvatar entry={entry} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <PlayerName entry={entry} isYou={entry.id === youId} />
            </Box>
            <Box sx={{ textAlign: 'right', flex: 'none' }}>
              <Typography component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '1.25rem', ...numeric }}>
                {number.format(entry.elo)}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary">
                <Abbr short={t('ranking.col.points')} long={t('ranking.col.pointsLong')} />
              </Typography>
            </Box>
          </Stack>
          <CardFacts sx={{ mt: 1.5 }}>
            <dt>{t('ranking.col.team')}</dt>
            <dd>
              <TeamName team={entry.team} />
            </dd>
            <dt>{t('ranking.col.playsAs')}</dt>
            <dd>
              <GamerTag entry={entry} announce={announce} />
            </dd>
          </CardFacts>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1.5,
              pt: 1,
              borderTop: 1,
              borderColor: 'divider',
              display: 'grid',
              gridTemplateColumns: '1.4fr repeat(4, 1fr)',
              gap: 1,
            }}
          >
            <Fact label={<Abbr short={t('ranking.col.trophies')} long={t('ranking.col.trophiesLong')} />}>
              <TrophyCount count={entry.secured_trophies} />
            </Fact>
            {STATS.map((stat) => (
              <Fact key={stat.field} align="center" label={<Abbr short={t(stat.short)} long={t(stat.long)} />}>
                {number.format(entry[stat.field])}
              </Fact>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * The ranking table of spec §2 (rank, player, team, plays as, trophies, G, W, L, T, points) with presence, an
 * optional search and the 'Show more players' buttons of spec §9. Shared by the home page and the ranking page.
 */
export function RankingTable({ sorting, initialAmount, searchable = false, refreshKey = 0 }: RankingTableProps) {
  const { t, tm } = useI18n();
  const { state: client } = useClient();
  const [search, setSearch] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const cards = useMediaQuery((theme: Theme) => theme.breakpoints.down(TABLE_MIN_WIDTH_PX), { noSsr: true });

  const list = useRankingList(sorting, initialAmount, search, refreshKey);
  const searching = search !== '';
  const youId = client.user?.id ?? null;
  const caption = sorting === 1 ? t('ranking.caption.trophies') : t('ranking.caption.elo');
  const settled = list.status === 'ready' && !list.refreshing;

  let summary = '';
  if (settled && searching) {
    summary =
      list.total === 0
        ? tm(MESSAGES.noUserFound)
        : list.total === 1
          ? t('ranking.search.foundOne')
          : t('ranking.search.foundMany', { count: list.total });
  }

  const more = list.rows.length < list.total;
  return (
    <Box>
      {searchable && (
        <Box sx={{ mb: 2, maxWidth: 480 }}>
          <SearchBox
            label={t('ranking.search.label')}
            hint={t('ranking.search.hint')}
            clearLabel={t('ranking.search.clear')}
            submitLabel={t('ranking.search.submit')}
            maxLength={SEARCH_MAX_LENGTH}
            pauseMs={SEARCH_PAUSE_MS}
            onSearch={setSearch}
          />
        </Box>
      )}
      <SearchSummary text={summary} nothingFound={list.total === 0} />
      <PagedListBody
        list={list}
        errorText={t('ranking.error')}
        retryLabel={t('ranking.retry')}
        emptyText={searching ? null : t('ranking.empty')}
      >
        {cards ? (
          <RankingCards rows={list.rows} youId={youId} caption={caption} announce={setAnnouncement} />
        ) : (
          <RankingGrid rows={list.rows} youId={youId} caption={caption} announce={setAnnouncement} />
        )}
      </PagedListBody>
      {list.status === 'ready' && list.rows.length > 0 && (
        <ShowMoreButtons
          steps={RANKING_STEPS}
          shown={list.rows.length}
          total={list.total}
          onMore={(step) => void list.loadMore(step)}
          label={(step) => t('ranking.showMore', { count: step })}
          groupLabel={t('ranking.showMoreGroup')}
          busy={list.loadingMore}
          showing={!searching || more ? t('ranking.showing', { shown: list.rows.length, total: list.total }) : null}
          error={list.moreFailed ? t('ranking.moreError') : null}
        />
      )}
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
