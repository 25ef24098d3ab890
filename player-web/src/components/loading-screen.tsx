import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

import { useI18n } from '../i18n/i18n.tsx';

/** docs/product.md#what-it-does: a loading screen shows a spinner and the translated "Loading...". */
export function LoadingScreen({ fullScreen = true }: { fullScreen?: boolean }) {
  const { tm } = useI18n();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullScreen ? '100dvh' : '40vh',
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{tm('loading')}</Typography>
    </Box>
  );
}
