import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { useConsoleProductName } from '../get-current-season.ts';

/**
 * The page of a console step taken before any session exists (sign-in, enrolment): one centred card with the
 * product's name under the trophy as the page's heading, a line saying what the step is, then the step itself.
 */
export function AuthCard({
  subtitle,
  maxWidth = 400,
  children,
}: {
  /** What this page is for, e.g. "Admin console". */
  subtitle: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}) {
  const productName = useConsoleProductName();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card sx={{ width: '100%', maxWidth }} variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <EmojiEvents color="secondary" aria-hidden />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {productName}
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
