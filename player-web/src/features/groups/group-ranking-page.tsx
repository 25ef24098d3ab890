import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  GROUP_RANKING_CALLS,
  GROUP_RANKING_SORTS,
  type GroupRankingEntry,
  type GroupRankingResponse,
  type GroupRankingSort,
} from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { RankingTabs } from '../../components/ranking/ranking-tabs.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { countryName } from '../../lib/country-name.ts';
import { usePagedList, type Page } from '../../lib/use-paged-list.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { flagOf } from '../../lib/country-flag.ts';

const PAGE = 50;
const SEARCH_PAUSE_MS = 300;
const SEARCH_MAX_LENGTH = 50;

type Group = 'countries' | 'clubs';

const groupKey = (row: GroupRankingEntry) => row.key;

/** A country or club table for a sorting and search, PAGE rows at a time; a new question starts over. */
function useGroupList(group: Group, sort: GroupRankingSort, search: string) {
  const { api } = useClient();
  const fetchMore = useCallback(
    (start: number, amount: number, signal?: AbortSignal): Promise<Page<GroupRankingEntry>> =>
      api
        .get<GroupRankingResponse>(
          GROUP_RANKING_CALLS[group],
          { sort, search, start, amount },
          { signal, defaultErrorHandler: false },
        )
        .then(({ rows, total }) => ({ rows, total })),
    [api, group, sort, search],
  );
  const fetchFirst = useCallback((signal: AbortSignal) => fetchMore(0, PAGE, signal), [fetchMore]);
  const drawn = () =>
    api.peek<GroupRankingResponse>(GROUP_RANKING_CALLS[group], { sort, search, start: 0, amount: PAGE });
  return usePagedList(fetchFirst, fetchMore, groupKey, drawn);
}

const SORT_LABEL: Record<GroupRankingSort, MessageKey> = {
  average_elo: 'groups.col.average',
  players: 'groups.col.players',
  games: 'groups.col.games',
  secured_trophies: 'groups.col.trophies',
};

function SortHeader({
  sort,
  current,
  onSort,
}: {
  sort: GroupRankingSort;
  current: GroupRankingSort;
  onSort(sort: GroupRankingSort): void;
}) {
  const { t } = useI18n();
  return (
    <TableCell align="right" sortDirection={sort === current ? 'desc' : false}>
      <TableSortLabel active={sort === current} direction="desc" onClick={() => onSort(sort)}>
        {t(SORT_LABEL[sort])}
      </TableSortLabel>
    </TableCell>
  );
}

function GroupTable({ group }: { group: Group }) {
  const { t, numberFormat: number, locale } = useI18n();
  const [params, setParams] = useSearchParams();
  const raw = params.get('sort');
  const sort: GroupRankingSort = GROUP_RANKING_SORTS.includes(raw as GroupRankingSort)
    ? (raw as GroupRankingSort)
    : 'average_elo';
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const list = useGroupList(group, sort, search);

  const update = (next: { sort?: GroupRankingSort; search?: string }) => {
    const values = { sort: next.sort ?? sort, search: next.search ?? search };
    const query: Record<string, string> = {};
    if (values.sort !== 'average_elo') query.sort = values.sort;
    if (values.search !== '') query.search = values.search;
    setParams(query, { replace: true });
  };

  useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const timer = setTimeout(() => update({ search: next }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  });

  return (
    <>
      <Box role="search" sx={{ mb: 2, maxWidth: 480 }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          label={t('groups.search')}
          value={text}
          slotProps={{ htmlInput: { maxLength: SEARCH_MAX_LENGTH } }}
          onChange={(event) => setText(event.target.value)}
        />
      </Box>
      <PagedList
        list={list}
        page={PAGE}
        text={{ error: t('groups.error'), retry: t('groups.retry'), empty: t('groups.empty'), more: t('groups.more') }}
      >
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('groups.col.rank')}</TableCell>
                <TableCell>{group === 'countries' ? t('groups.col.country') : t('groups.col.club')}</TableCell>
                <SortHeader sort="players" current={sort} onSort={(s) => update({ sort: s })} />
                <SortHeader sort="average_elo" current={sort} onSort={(s) => update({ sort: s })} />
                <SortHeader sort="games" current={sort} onSort={(s) => update({ sort: s })} />
                <TableCell>{t('groups.col.best')}</TableCell>
                <SortHeader sort="secured_trophies" current={sort} onSort={(s) => update({ sort: s })} />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.rows.map((row) => (
                <TableRow key={row.key} data-key={row.key}>
                  <TableCell sx={{ fontWeight: 700 }}>{row.rank}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>
                    {group === 'countries' && <span aria-hidden>{flagOf(row.key)} </span>}
                    {group === 'countries' ? countryName(row.key, row.name, locale) : row.name}
                  </TableCell>
                  <TableCell align="right">{number.format(row.players)}</TableCell>
                  <TableCell align="right">{number.format(row.average_elo)}</TableCell>
                  <TableCell align="right">{number.format(row.games)}</TableCell>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/player/${encodeURIComponent(row.best_player.username)}`}
                      sx={{ fontWeight: 500 }}
                    >
                      {row.best_player.username}
                    </Link>{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      ({number.format(row.best_player.elo)})
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{number.format(row.secured_trophies)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </PagedList>
    </>
  );
}

function GroupPage({ group }: { group: Group }) {
  const { t } = useI18n();
  const title = group === 'countries' ? t('groups.countries.title') : t('groups.clubs.title');
  usePageTitle(title);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <RankingTabs />
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 640 }}>
        {group === 'countries' ? t('groups.countries.intro') : t('groups.clubs.intro')}
      </Typography>
      <GroupTable key={group} group={group} />
    </Container>
  );
}

/** Route /ranking/countries: the country table. */
export function CountriesPage() {
  return <GroupPage group="countries" />;
}

/** Route /ranking/clubs: the club table. */
export function ClubsPage() {
  return <GroupPage group="clubs" />;
}
