import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import { RANKING_STEPS, type RankingSorting } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { PagedListBody } from '../paged-list-body.tsx';
import { SearchSummary } from '../search-summary.tsx';
import { ShowMoreButtons } from '../show-more-buttons.tsx';
import { visuallyHidden } from '../visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Abbr, GamerTag, PlayerAvatar, PlayerName, RankBadge, TeamName, TrophyCount } from './ranking-cells.tsx';
import { STATS, shownRank, type RowsProps } from './ranking-rows.ts';
import { LoadingScreen } from '../loading-screen.tsx';
import classes from './ranking.module.css';
import { useRankingList } from './use-ranking-list.ts';
import { useNarrowScreen } from '../../hooks/use-narrow-screen.ts';
import { neededWhenDrawnWide } from '../../lib/page-data.ts';
import type { RankingGrid as Grid } from './ranking-grid.tsx';
// The ranking's words load with the component (i18n/catalogue.ts).
import './i18n.ts';

/**
 * The ten columns need about 860 px without breaking names or gamer tags, so the rows are cards (ui-brief: below
 * 600 px at the latest) until the viewport is this wide; from 768 px the cards sit two to a row.
 */
const TABLE_MIN_WIDTH_PX = 900;

/** The table's code, once it has arrived: a table drawn after that renders it at once, without suspending. */
let LoadedGrid: typeof Grid | undefined;
const loadGrid = () =>
  import('./ranking-grid.tsx').then((m) => {
    LoadedGrid = m.RankingGrid;
    return m;
  });
const LazyGrid = lazy(() => loadGrid().then((m) => ({ default: m.RankingGrid })));
// A page drawn wide (a table) is taken over once the table's code is here, so the table hydrates with the page.
neededWhenDrawnWide(loadGrid);

export interface RankingTableProps {
  /** 0 by Elo, 1 by secured trophies (docs/product.md#calls). */
  sorting: RankingSorting;
  /** Players shown before any 'Show more players' (docs/product.md#constants: 10 on home, 50 on the ranking page). */
  initialAmount: number;
  /** The search box, where one is shown (docs/product.md#screens-and-routes: the ranking page passes RankingSearch). */
  Search?: ComponentType<{ onSearch(text: string): void }>;
  /** Changing it reads the list again (a screen that knows the numbers changed, e.g. a trophy was secured). */
  refreshKey?: number;
}

/** Narrow screens (ui-brief): every row becomes a card that keeps all of the table's columns. */
function RankingCards({ rows, sorting, youId, caption, announce }: RowsProps) {
  const { t, numberFormat: number } = useI18n();
  const trophies = <Abbr short={t('ranking.col.trophies')} long={t('ranking.col.trophiesLong')} />;
  const points = <Abbr short={t('ranking.col.points')} long={t('ranking.col.pointsLong')} />;
  const stats = STATS.map((stat) => ({ ...stat, label: <Abbr short={t(stat.short)} long={t(stat.long)} /> }));
  return (
    <ol aria-label={caption} className={classes.cards}>
      {rows.map((entry) => (
        <li key={entry.id} className={entry.id === youId ? `${classes.card} ${classes.cardYou}` : classes.card}>
          <div className={classes.cardHead}>
            <RankBadge rank={shownRank(entry, sorting)} />
            <PlayerAvatar entry={entry} />
            <div className={classes.cardName}>
              <PlayerName entry={entry} isYou={entry.id === youId} />
            </div>
            <div className={classes.points}>
              <span className={classes.pointsValue}>{number.format(entry.elo)}</span>
              <span className={classes.pointsLabel}>{points}</span>
            </div>
          </div>
          <dl className={classes.facts}>
            <dt>{t('ranking.col.team')}</dt>
            <dd>
              <TeamName team={entry.team} />
            </dd>
            <dt>{t('ranking.col.playsAs')}</dt>
            <dd>
              <GamerTag entry={entry} announce={announce} />
            </dd>
          </dl>
          <dl className={classes.stats}>
            <div>
              <dt>{trophies}</dt>
              <dd>
                <TrophyCount count={entry.secured_trophies} />
              </dd>
            </div>
            {stats.map((stat) => (
              <div key={stat.field} className={classes.center}>
                <dt>{stat.label}</dt>
                <dd>{number.format(entry[stat.field])}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}

/**
 * The ranking table of docs/product.md#screens-and-routes (rank, player, team, plays as, trophies, G, W, L, T, points) with presence, an
 * optional search and the 'Show more players' buttons of docs/product.md#constants. Shared by the home page and the ranking page.
 */
export function RankingTable({ sorting, initialAmount, Search, refreshKey = 0 }: RankingTableProps) {
  const { t, tm } = useI18n();
  const { state: client } = useClient();
  const [search, setSearch] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const cards = useNarrowScreen(TABLE_MIN_WIDTH_PX);
  // Chosen once per table, so a table is never drawn again from scratch when the code arrives meanwhile.
  const [RankingGrid] = useState(() => LoadedGrid ?? LazyGrid);
  // A wide screen fetches the table's code at once, while the rows are still on their way.
  useEffect(() => {
    if (!cards) void loadGrid().catch(() => undefined);
  }, [cards]);

  const list = useRankingList(sorting, initialAmount, search, refreshKey);
  const searching = search !== '';
  const youId = client.user?.id ?? null;
  const caption = sorting === 1 ? t('ranking.caption.trophies') : t('ranking.caption.elo');
  const settled = list.status === 'ready' && !list.refreshing;

  let summary = '';
  if (settled && searching) {
    summary =
      list.total === 0
        ? tm('noUserFound')
        : list.total === 1
          ? t('ranking.search.foundOne')
          : t('ranking.search.foundMany', { count: list.total });
  }

  const more = list.rows.length < list.total;
  return (
    <Box>
      {Search && (
        <Box sx={{ mb: 2, maxWidth: 480 }}>
          <Search onSearch={setSearch} />
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
          <RankingCards rows={list.rows} sorting={sorting} youId={youId} caption={caption} announce={setAnnouncement} />
        ) : (
          <Suspense fallback={<LoadingScreen fullScreen={false} />}>
            <RankingGrid
              rows={list.rows}
              sorting={sorting}
              youId={youId}
              caption={caption}
              announce={setAnnouncement}
            />
          </Suspense>
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
