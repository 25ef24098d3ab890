import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import SportsSoccer from '@mui/icons-material/SportsSoccer';
import { START_COUNTDOWN_AT_MS } from '@ecup/domain';
import { useSeason } from '../../providers/season-context.tsx';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { useI18n, WEEKDAY_TIME_FORMAT } from '../../i18n/i18n.tsx';
import { formatClock, weeksDaysHours, type WeeksDaysHours } from '../../lib/durations.ts';
import { useServerNow } from '../../lib/server-clock.ts';

/** The start button's time to the start in words: "2 weeks, 3 days and 4 hours" (zero parts left out). */
function useStartCountdownWords(): (parts: WeeksDaysHours) => string {
  const { t, locale } = useI18n();
  return (parts) => {
    const words: string[] = [];
    const add = (count: number, one: MessageKey, many: MessageKey) => {
      if (count > 0) words.push(count === 1 ? t(one) : t(many, { count }));
    };
    add(parts.weeks, 'play.time.week', 'play.time.weeks');
    add(parts.days, 'play.time.day', 'play.time.days');
    add(parts.hours, 'play.time.hour', 'play.time.hours');
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(words);
  };
}

/** Idle: the start button, disabled with the time left before the season's start (docs/product.md#screens-and-routes). */
export function StartPanel({ busy, onStart }: { busy: boolean; onStart(): void }) {
  const { t, tm, dateTime } = useI18n();
  const { season } = useSeason();
  const words = useStartCountdownWords();
  const startAt = season?.start_countdown_at ? season.start_countdown_at * 1000 : START_COUNTDOWN_AT_MS;
  const now = useServerNow(true, 30_000);
  const untilStart = weeksDaysHours(startAt - now);
  return (
    <Paper component="section" aria-labelledby="start-title" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography
        id="start-title"
        variant="h2"
        sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, fontWeight: 700, mb: 1 }}
      >
        {t('play.ready')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('play.readyHint')}
      </Typography>
      <Button
        variant="contained"
        size="large"
        onClick={onStart}
        disabled={busy || untilStart !== null}
        aria-busy={busy}
        startIcon={busy ? <CircularProgress size={20} color="inherit" aria-hidden /> : <SportsSoccer />}
        sx={{
          py: 1.75,
          px: { xs: 2, sm: 4 },
          fontSize: { xs: '1.05rem', sm: '1.2rem' },
          fontWeight: 700,
          width: { xs: '100%', sm: 'auto' },
          // The time to the start is worth reading even while the button waits for it.
          '&.Mui-disabled': { color: 'text.secondary', bgcolor: 'action.selected' },
        }}
      >
        {untilStart ? t('play.opensIn', { time: words(untilStart) }) : tm('startMatchmaking')}
      </Button>
      {untilStart && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('play.opensAt', {
            date: dateTime(new Date(startAt), WEEKDAY_TIME_FORMAT),
          })}
        </Typography>
      )}
    </Paper>
  );
}

/** Queued: the time in the queue on the server's clock, and Leave (docs/product.md#screens-and-routes, docs/product.md#states). */
export function QueuePanel({ queuedAtMs, busy, onLeave }: { queuedAtMs: number; busy: boolean; onLeave(): void }) {
  const { t } = useI18n();
  const now = useServerNow(true, 500);
  const waited = formatClock(now - queuedAtMs);
  return (
    <Paper component="section" aria-labelledby="queue-title" sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
      <Box
        aria-hidden
        sx={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 64,
          height: 64,
          borderRadius: '50%',
          bgcolor: 'action.selected',
          color: 'primary.main',
          mb: 1.5,
          '@media (prefers-reduced-motion: no-preference)': {
            animation: 'ecup-bounce 1.4s ease-in-out infinite',
            '@keyframes ecup-bounce': { '50%': { transform: 'translateY(-6px) rotate(40deg)' } },
          },
        }}
      >
        <SportsSoccer sx={{ fontSize: 40 }} />
      </Box>
      <Typography id="queue-title" variant="h2" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, fontWeight: 700 }}>
        {t('play.queue.title')}
      </Typography>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ mt: 2 }}>
        {t('play.queue.timer')}
      </Typography>
      <Typography
        role="timer"
        data-queue-timer
        sx={{
          fontSize: { xs: '3rem', sm: '3.75rem' },
          fontWeight: 700,
          lineHeight: 1.1,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {waited}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 3, maxWidth: 440, mx: 'auto' }}>
        {t('play.queue.hint')}
      </Typography>
      <Button variant="outlined" color="inherit" size="large" onClick={onLeave} disabled={busy}>
        {t('play.queue.leave')}
      </Button>
    </Paper>
  );
}
