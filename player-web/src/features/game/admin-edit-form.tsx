import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type GamePayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { editResult } from './edit-result.ts';
import { ScoreFields, useScoreForm } from './result-panel/index.ts';

const asText = (score: number | null) => (score === null ? '' : String(score));

/**
 * The moderator's result form (docs/product.md#states, docs/product.md#roles: canResolveConflicts, not a player): a score for each player by name, in
 * game order, saved with POST /admin/games/edit; success shows 'The result has been saved.'
 */
export function AdminEditForm({ game, onGame }: { game: GamePayload; onGame(game: GamePayload): void }) {
  const { t, tm } = useI18n();
  const { api, popover } = useClient();
  const { values, setValues, pending, submit } = useScoreForm(
    [asText(game.score_1), asText(game.score_2)],
    async ([score1, score2]) => {
      onGame(await editResult(api, { gameId: game.id, score1, score2 }));
      popover(t('game.admin.title'), tm('resultSaved'));
    },
  );

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="admin-edit-title"
      sx={{ p: { xs: 2, sm: 2.5 }, borderColor: 'secondary.main' }}
    >
      <Typography id="admin-edit-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('game.admin.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('game.admin.hint')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <ScoreFields
          idPrefix="admin-score"
          labels={[
            t('game.admin.score', { name: game.user_1.username }),
            t('game.admin.score', { name: game.user_2.username }),
          ]}
          values={values}
          onChange={setValues}
        />
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          size="large"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
        >
          {t('game.admin.save')}
        </Button>
      </Box>
    </Paper>
  );
}
