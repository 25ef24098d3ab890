import Typography from '@mui/material/Typography';
import type { GamePayload } from '@ecup/domain';
import { useI18n } from '../../../i18n/i18n.tsx';
import { useDeadlineText } from './use-deadline-text.ts';
import { ResultSection } from './result-section.tsx';
import { EscalationNote } from './escalation-note.tsx';

/** What a moderator who is not a player reads about the game's state. */
export function StaffResultSummary({ game }: { game: GamePayload }) {
  const { t } = useI18n();
  const deadline = useDeadlineText();
  const name = (id: number | null) => (id === game.user_1.id ? game.user_1.username : game.user_2.username);
  let text: string;
  switch (game.state) {
    case 'playing':
      text = t('game.staff.playing', { time: deadline(game.result_opens_at_ms) });
      break;
    case 'submitted':
      text = t('game.staff.submitted', {
        name: name(game.submitted_user_id),
        first: game.user_1.username,
        second: game.user_2.username,
        score1: game.score_1 ?? 0,
        score2: game.score_2 ?? 0,
      });
      break;
    case 'dropped':
      text = t('game.staff.dropped', {
        name: game.dropped_user_id === game.user_1.id ? game.user_2.username : game.user_1.username,
        other: name(game.dropped_user_id),
      });
      break;
    case 'conflict':
      text = t('game.result.conflict');
      break;
    case 'final':
      text = t('game.result.final');
      break;
  }
  return (
    <ResultSection>
      <Typography>{text}</Typography>
      {(game.state === 'submitted' || game.state === 'dropped') && <EscalationNote game={game} />}
    </ResultSection>
  );
}
