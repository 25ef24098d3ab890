import Typography from '@mui/material/Typography';
import type { GamePayload } from '@ecup/domain';
import { useI18n } from '../../../i18n/i18n.tsx';
import { useDeadlineText } from './use-deadline-text.ts';

/** When an unanswered submission or report goes to conflict, in local time. */
export function EscalationNote({ game }: { game: GamePayload }) {
  const { t } = useI18n();
  const deadline = useDeadlineText();
  if (game.escalates_at_ms === null) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
      {t('game.result.escalates', { time: deadline(game.escalates_at_ms) })}
    </Typography>
  );
}
