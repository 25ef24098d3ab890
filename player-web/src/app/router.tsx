import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, matchRoutes } from 'react-router-dom';
import { lazyPage, type LazyPage } from './lazy-route.ts';
import { Layout } from './layout.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';

/** A feature's page, loaded together with the feature's dictionary (i18n/catalogue.ts). */
function featurePage(load: () => Promise<{ Component: ComponentType }>, strings: () => Promise<unknown>): LazyPage {
  return lazyPage(() => Promise.all([load(), strings()]).then(([module]) => module));
}

const accountStrings = () => import('../features/account/i18n.ts');
const rulesStrings = () => import('../features/rules/i18n.ts');
const groupsStrings = () => import('../features/groups/i18n.ts');
const seasonsStrings = () => import('../features/seasons/i18n.ts');
const home = featurePage(
  () => import('../features/home/home-page.tsx'),
  () => import('../features/home/i18n.ts'),
);

/**
 * The routes of docs/product.md#screens-and-routes (the admin area is its own app under /admin/), each page its own chunk. Declarative routes
 * (`<Routes>`), not a data router: the app loads its data in the pages, and the data router's code would be most of
 * react-router's weight on every first load.
 */
const PAGES: { path: string; page: LazyPage }[] = [
  { path: '/', page: home },
  { path: '/home', page: home },
  {
    path: '/play',
    page: featurePage(
      () => import('../features/play/play-page.tsx'),
      () => import('../features/play/i18n.ts'),
    ),
  },
  {
    path: '/game/:id',
    page: featurePage(
      () => import('../features/game/game-page.tsx'),
      () => import('../features/game/i18n.ts'),
    ),
  },
  {
    path: '/trophyhunt',
    page: featurePage(
      () => import('../features/trophyhunt/trophy-hunt-page.tsx'),
      () => import('../features/trophyhunt/i18n.ts'),
    ),
  },
  {
    path: '/ranking',
    page: featurePage(
      () => import('../features/ranking/ranking-page.tsx'),
      () => import('../features/ranking/i18n.ts'),
    ),
  },
  {
    path: '/player/:username',
    page: featurePage(
      () => import('../features/player/player-page.tsx'),
      () => import('../features/player/i18n.ts'),
    ),
  },
  {
    path: '/ranking/countries',
    page: featurePage(() => import('../features/groups/countries-page.tsx'), groupsStrings),
  },
  {
    path: '/ranking/clubs',
    page: featurePage(() => import('../features/groups/clubs-page.tsx'), groupsStrings),
  },
  { path: '/seasons', page: featurePage(() => import('../features/seasons/seasons-page.tsx'), seasonsStrings) },
  { path: '/seasons/:id', page: featurePage(() => import('../features/seasons/season-page.tsx'), seasonsStrings) },
  {
    path: '/history',
    page: featurePage(
      () => import('../features/history/history-page.tsx'),
      () => import('../features/history/i18n.ts'),
    ),
  },
  {
    path: '/news/:id?',
    page: featurePage(
      () => import('../features/news/news-page.tsx'),
      () => import('../features/news/i18n.ts'),
    ),
  },
  { path: '/rules', page: featurePage(() => import('../features/rules/rules-page.tsx'), rulesStrings) },
  { path: '/terms', page: featurePage(() => import('../features/rules/terms-page.tsx'), rulesStrings) },
  {
    path: '/register',
    page: featurePage(() => import('../features/account/sign-up/register-page.tsx'), accountStrings),
  },
  {
    path: '/settings',
    page: featurePage(() => import('../features/account/settings/settings-page.tsx'), accountStrings),
  },
  {
    path: '/conflicts',
    page: featurePage(
      () => import('../features/conflicts/conflicts-page.tsx'),
      () => import('../features/conflicts/i18n.ts'),
    ),
  },
  {
    path: '/forgot_password',
    page: featurePage(() => import('../features/account/password/forgot-password-page.tsx'), accountStrings),
  },
  {
    path: '/resetpassword/:id/:uid/:token',
    page: featurePage(() => import('../features/account/password/reset-password-page.tsx'), accountStrings),
  },
  {
    path: '/email/confirm/:id/:token',
    page: featurePage(() => import('../features/account/email/email-link-page.tsx'), accountStrings),
  },
  {
    path: '/email/undo/:id/:token',
    page: featurePage(() => import('../features/account/email/email-link-page.tsx'), accountStrings),
  },
  {
    path: '/auth/:id/:token',
    page: featurePage(() => import('../features/account/auth/auth-page.tsx'), accountStrings),
  },
  {
    path: '/unsubscribe',
    page: featurePage(() => import('../features/account/unsubscribe/unsubscribe-page.tsx'), accountStrings),
  },
  {
    path: '/guardian/confirm/:uid/:token',
    page: featurePage(
      () => import('../features/guardian/guardian-page.tsx'),
      () => import('../features/guardian/i18n.ts'),
    ),
  },
  {
    path: '/forums/:category?/:thread?',
    page: featurePage(
      () => import('../features/forums/forums-page.tsx'),
      () => import('../features/forums/i18n.ts'),
    ),
  },
];

/**
 * Starts loading the code of the page at `pathname` at once, so it arrives while the app is still reading the
 * season rather than after.
 */
export function preloadPage(pathname: string): Promise<void> {
  const match = matchRoutes(PAGES, pathname)?.[0]?.route;
  return match
    ? match.page.preload().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/**
 * The app's pages inside the layout; any other path redirects to /. The first page shows whole, header, page and
 * footer together, once its code has arrived (the loading screen until then), so nothing shifts under the reader.
 * Later navigations are transitions: the current page stays, under a progress bar, until the next can show.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route element={<Layout />}>
          {PAGES.map(({ path, page }) => (
            <Route key={path} path={path} element={<page.Page />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
