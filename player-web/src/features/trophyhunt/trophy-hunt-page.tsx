import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { RANKING_INITIAL, RANKING_SORT_TROPHIES, message } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useSeason } from '../../providers/season-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { RankingTable } from '../../components/ranking/ranking-table.tsx';
import { useI18n, WEEKDAY_TIME_FORMAT } from '../../i18n/i18n.tsx';
import { Countdown, CountdownClock } from './countdown.tsx';
import { MyTrophiesPanel, SignInPrompt } from './my-trophies.tsx';
import { SPONSOR_RED, SponsorBand } from './sponsor-band.tsx';
import { TrophyHolders } from './trophy-holders.tsx';
import type { MyTrophies, TrophyHuntView } from './trophy-hunt.ts';
import { TrophyPool } from './trophy-pool.tsx';
import { useTrophyHunt } from './use-trophy-hunt.ts';

/** A card of the page with its h2. */
function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.35rem', sm: '1.5rem' }, fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A deadline's local date and time with the zone (ui-brief: deadlines show the local time and zone). */
function useDeadlineText(): (ms: number) => string {
  const { dateTime } = useI18n();
  return (ms) => dateTime(new Date(ms), WEEKDAY_TIME_FORMAT);
}

const timerHeading = {
  variant: 'h2',
  sx: { fontSize: { xs: '1.2rem', sm: '1.35rem' }, fontWeight: 700, mb: 1.5 },
} as const;
const timerCaption = { variant: 'body2', color: 'text.secondary', sx: { mt: 1 } } as const;

/** One labelled countdown with the moment it counts to written below. */
function Timer({ id, title, deadlineMs, caption }: { id: string; title: string; deadlineMs: number; caption: string }) {
  return (
    <>
      <Typography id={`trophy-${id}-title`} {...timerHeading}>
        {title}
      </Typography>
      <Countdown deadlineMs={deadlineMs} labelledBy={`trophy-${id}-title`} name={id} />
      <Typography {...timerCaption}>{caption}</Typography>
    </>
  );
}

/**
 * docs/product.md#screens-and-routes: time until the next pool reset and until the tournament (the hunt) ends, ticking each second. Before the
 * hunt starts, the first countdown is to its start (when the first pool opens).
 */
function Timers({ view }: { view: TrophyHuntView }) {
  const { t } = useI18n();
  const deadline = useDeadlineText();
  let first: ReactNode;
  if (view.hunt_starts_at_ms !== null) {
    first = (
      <Timer
        id="hunt-start"
        title={t('trophy.timer.huntStarts')}
        deadlineMs={view.hunt_starts_at_ms}
        caption={t('trophy.timer.huntStartsAt', { size: view.pool_size, date: deadline(view.hunt_starts_at_ms) })}
      />
    );
  } else if (view.reset_at_ms !== null) {
    first = (
      <Timer
        id="reset"
        title={t('trophy.timer.reset')}
        deadlineMs={view.reset_at_ms}
        caption={t('trophy.timer.resetAt', { size: view.pool_size, date: deadline(view.reset_at_ms) })}
      />
    );
  } else {
    first = (
      <>
        <Typography {...timerHeading}>{t('trophy.timer.reset')}</Typography>
        <Typography color="text.secondary">{t('trophy.timer.noReset')}</Typography>
      </>
    );
  }
  return (
    <Paper
      component="section"
      aria-label={t('trophy.timers')}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}
    >
      {first}
      <Box sx={{ mt: 2.5, pt: 2.5, borderTop: 1, borderColor: 'divider' }}>
        <Timer
          id="hunt-end"
          title={t('trophy.timer.huntEnds')}
          deadlineMs={view.hunt_ends_at_ms}
          caption={t('trophy.timer.huntEndsAt', { date: deadline(view.hunt_ends_at_ms) })}
        />
      </Box>
    </Paper>
  );
}

/** After the end moment (docs/product.md#screens-and-routes): the spec's text instead of the pool and the timers. */
function Ended({ mine }: { mine: MyTrophies | null }) {
  const { t, tm } = useI18n();
  const { productName } = useSeason();
  let yours: string | null = null;
  if (mine) {
    yours =
      mine.secured === 0
        ? t('trophy.ended.mineNone')
        : mine.secured === 1
          ? t('trophy.ended.mineOne')
          : t('trophy.ended.mineMany', { count: mine.secured });
  }
  return (
    <Paper
      component="section"
      aria-labelledby="trophy-ended"
      variant="outlined"
      data-hunt-ended
      sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center', borderColor: SPONSOR_RED }}
    >
      <EmojiEvents aria-hidden sx={{ fontSize: 56, color: 'secondary.main' }} />
      <Typography
        id="trophy-ended"
        variant="h2"
        sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 700, mt: 1, mb: 1.5 }}
      >
        {tm(message('seasonEnded', { product: productName }))}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto' }}>
        {t('trophy.ended.hint')}
      </Typography>
      {yours && (
        <Typography sx={{ mt: 2, fontWeight: 600 }} data-secured={mine?.secured}>
          {yours}
        </Typography>
      )}
    </Paper>
  );
}

/** Reads the leaderboard again when the signed-in player's secured count changes (they may have moved up). */
function useLeaderboardKey(secured: number | null): number {
  const [key, setKey] = useState(0);
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (secured === null) return;
    if (last.current !== null && last.current !== secured) setKey((k) => k + 1);
    last.current = secured;
  }, [secured]);
  return key;
}

/**
 * Route /trophyhunt (docs/product.md#screens-and-routes Trophy hunt page; docs/decisions.md#trophy-hunt): the sponsored band, this week's pool as a fill level,
 * the time until the next reset and the end of the hunt, the signed-in player's trophies (or a sign-in prompt), the
 * live list of current holders and the trophy leaderboard. After the end, the spec's text replaces pool and timers.
 */
export function Component() {
  const { t } = useI18n();
  usePageTitle(t('trophy.title'));
  const { state: client } = useClient();
  const hunt = useTrophyHunt();
  const user = client.user;
  const view = hunt.stats.status === 'ready' ? hunt.stats.data : null;
  // Until the answer for this player arrives (just signed in), their part waits rather than showing a visitor's.
  const mine = view && user && hunt.statsUserId === user.id ? view.mine : null;
  const leaderboardKey = useLeaderboardKey(mine?.secured ?? null);

  let top: ReactNode;
  if (hunt.stats.status === 'loading') {
    top = <LoadingScreen fullScreen={false} />;
  } else if (hunt.stats.status === 'error' || !view) {
    top = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={hunt.retry}>
            {t('trophy.retry')}
          </Button>
        }
      >
        {t('trophy.error')}
      </Alert>
    );
  } else if (view.hunt_ended) {
    top = <Ended mine={mine} />;
  } else {
    top = (
      <CountdownClock active>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Card id="trophy-pool-title" title={t('trophy.pool.title')}>
            <TrophyPool left={view.trophies_left} size={view.pool_size} labelledBy="trophy-pool-title" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {view.hunt_starts_at_ms !== null
                ? t('trophy.pool.notStartedHint')
                : view.trophies_left > 0
                  ? t('trophy.pool.hint')
                  : t('trophy.pool.emptyHint')}
            </Typography>
          </Card>
          <Timers view={view} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            {user ? (
              <MyTrophiesPanel mine={mine} trophiesLeft={view.trophies_left} />
            ) : (
              <SignInPrompt checking={client.authenticating} />
            )}
          </Box>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TrophyHolders holders={hunt.holders} youId={user?.id ?? null} onRetry={hunt.retry} />
          </Box>
        </Box>
      </CountdownClock>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 0, sm: 5 } }}>
      <SponsorBand />
      <Box sx={{ mt: { xs: 2.5, sm: 3 } }}>{top}</Box>
      <Box component="section" aria-labelledby="trophy-leaderboard-title" sx={{ mt: { xs: 5, sm: 6 }, pb: { xs: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2.5 }}>
          <Typography id="trophy-leaderboard-title" variant="h2" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {t('trophy.leaderboard.title')}
          </Typography>
          <Link component={RouterLink} to="/ranking?sort=trophies" sx={{ fontWeight: 500, flex: 'none' }}>
            {t('trophy.leaderboard.link')}
          </Link>
        </Box>
        <RankingTable sorting={RANKING_SORT_TROPHIES} initialAmount={RANKING_INITIAL} refreshKey={leaderboardKey} />
      </Box>
    </Container>
  );
}
