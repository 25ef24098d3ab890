import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { otherSeat, seatOf, toGameOrder } from '../game-logic.ts';
import { submitResult } from '../submit-result.ts';
import { ScoreFields } from './score-fields.tsx';
import { useScoreForm } from './use-score-form.ts';
import { Busy } from './busy.tsx';
import type { PlayerPanelProps } from './player-panel-props.ts';

/** The result form, which opens 12 minutes after the game started, with the scores in the player's order. */
export function ResultForm({ game, seat, onGame }: PlayerPanelProps) {
  const { t } = useI18n();
  const { api } = useClient();
  const { values, setValues, pending, submit } = useScoreForm(['', ''], async ([mine, theirs]) =>
    onGame(await submitResult(api, { gameId: game.id, ...toGameOrder(mine, theirs, seat) })),
  );
  const opponent = seatOf(game, otherSeat(seat)).player;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="result-title" data-result-form>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('game.result.formHint')}
      </Typography>
      <ScoreFields
        idPrefix="score"
        labels={[t('game.result.mine'), t('game.result.theirs', { name: opponent.username })]}
        values={values}
        onChange={setValues}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pending}
        startIcon={<Busy pending={pending} />}
        sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {t('game.result.submit')}
      </Button>
    </Box>
  );
}
