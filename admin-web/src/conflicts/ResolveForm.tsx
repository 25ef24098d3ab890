import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNotify, useRefresh, useUpdate } from 'react-admin';
import { validateScore, type AdminConflictDetail } from '@ecup/domain';

/**
 * The moderator's verdict (docs/api.md "conflicts": `{ action: 'resolve', score_1, score_2 }`, the rule of
 * `/admin/games/edit`): one score per player, labelled with their name, in game order. Each player's own claim can
 * be copied in with one click. The scores are checked with the player app's rule (0-99, spec §5).
 */
export function ResolveForm({ record }: { record: AdminConflictDetail }) {
  const [scores, setScores] = useState<[string, string]>(['', '']);
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [p1, p2] = [record.game.user_1, record.game.user_2];
  const claims = record.players.filter((p) => p.result?.kind === 'score' && p.result.score_1 !== null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const one = validateScore(scores[0]);
    const two = validateScore(scores[1]);
    if (!one.ok || !two.ok) {
      setError(!one.ok ? one.error : !two.ok ? two.error : null);
      return;
    }
    setError(null);
    void update(
      'conflicts',
      {
        id: record.id,
        data: { action: 'resolve', score_1: one.value, score_2: two.value },
        previousData: record,
      },
      {
        onSuccess: () => {
          notify('The conflict is solved.', { type: 'success' });
          refresh();
        },
        onError: (failure) => {
          setError(failure instanceof Error ? failure.message : String(failure));
          refresh();
        },
      },
    );
  };

  return (
    <Stack component="form" onSubmit={submit} spacing={1.5} noValidate aria-label="Resolve the conflict">
      {[p1, p2].map((player, index) => (
        <TextField
          key={player.id}
          label={`${player.username} (player ${index + 1}) goals`}
          value={scores[index]}
          onChange={(e) => setScores(index === 0 ? [e.target.value, scores[1]] : [scores[0], e.target.value])}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          fullWidth
          required
        />
      ))}
      {claims.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {claims.map((player) => (
            <Button
              key={player.id}
              variant="text"
              onClick={() => setScores([String(player.result!.score_1), String(player.result!.score_2)])}
            >
              Use {player.username}’s claim ({player.result!.score_1}–{player.result!.score_2})
            </Button>
          ))}
        </Stack>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" disabled={isPending} sx={{ alignSelf: 'flex-start' }}>
        Resolve with this score
      </Button>
    </Stack>
  );
}
