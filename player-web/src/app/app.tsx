import { Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nProvider, type InitialI18n } from '../i18n/i18n.tsx';
import { NO_PAGE_DATA, PageDataContext, type PageData } from '../lib/page-data.ts';
import { ClientProvider } from '../providers/client-context.tsx';
import { RealtimeProvider } from '../providers/realtime-context.tsx';
import { SeasonProvider } from '../providers/season-context.tsx';
import { AppRoutes } from './router.tsx';
import { appTheme } from './theme.ts';

/**
 * How the app starts over a server-rendered page: the answers the page was drawn with, and its
 * language, time zone and Swedish messages. A page the app draws from scratch starts without.
 */
export interface AppStart {
  pageData?: PageData & { forget?(): void };
  i18n?: InitialI18n;
}

/** Everything around the routes: the theme, language, session, realtime connection and season. */
export function AppProviders({ start = {}, children }: { start?: AppStart; children: ReactNode }) {
  // A server-rendered page stays as it is until the app can take it over (its Swedish messages and its page's code
  // have arrived); a click meanwhile is replayed then.
  return (
    <Suspense fallback={null}>
      <PageDataContext.Provider value={start.pageData ?? NO_PAGE_DATA}>
        <ThemeProvider theme={appTheme()} defaultMode="dark">
          <CssBaseline enableColorScheme />
          <I18nProvider initial={start.i18n}>
            <ClientProvider>
              <RealtimeProvider>
                <SeasonProvider>{children}</SeasonProvider>
              </RealtimeProvider>
            </ClientProvider>
          </I18nProvider>
        </ThemeProvider>
      </PageDataContext.Provider>
    </Suspense>
  );
}

/** The app in the browser. */
export function App({ start }: { start?: AppStart }) {
  return (
    <AppProviders start={start}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
