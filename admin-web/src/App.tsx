import { useEffect, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { MESSAGES } from '@ecup/domain';
import { getProductName } from './get-current-season.ts';
import { darkTheme } from './theme.ts';

/** The console's shell until react-admin takes over: the product name from the season, as "<name> admin console". */
export function App() {
  const [productName, setProductName] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getProductName(controller.signal).then(setProductName, () => undefined);
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (productName) document.title = `${productName} admin console`;
  }, [productName]);

  return (
    <ThemeProvider theme={darkTheme}>
      <CssBaseline enableColorScheme />
      {productName === null ? (
        <Box
          role="status"
          aria-live="polite"
          sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
        >
          <CircularProgress aria-hidden />
          <Typography color="text.secondary">{MESSAGES.loading}</Typography>
        </Box>
      ) : (
        <>
          <AppBar position="sticky" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Toolbar sx={{ gap: 1 }}>
              <EmojiEvents color="secondary" fontSize="small" aria-hidden />
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {productName}
              </Typography>
            </Toolbar>
          </AppBar>
          {/* Full width with the toolbar's gutters, as react-admin's layout will be. */}
          <Box component="main" sx={{ px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 4 } }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}
            >
              {productName} admin console
            </Typography>
          </Box>
        </>
      )}
    </ThemeProvider>
  );
}
