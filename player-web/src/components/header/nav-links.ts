import type { MessageKey } from '../../i18n/catalogue.ts';

export interface NavLink {
  to: string;
  label: MessageKey;
  /** Shown only to visitors who are not signed in. */
  signedOutOnly?: boolean;
}

/**
 * The header links of docs/product.md#screens-and-routes, in its order: /play, /trophyhunt, /news, /forums, /ranking, /rules, /register.
 */
export const NAV_LINKS: NavLink[] = [
  { to: '/play', label: 'nav.play' },
  { to: '/trophyhunt', label: 'nav.trophyHunt' },
  { to: '/news', label: 'nav.news' },
  { to: '/forums', label: 'nav.forums' },
  { to: '/ranking', label: 'nav.ranking' },
  { to: '/rules', label: 'nav.rules' },
  { to: '/register', label: 'nav.signUp', signedOutOnly: true },
];

/**
 * The user menu's links to screens of the player app, in docs/product.md#screens-and-routes order: /settings, then /conflicts, then the
 * player's own games (/history). The Admin link
 * (staff only) goes before them and Sign out after; both are drawn by the menus themselves.
 */
export const USER_MENU_LINKS: NavLink[] = [
  { to: '/settings', label: 'userMenu.settings' },
  { to: '/conflicts', label: 'userMenu.conflicts' },
  { to: '/history', label: 'userMenu.history' },
];
