import { Component, Suspense, lazy, useContext, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { AppHeader } from '../components/header/app-header.tsx';
import { AppFooter } from '../components/app-footer.tsx';
import { PopoverHost } from '../components/popover-host.tsx';
import { ProgressBar } from '../components/progress-bar.tsx';
import { useI18n } from '../i18n/i18n.tsx';
import { useClient } from '../providers/client-context.tsx';
import { startNavigation, useNavigationProgress } from '../lib/navigation-progress.ts';
import { useRealtimeEvent } from '../providers/realtime-context.tsx';
import { WarningDialog } from '../components/safety/warning-dialog.tsx';
import { useUpdateWaiting } from '../lib/service-worker.ts';
import { PageDataContext, markTakenOver, usePageTakenOver } from '../lib/page-data.ts';

/** The new-version prompt's code is only fetched when a new version waits (it is in the stored shell by then). */
const UpdatePrompt = lazy(() => import('../components/update-prompt.tsx').then((m) => ({ default: m.UpdatePrompt })));

/** docs/product.md#screens-and-routes: navigation scrolls to the top except inside the forums, and closes the dropdown and the nav bar. */
function useNavigationEffects() {
  const { pathname } = useLocation();
  const { dispatch } = useClient();
  const pageData = useContext(PageDataContext);
  const firstPath = useRef(pathname);
  // Before the new page's effects ask for its data, so those calls count toward the navigation's progress bar.
  useLayoutEffect(() => {
    // The server-rendered page's answers were for its first page only: the next page reads its own.
    if (pathname !== firstPath.current) pageData.forget?.();
    startNavigation();
  }, [pathname, pageData]);
  // The first page has hydrated: what waited for it (the reader's time zone, the stored session) may now change.
  // Once that is drawn, the page says so, for tools that wait for the app (the end-to-end tests, the benchmarks).
  const takenOver = usePageTakenOver();
  useEffect(() => {
    markTakenOver();
  }, []);
  useEffect(() => {
    if (takenOver) document.documentElement.dataset.app = 'ready';
  }, [takenOver]);
  useEffect(() => {
    dispatch({ type: 'navigated' });
    if (!pathname.startsWith('/forums')) window.scrollTo(0, 0);
  }, [pathname, dispatch]);
}

/**
 * docs/product.md#states: a `game` event ends queueing and loads the game. The play screen does so itself; a player who accepted
 * and then went to another page is taken to the game from anywhere.
 */
function useGameStartNavigation() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useRealtimeEvent('game', (event) => {
    const target = `/game/${event.game_id}`;
    if (pathname !== '/play' && pathname !== target) navigate(target);
  });
}

export function Layout() {
  useNavigationEffects();
  useGameStartNavigation();
  const loading = useNavigationProgress();
  const { pathname } = useLocation();
  const updateWaiting = useUpdateWaiting();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader />
      {/* While a page's code, or a new page's data, has been on its way for a moment; the old page stays until the
          new one can show. */}
      {loading && (
        <ProgressBar data-navigation-progress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }} />
      )}
      {/* At least a screen tall: the footer starts below the fold, so a page whose list arrives late does not push a
          visible footer down (Lighthouse: layout shifts). */}
      <Box component="main" id="main" sx={{ flex: 1, minHeight: '100dvh' }}>
        <PageErrorBoundary pathname={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </Box>
      <AppFooter />
      <PopoverHost />
      <WarningDialog />
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * Catches a page that failed to load or to render and shows RouteError in its place; going to another path shows
 * that page again (the pages themselves stay mounted while only their parameters change).
 */
class PageErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { error: unknown; at: string }> {
  override state = { error: null as unknown, at: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; at: string }) {
    return props.pathname === state.at ? null : { error: null, at: props.pathname };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** A page whose code could not be loaded: the error and a way to try again (docs/product.md#errors). */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useI18n();
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('load.failed')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {error instanceof Error ? error.message : String(error)}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('load.retry')}
      </Button>
    </Container>
  );
}
