import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../../i18n/i18n.tsx';
import { useServerNow } from '../../../lib/server-clock.ts';
import { formatEloChange, fromGameOrder, otherSeat, seatOf } from '../game-logic.ts';
import { ResultSection } from './result-section.tsx';
import type { PlayerPanelProps } from './player-panel-props.ts';
import { ResultForm } from './result-form.tsx';
import { ResultCountdown } from './result-countdown.tsx';
import { AnswerButtons } from './answer-buttons.tsx';
import { OpponentLeftButton } from './opponent-left-button.tsx';
import { EscalationNote } from './escalation-note.tsx';

/** The result area of a player: countdown, form, waiting, verify/protest, conflict or the final word. */
export function PlayerResultPanel({ game, seat, onGame }: PlayerPanelProps) {
  const { t } = useI18n();
  const now = useServerNow(game.state === 'playing');
  const me = seatOf(game, seat);
  const opponent = seatOf(game, otherSeat(seat)).player;
  const { mine, theirs } = fromGameOrder(game, seat);
  const myId = me.player.id;

  let content: ReactNode;
  switch (game.state) {
    case 'playing':
      content = (
        <>
          {now < game.result_opens_at_ms ? (
            <ResultCountdown game={game} seat={seat} />
          ) : (
            <ResultForm game={game} seat={seat} onGame={onGame} />
          )}
          <Box>
            <OpponentLeftButton game={game} seat={seat} onGame={onGame} />
          </Box>
        </>
      );
      break;
    case 'submitted':
      content =
        game.submitted_user_id === myId ? (
          <>
            <Typography>
              {t('game.result.submittedByMe', { mine: mine ?? 0, theirs: theirs ?? 0, name: opponent.username })}
            </Typography>
            <EscalationNote game={game} />
          </>
        ) : (
          <>
            <Typography sx={{ fontWeight: 500 }}>
              {t('game.result.submittedByThem', { name: opponent.username, mine: mine ?? 0, theirs: theirs ?? 0 })}
            </Typography>
            <AnswerButtons game={game} onGame={onGame} />
            <EscalationNote game={game} />
          </>
        );
      break;
    case 'dropped':
      content =
        game.dropped_user_id === myId ? (
          <>
            <Typography sx={{ fontWeight: 500 }}>{t('game.result.droppedMe', { name: opponent.username })}</Typography>
            <AnswerButtons game={game} onGame={onGame} />
            <EscalationNote game={game} />
          </>
        ) : (
          <>
            <Typography>{t('game.result.droppedByMe', { name: opponent.username })}</Typography>
            <EscalationNote game={game} />
          </>
        );
      break;
    case 'conflict':
      content = (
        <>
          <Typography>{t('game.result.conflict')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('game.result.conflictHint')}
          </Typography>
        </>
      );
      break;
    case 'final':
      content = (
        <Typography>
          {t('game.result.final')}{' '}
          {me.eloChange !== null &&
            t('game.result.eloNow', { elo: me.player.elo, change: formatEloChange(me.eloChange) })}
        </Typography>
      );
      break;
  }

  return <ResultSection>{content}</ResultSection>;
}
