import { shell } from './shell.ts';
import { newsCategories } from '../components/news-i18n.ts';
import { rankingTable } from '../components/ranking/i18n.ts';
import { home } from '../features/home/i18n.ts';
import { ranking } from '../features/ranking/i18n.ts';
import { news } from '../features/news/i18n.ts';
import { account } from '../features/account/i18n.ts';
import { rules } from '../features/rules/i18n.ts';
import { forums } from '../features/forums/i18n.ts';
import { play } from '../features/play/i18n.ts';
import { game } from '../features/game/i18n.ts';
import { conflicts } from '../features/conflicts/i18n.ts';
import { trophyHunt } from '../features/trophyhunt/i18n.ts';
import type { Lang } from './dictionary.ts';

/**
 * The one catalogue of the player app: every feature's dictionary merged. A feature adds its dictionary here.
 */
const dictionaries = [
  shell,
  newsCategories,
  rankingTable,
  home,
  ranking,
  news,
  account,
  rules,
  forums,
  play,
  game,
  conflicts,
  trophyHunt,
] as const;

type Keys<D> = D extends { en: Record<infer K, string> } ? K : never;
export type MessageKey = Keys<(typeof dictionaries)[number]>;

export const catalogue: Record<Lang, Record<MessageKey, string>> = {
  en: Object.assign({}, ...dictionaries.map((d) => d.en)),
  sv: Object.assign({}, ...dictionaries.map((d) => d.sv)),
};
