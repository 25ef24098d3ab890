import { createContext, useContext, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { countdownParts, type CountdownParts } from '../../lib/durations.ts';
import { useServerNow } from '../../lib/server-clock.ts';

const NowContext = createContext<number | null>(null);

/**
 * One server-clock tick a second for every countdown below it, so they all turn over together, and only they
 * re-render (not the leaderboard beside them).
 */
export function CountdownClock({ active, children }: { active: boolean; children: ReactNode }) {
  const now = useServerNow(active, 1_000);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

function useNow(): number {
  const now = useContext(NowContext);
  if (now === null) throw new Error('countdown outside CountdownClock');
  return now;
}

type Unit = keyof CountdownParts;

/** Each unit: its word (one, many), its label under a large countdown's box, and its compact form ("5h"). */
const UNITS: readonly { unit: Unit; one: MessageKey; many: MessageKey; box: MessageKey; short: MessageKey }[] = [
  {
    unit: 'weeks',
    one: 'trophy.unit.week',
    many: 'trophy.unit.weeks',
    box: 'trophy.unit.weeksBox',
    short: 'trophy.unit.weeksShort',
  },
  {
    unit: 'days',
    one: 'trophy.unit.day',
    many: 'trophy.unit.days',
    box: 'trophy.unit.daysBox',
    short: 'trophy.unit.daysShort',
  },
  {
    unit: 'hours',
    one: 'trophy.unit.hour',
    many: 'trophy.unit.hours',
    box: 'trophy.unit.hoursBox',
    short: 'trophy.unit.hoursShort',
  },
  {
    unit: 'minutes',
    one: 'trophy.unit.minute',
    many: 'trophy.unit.minutes',
    box: 'trophy.unit.minutesBox',
    short: 'trophy.unit.minutesShort',
  },
  {
    unit: 'seconds',
    one: 'trophy.unit.second',
    many: 'trophy.unit.seconds',
    box: 'trophy.unit.secondsBox',
    short: 'trophy.unit.secondsShort',
  },
];

/** A countdown in words for screen readers: "2 days, 3 hours and 5 seconds" (zero parts left out). */
function useCountdownWords(): (parts: CountdownParts) => string {
  const { t, locale } = useI18n();
  return (parts) => {
    const words = UNITS.filter(({ unit }) => parts[unit] > 0).map(({ unit, one, many }) =>
      t('trophy.unit.count', { count: parts[unit], unit: t(parts[unit] === 1 ? one : many) }),
    );
    if (words.length === 0) return t('trophy.unit.count', { count: 0, unit: t('trophy.unit.seconds') });
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(words);
  };
}

/**
 * A large countdown to `deadlineMs` on the server's clock, one box per unit (docs/product.md#screens-and-routes: weeks, days, hours, minutes,
 * seconds), labelled by the element `labelledBy`. Screen readers get the time in words; the timer is not live, so
 * it does not talk every second.
 */
export function Countdown({ deadlineMs, labelledBy, name }: { deadlineMs: number; labelledBy: string; name: string }) {
  const { t } = useI18n();
  const words = useCountdownWords();
  const parts = countdownParts(deadlineMs - useNow());
  return (
    <Box role="timer" aria-labelledby={labelledBy} data-countdown={name}>
      <Box component="span" sx={visuallyHidden}>
        {words(parts)}
      </Box>
      <Box
        aria-hidden
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: { xs: 0.75, sm: 1 } }}
      >
        {UNITS.map(({ unit, box }) => (
          <Box
            key={unit}
            sx={{
              textAlign: 'center',
              py: { xs: 0.75, sm: 1 },
              borderRadius: 1.5,
              bgcolor: 'action.hover',
              border: 1,
              borderColor: 'divider',
              minWidth: 0,
            }}
          >
            <Box
              sx={{
                fontSize: { xs: '1.5rem', sm: '1.85rem' },
                fontWeight: 700,
                lineHeight: 1.15,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {unit === 'weeks' || unit === 'days' ? parts[unit] : String(parts[unit]).padStart(2, '0')}
            </Box>
            <Box
              sx={{
                fontSize: '0.68rem',
                color: 'text.secondary',
                textTransform: 'uppercase',
                letterSpacing: '0.04em',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                px: 0.25,
              }}
            >
              {t(box)}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A countdown in one line for tables, "1d 05h 09m 58s": weeks, days and hours only from the first that is not 0,
 * minutes and seconds always. Screen readers get the words.
 */
export function CompactCountdown({ deadlineMs }: { deadlineMs: number }) {
  const { t } = useI18n();
  const words = useCountdownWords();
  const parts = countdownParts(deadlineMs - useNow());
  const first = UNITS.findIndex(({ unit }) => parts[unit] > 0);
  const shown = UNITS.slice(Math.min(first === -1 ? 3 : first, 3));
  return (
    <Box component="span" role="timer" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      <Box component="span" aria-hidden>
        {shown
          .map(({ unit, short }, index) =>
            t(short, { count: index === 0 || unit === 'days' ? parts[unit] : String(parts[unit]).padStart(2, '0') }),
          )
          .join(' ')}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {words(parts)}
      </Box>
    </Box>
  );
}
