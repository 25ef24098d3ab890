import type { MessageKey } from '../i18n/catalogue.ts';

export interface NavLink {
  to: string;
  label: MessageKey;
  /** Shown only to visitors who are not signed in. */
  signedOutOnly?: boolean;
}

/**
 * The header links of spec §2, in its order, for the routes the app has. Play and the trophy hunt join this list
 * with the issues that build their screens; until then neither the link nor the route exists.
 */
export const NAV_LINKS: NavLink[] = [
  { to: '/news', label: 'nav.news' },
  { to: '/forums', label: 'nav.forums' },
  { to: '/ranking', label: 'nav.ranking' },
  { to: '/rules', label: 'nav.rules' },
  { to: '/register', label: 'nav.signUp', signedOutOnly: true },
];

/** The user menu's links to screens of the player app (spec §2); /conflicts joins with the play issue. */
export const USER_MENU_LINKS: NavLink[] = [{ to: '/settings', label: 'userMenu.settings' }];
