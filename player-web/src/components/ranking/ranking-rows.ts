import type { RankingEntry } from '@ecup/domain';
import type { MessageKey } from '../../i18n/catalogue.ts';

/** The four counted columns, abbreviated in the table header as the spec names them (G, W, L, T). */
export const STATS = [
  { field: 'scored_goals', short: 'ranking.col.goalsShort', long: 'ranking.col.goals' },
  { field: 'wins', short: 'ranking.col.winsShort', long: 'ranking.col.wins' },
  { field: 'losses', short: 'ranking.col.lossesShort', long: 'ranking.col.losses' },
  { field: 'ties', short: 'ranking.col.tiesShort', long: 'ranking.col.ties' },
] as const satisfies readonly { field: keyof RankingEntry; short: MessageKey; long: MessageKey }[];

export interface RowsProps {
  rows: RankingEntry[];
  youId: number | null;
  caption: string;
  announce(text: string): void;
}
