import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GamePayload } from '@ecup/domain';
import { useI18n } from '../../../i18n/i18n.tsx';
import { formatClock } from '../../../lib/durations.ts';
import { useServerNow } from '../../../lib/server-clock.ts';
import { otherSeat, seatOf, type Seat } from '../game-logic.ts';
import { useDeadlineText } from './use-deadline-text.ts';

/** Before the form opens: a live countdown on the server's clock and the local time it opens. */
export function ResultCountdown({ game, seat }: { game: GamePayload; seat: Seat }) {
  const { t } = useI18n();
  const deadline = useDeadlineText();
  const now = useServerNow(true);
  const opponent = seatOf(game, otherSeat(seat)).player;
  return (
    <Box>
      <Typography variant="overline" component="p" color="text.secondary">
        {t('game.result.opensIn')}
      </Typography>
      <Stack useFlexGap direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography
          role="timer"
          data-result-countdown
          sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatClock(game.result_opens_at_ms - now, 'ceil')}
        </Typography>
        <Typography color="text.secondary">
          {t('game.result.opensAt', { time: deadline(game.result_opens_at_ms) })}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        {t('game.result.playHint', { name: opponent.username })}
      </Typography>
    </Box>
  );
}
