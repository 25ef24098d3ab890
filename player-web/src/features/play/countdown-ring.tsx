import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ACCEPT_WINDOW_MS } from '@ecup/domain';
import { secondsLeft } from '../../lib/durations.ts';
import { useI18n } from '../../i18n/i18n.tsx';

const RADIUS = 44;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The accept countdown as a large ring with the seconds left in it (ui-brief). The ring empties smoothly (not when
 * the system asks for reduced motion) and turns gold for the last 10 seconds and red for the last 5; the number is
 * always written, so colour is never the only cue.
 */
export function CountdownRing({ deadlineMs, nowMs }: { deadlineMs: number; nowMs: number }) {
  const { t } = useI18n();
  const seconds = secondsLeft(deadlineMs, nowMs);
  const fraction = Math.min(1, Math.max(0, (deadlineMs - nowMs) / ACCEPT_WINDOW_MS));
  const colour = seconds > 10 ? 'primary.main' : seconds > 5 ? 'secondary.main' : 'error.main';
  return (
    <Box
      role="timer"
      aria-label={t('play.match.timer', { seconds })}
      sx={{ position: 'relative', width: { xs: 140, sm: 176 }, height: { xs: 140, sm: 176 }, flex: 'none' }}
    >
      <Box component="svg" viewBox="0 0 100 100" aria-hidden sx={{ width: '100%', height: '100%', display: 'block' }}>
        <Box
          component="circle"
          cx={50}
          cy={50}
          r={RADIUS}
          fill="none"
          strokeWidth={7}
          sx={{ stroke: 'currentColor', color: 'divider' }}
        />
        <Box
          component="circle"
          cx={50}
          cy={50}
          r={RADIUS}
          fill="none"
          strokeWidth={7}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
          transform="rotate(-90 50 50)"
          sx={{
            stroke: 'currentColor',
            color: colour,
            '@media (prefers-reduced-motion: no-preference)': {
              transition: 'stroke-dashoffset 250ms linear, color 300ms',
            },
          }}
        />
      </Box>
      <Box
        aria-hidden
        sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', alignContent: 'center' }}
      >
        <Typography
          component="span"
          sx={{
            fontSize: { xs: '2.75rem', sm: '3.5rem' },
            fontWeight: 700,
            lineHeight: 1,
            fontVariantNumeric: 'tabular-nums',
            color: colour,
          }}
        >
          {seconds}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary">
          {t('play.match.secondsLeft')}
        </Typography>
      </Box>
    </Box>
  );
}
