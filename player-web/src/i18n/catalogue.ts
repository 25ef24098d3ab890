import './shell.ts';
import type { shell } from './shell.ts';
import type { newsCategories } from '../components/news-i18n.ts';
import type { rankingTable } from '../components/ranking/i18n.ts';
import type { home } from '../features/home/i18n.ts';
import type { ranking } from '../features/ranking/i18n.ts';
import type { news } from '../features/news/i18n.ts';
import type { account } from '../features/account/i18n.ts';
import type { rules } from '../features/rules/i18n.ts';
import type { forums } from '../features/forums/i18n.ts';
import type { play } from '../features/play/i18n.ts';
import type { game } from '../features/game/i18n.ts';
import type { conflicts } from '../features/conflicts/i18n.ts';
import type { trophyHunt } from '../features/trophyhunt/i18n.ts';
import type { guardian } from '../features/guardian/i18n.ts';
import type { guardianStatus } from '../features/account/guardian-status/guardian-i18n.ts';
import type { signedInSessions } from '../features/account/settings/sessions-i18n.ts';
import type { safety } from '../components/safety/i18n.ts';
import type { updatePrompt } from '../components/update-i18n.ts';
import type { notificationSettings } from '../features/account/settings/notifications-i18n.ts';
import type { unsubscribePage } from '../features/account/unsubscribe/i18n.ts';
import type { player } from '../features/player/i18n.ts';
import type { history } from '../features/history/i18n.ts';
import type { groups } from '../features/groups/i18n.ts';
import type { rankingTabs } from '../components/ranking/tabs-i18n.ts';
import type { seasons } from '../features/seasons/i18n.ts';
import type { privacySettings } from '../features/account/settings/privacy-i18n.ts';
import { loadedStrings, type Lang } from './dictionary.ts';

/**
 * Every dictionary of the player app. A feature adds its dictionary here (for the key type) and loads it with its
 * code: the router loads a page's dictionary with the page, and a shared component imports its own. Only the
 * shell's strings are in the first download.
 */
type Dictionaries =
  | typeof shell
  | typeof newsCategories
  | typeof rankingTable
  | typeof home
  | typeof ranking
  | typeof news
  | typeof account
  | typeof rules
  | typeof forums
  | typeof play
  | typeof game
  | typeof conflicts
  | typeof trophyHunt
  | typeof guardian
  | typeof guardianStatus
  | typeof signedInSessions
  | typeof safety
  | typeof updatePrompt
  | typeof notificationSettings
  | typeof unsubscribePage
  | typeof player
  | typeof history
  | typeof groups
  | typeof rankingTabs
  | typeof seasons
  | typeof privacySettings;

type Keys<D> = D extends { en: Record<infer K, string> } ? K : never;
export type MessageKey = Keys<Dictionaries>;

/** The loaded strings by key; a key whose dictionary has not loaded yet is missing. */
export const catalogue = loadedStrings as Record<Lang, Partial<Record<MessageKey, string>>>;
