import type { Knex } from 'knex';

import { computeRoundWinners, recordedRoundWinners } from '../../queries/prizes.ts';

/**
 * Records the weekly round winners (docs/rules.md "Prizes") of every week of the season up to the one starting at
 * `through` (Monday 00:00 local, as `games.week_start`) that has none recorded yet, as the rule picks them at `now`:
 * the worker's job at the window's close, which so also records a week closed while no worker ran. A week with a
 * game not final yet (a result still to confirm, a conflict) waits for a later close, so its figures are the ones
 * the export would compute once every result is in. Idempotent and
 * safe to run twice at once: a week's place is unique, so the second insert of the same week adds nothing (both
 * runs then count it).
 */
export async function recordRoundWinners(
  knex: Knex,
  input: { season_id: number; through: Date; now: Date },
): Promise<{ recorded: number }> {
  const recorded = new Set((await recordedRoundWinners(knex, input.season_id)).map((w) => w.week_start_ms));
  const unsettled = new Set(
    (await knex('games').where('season_id', input.season_id).whereNot('state', 'final').distinct('week_start')).map(
      (row) => row.week_start.getTime(),
    ),
  );
  const winners = (await computeRoundWinners(knex, input.season_id, input.now)).filter(
    (winner) =>
      winner.week_start_ms <= input.through.getTime() &&
      !recorded.has(winner.week_start_ms) &&
      !unsettled.has(winner.week_start_ms),
  );
  if (winners.length === 0) return { recorded: 0 };
  await knex('round_winners')
    .insert(
      winners.map((winner) => ({
        season_id: input.season_id,
        week_start: new Date(winner.week_start_ms),
        place: 1,
        user_id: winner.user_id,
        elo_gain: winner.elo_gain,
        games: winner.games,
        wins: winner.wins,
        recorded_at: input.now,
      })),
    )
    .onConflict(['season_id', 'week_start', 'place'])
    .ignore();
  return { recorded: winners.length };
}
