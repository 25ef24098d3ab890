import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../../i18n/i18n.tsx';

/** The game page's Result section: its heading and what the state allows. */
export function ResultSection({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="result-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id="result-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('game.result.title')}
      </Typography>
      {children}
    </Paper>
  );
}
