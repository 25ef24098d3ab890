import { lazy } from 'react';

/**
 * The header's parts that only some visitors need, each loaded when it is first shown: the sign-in dropdown (when a
 * visitor reaches for it), the phone's nav bar (when opened), and the signed-in player's account menu, the phone's
 * avatar and name, and the connection state (after signing in). A first load of any page carries none of them.
 */
const loadForm = () => import('./sign-in-form.tsx');
const loadDropdown = () => import('./sign-in-dropdown.tsx');

const loadNavBar = () => import('./nav-bar.tsx');

/** Loads the sign-in form with the desktop dropdown and the phone's nav bar around it. */
export function loadSignIn(): Promise<unknown> {
  return Promise.all([loadForm(), loadDropdown(), loadNavBar()]);
}

export const NavBar = lazy(() => loadNavBar().then((m) => ({ default: m.NavBar })));
export const SignInDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.SignInDropdown })));
export const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));
export const PhoneUser = lazy(() => import('./phone-user.tsx').then((m) => ({ default: m.PhoneUser })));
export const ConnectionStatus = lazy(() =>
  import('./connection-status.tsx').then((m) => ({ default: m.ConnectionStatus })),
);
