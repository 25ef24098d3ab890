import { useEffect } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AppHeader } from '../components/app-header.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { useCurrentSeason } from '../features/season/use-current-season.ts';
import { theme } from './theme.ts';

/** Spec section 1: the page title is the page's own title followed by the product name. */
function useDocumentTitle(productName: string | undefined, pageTitle?: string) {
  useEffect(() => {
    if (productName) document.title = pageTitle ? `${pageTitle} ${productName}` : productName;
  }, [productName, pageTitle]);
}

function Shell() {
  const season = useCurrentSeason();
  useDocumentTitle(season.status === 'ready' ? season.productName : undefined);

  if (season.status === 'loading') return <LoadingScreen />;
  return (
    <>
      <AppHeader productName={season.productName} />
      <HomePage productName={season.productName} seasonName={season.season?.name} />
    </>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme} defaultMode="dark">
      <CssBaseline enableColorScheme />
      <Shell />
    </ThemeProvider>
  );
}
