import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useNotify, useRefresh, useUpdate } from 'react-admin';
import { eloChanges, validateScore, type AdminConflictDetail, type AdminConflictPlayer } from '@ecup/domain';

/** '+12', '−8', '±0': an Elo change as the confirmation shows it. */
function signed(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return '±0';
}

/** The verdict the moderator is about to give: both scores and what each player's rating does with them. */
interface Verdict {
  score_1: number;
  score_2: number;
  rows: { player: AdminConflictPlayer; goals: number; change: number }[];
}

/**
 * The moderator's verdict (docs/api.md "conflicts": `{ action: 'resolve', score_1, score_2 }`, the rule of
 * `/admin/games/edit`): one score per player, labelled with their name, in game order. Each player's own claim can
 * be copied in with one click. The scores are checked with the player app's rule (0-99, docs/product.md#validation): a wrong one is
 * refused under its field with the spec's message, never cut to fit. A valid pair is not sent at once: the result
 * becomes final and moves both ratings, so a confirmation first shows both scores and each player's Elo change,
 * rated by the domain's Elo rule (`rateGame`, the one the server applies).
 */
export function ResolveForm({ record }: { record: AdminConflictDetail }) {
  const [scores, setScores] = useState<[string, string]>(['', '']);
  const [fieldErrors, setFieldErrors] = useState<[string | null, string | null]>([null, null]);
  const [error, setError] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [p1, p2] = [record.game.user_1, record.game.user_2];
  const claims = record.players.filter((p) => p.result?.kind === 'score' && p.result.score_1 !== null);
  const bySide = (side: 1 | 2) => record.players.find((p) => p.side === side)!;

  const setScore = (index: 0 | 1, value: string) => {
    setScores(index === 0 ? [value, scores[1]] : [scores[0], value]);
    setFieldErrors(index === 0 ? [null, fieldErrors[1]] : [fieldErrors[0], null]);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const one = validateScore(scores[0]);
    const two = validateScore(scores[1]);
    setError(null);
    if (!one.ok || !two.ok) {
      setFieldErrors([one.ok ? null : one.error, two.ok ? null : two.error]);
      return;
    }
    setFieldErrors([null, null]);
    const [first, second] = [bySide(1), bySide(2)];
    const { change_1, change_2 } = eloChanges({
      elo_1: first.elo,
      games_1: first.games_played,
      elo_2: second.elo,
      games_2: second.games_played,
      score_1: one.value,
      score_2: two.value,
    });
    setVerdict({
      score_1: one.value,
      score_2: two.value,
      rows: [
        { player: first, goals: one.value, change: change_1 },
        { player: second, goals: two.value, change: change_2 },
      ],
    });
  };

  const confirm = () => {
    if (!verdict) return;
    void update(
      'conflicts',
      {
        id: record.id,
        data: { action: 'resolve', score_1: verdict.score_1, score_2: verdict.score_2 },
        previousData: record,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setVerdict(null);
          notify('The conflict is solved.', { type: 'success' });
          refresh();
        },
        onError: (failure) => {
          setVerdict(null);
          setError(failure instanceof Error ? failure.message : String(failure));
          refresh();
        },
      },
    );
  };

  return (
    <Stack component="form" onSubmit={review} spacing={1.5} noValidate aria-label="Resolve the conflict">
      {[p1, p2].map((player, index) => (
        <TextField
          key={player.id}
          label={`${player.username} (player ${index + 1}) goals`}
          value={scores[index]}
          onChange={(e) => setScore(index as 0 | 1, e.target.value)}
          error={fieldErrors[index] !== null}
          helperText={fieldErrors[index] ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
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
              onClick={() => {
                setScores([String(player.result!.score_1), String(player.result!.score_2)]);
                setFieldErrors([null, null]);
              }}
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
      <Dialog
        open={verdict !== null}
        onClose={() => !isPending && setVerdict(null)}
        aria-labelledby="resolve-confirm-title"
        fullWidth
        maxWidth="xs"
        sx={{ '& .MuiDialog-paper': { mx: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } }}
      >
        <DialogTitle id="resolve-confirm-title">Make this the final score of match {record.id}?</DialogTitle>
        {verdict && (
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              The game becomes final and both ratings change at once. Players see the result as Solved.
            </DialogContentText>
            <Table
              size="small"
              aria-label="Final score and Elo changes"
              sx={{ '& th, & td': { px: 1 }, '& th:first-of-type, & td:first-of-type': { pl: 0 } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Player</TableCell>
                  <TableCell align="right">Goals</TableCell>
                  <TableCell align="right">Elo</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {verdict.rows.map(({ player, goals, change }) => (
                  <TableRow key={player.id}>
                    <TableCell sx={{ overflowWrap: 'break-word' }}>{player.username}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {goals}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {player.elo} → {player.elo + change} ({signed(change)})
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setVerdict(null)} disabled={isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={confirm} disabled={isPending}>
            Confirm final score
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
