import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nProvider } from '../i18n/i18n.tsx';
import { ClientProvider } from '../providers/client-context.tsx';
import { RealtimeProvider } from '../providers/realtime-context.tsx';
import { SeasonProvider } from '../providers/season-context.tsx';
import { AppRoutes } from './router.tsx';
import { theme } from './theme.ts';

export function App() {
  return (
    <ThemeProvider theme={theme} defaultMode="dark">
      <CssBaseline enableColorScheme />
      <I18nProvider>
        <ClientProvider>
          <RealtimeProvider>
            <SeasonProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </SeasonProvider>
          </RealtimeProvider>
        </ClientProvider>
      </I18nProvider>
    </ThemeProvider>
  );
}
