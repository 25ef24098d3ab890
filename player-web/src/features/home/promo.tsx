import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Checkroom from '@mui/icons-material/Checkroom';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import EventRepeat from '@mui/icons-material/EventRepeat';
import Flag from '@mui/icons-material/Flag';
import SportsSoccer from '@mui/icons-material/SportsSoccer';
import { seasonFinalYear } from '@ecup/domain';
import { useSeason } from '../../providers/season-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { seasonTimes } from './season-times.ts';

/** The prize facts of docs/product.md#what-it-does, in FIFA Points. */
const PODIUM: readonly { place: MessageKey; points: number; medal: string; trip?: boolean }[] = [
  { place: 'home.prizes.first', points: 36_000, medal: '#f5b700', trip: true },
  { place: 'home.prizes.second', points: 24_000, medal: '#c0c8d4' },
  { place: 'home.prizes.third', points: 12_000, medal: '#d08a4e' },
];
const WEEKLY_ROUND_POINTS = 12_000;
const TROPHY_HUNT_WEEKLY_POINTS = 12_000;

function Prizes() {
  const { t, numberFormat: number } = useI18n();
  const { productName, season } = useSeason();
  const points = (n: number) => t('home.prizes.points', { points: number.format(n) });
  return (
    <Box component="section" aria-labelledby="home-prizes">
      <Typography id="home-prizes" variant="h2" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 1 }}>
        {t('home.prizes.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {t('home.prizes.lead')}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {PODIUM.map((prize) => (
          <Paper
            key={prize.place}
            component="li"
            variant="outlined"
            sx={{
              p: { xs: 1.75, sm: 2.25 },
              borderTop: 4,
              borderTopColor: prize.medal,
              display: 'flex',
              flexDirection: { xs: 'row', sm: 'column' },
              alignItems: { xs: 'center', sm: 'flex-start' },
              gap: { xs: 1.5, sm: 0.5 },
            }}
          >
            <EmojiEvents aria-hidden sx={{ color: prize.medal, fontSize: { xs: 32, sm: 36 } }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.5 }}>
                {t(prize.place)}
              </Typography>
              <Typography sx={{ lineHeight: 1.2 }}>
                <Box
                  component="span"
                  sx={{
                    fontWeight: 700,
                    fontSize: { xs: '1.5rem', sm: '1.85rem' },
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {number.format(prize.points)}
                </Box>{' '}
                <Box component="span" sx={{ fontWeight: 500, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {t('home.prizes.unit')}
                </Box>
              </Typography>
              {prize.trip && (
                <Typography variant="body2" color="secondary" sx={{ fontWeight: 500, mt: 0.25 }}>
                  {season
                    ? t('home.prizes.trip', { year: seasonFinalYear(new Date(season.qualifiers_end * 1000)) })
                    : t('home.prizes.tripUndated')}
                </Typography>
              )}
            </Box>
          </Paper>
        ))}
      </Box>
      <Stack spacing={1.25} sx={{ mt: 2 }}>
        <Fact icon={<Checkroom />} label={t('home.prizes.apparel', { product: productName })} />
        <Fact icon={<SportsSoccer />} label={t('home.prizes.weekly')} value={points(WEEKLY_ROUND_POINTS)} />
        <Fact icon={<EmojiEvents />} label={t('home.prizes.trophyHunt')} value={points(TROPHY_HUNT_WEEKLY_POINTS)} />
      </Stack>
    </Box>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value?: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Box aria-hidden sx={{ display: 'grid', placeItems: 'center', color: 'primary.main', flex: 'none' }}>
        {icon}
      </Box>
      <Typography sx={{ minWidth: 0 }}>
        {label}
        {value && (
          <>
            {': '}
            <Box component="strong" sx={{ fontWeight: 700 }}>
              {value}
            </Box>
          </>
        )}
      </Typography>
    </Stack>
  );
}

/** "start – end", each side kept on one line. */
function Range({ start, end }: { start: string; end: string }) {
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {start}
      </Box>
      {' – '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {end}
      </Box>
    </>
  );
}

/** The qualifier dates, the weekly window and the finals, in the reader's locale and time zone. */
function Dates() {
  const { t, dateTime } = useI18n();
  const { season } = useSeason();
  const times = seasonTimes(season);
  if (!times) return null;
  const day: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
  const dayAndTime: Intl.DateTimeFormatOptions = { ...day, hour: '2-digit', minute: '2-digit' };
  const weekdayAndTime: Intl.DateTimeFormatOptions = { weekday: 'long', hour: '2-digit', minute: '2-digit' };
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  const rows = [
    {
      icon: <CalendarMonth />,
      label: t('home.dates.qualifiers'),
      value: (
        <Range start={dateTime(times.qualifiersStart, dayAndTime)} end={dateTime(times.qualifiersEnd, dayAndTime)} />
      ),
    },
    ...(times.window
      ? [
          {
            icon: <EventRepeat />,
            label: t('home.dates.window'),
            value:
              times.window === 'all-week' ? (
                t('home.dates.allWeek')
              ) : (
                <Range
                  start={dateTime(times.window.opens, weekdayAndTime)}
                  end={dateTime(times.window.closes, weekdayAndTime)}
                />
              ),
          },
        ]
      : []),
    ...(times.finals ? [{ icon: <Flag />, label: t('home.dates.finals'), value: dateTime(times.finals, day) }] : []),
  ];
  return (
    <Paper component="section" aria-labelledby="home-dates" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="home-dates" variant="h2" sx={{ fontSize: { xs: '1.35rem', sm: '1.5rem' }, mb: 2 }}>
        {t('home.dates.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2 }}>
        {rows.map((row) => (
          <div key={row.label}>
            <Typography
              component="dt"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
            >
              <Box component="span" aria-hidden sx={{ color: 'primary.main', display: 'inline-flex' }}>
                {row.icon}
              </Box>
              {row.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, pl: 4.5, fontWeight: 500, '&::first-letter': { textTransform: 'uppercase' } }}
            >
              {row.value}
            </Typography>
          </div>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
        {t('home.dates.zone', { zone })}
      </Typography>
    </Paper>
  );
}

/** The promo block of docs/product.md#what-it-does, docs/product.md#screens-and-routes: prizes and when the qualifiers are played. */
export function Promo() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 4 },
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.7fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Prizes />
      <Dates />
    </Box>
  );
}
