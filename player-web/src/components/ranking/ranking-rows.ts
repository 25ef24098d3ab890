import { RANKING_SORT_TROPHIES, type RankingEntry, type RankingSorting } from '@ecup/domain';
import type { MessageKey } from '../../i18n/catalogue.ts';

/** The four counted columns, abbreviated in the table header as the spec names them (G, W, L, T). */
export const STATS = [
  { field: 'scored_goals', short: 'ranking.col.goalsShort', long: 'ranking.col.goals' },
  { field: 'wins', short: 'ranking.col.winsShort', long: 'ranking.col.wins' },
  { field: 'losses', short: 'ranking.col.lossesShort', long: 'ranking.col.losses' },
  { field: 'ties', short: 'ranking.col.tiesShort', long: 'ranking.col.ties' },
] as const satisfies readonly { field: keyof RankingEntry; short: MessageKey; long: MessageKey }[];

/**
 * The place a row shows, or null for none. In the trophy order a player without a secured trophy has no place and no
 * medal: the trophy hunt's leaderboard ranks who secured trophies (docs/product.md#screens-and-routes; docs/decisions.md#trophy-hunt, winners are the players who
 * secured trophies), and a tie at 0 between everyone else is no ranking at all.
 */
export function shownRank(
  entry: Pick<RankingEntry, 'rank' | 'secured_trophies'>,
  sorting: RankingSorting,
): number | null {
  return sorting === RANKING_SORT_TROPHIES && entry.secured_trophies === 0 ? null : entry.rank;
}

export interface RowsProps {
  rows: RankingEntry[];
  sorting: RankingSorting;
  youId: number | null;
  caption: string;
  announce(text: string): void;
}
