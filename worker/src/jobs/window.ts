import type { Knex } from 'knex';
import { PLAYERS_ROOM, lastWindowWeek, push } from '@ecup/domain';
import {
  dispatchEvents,
  findCurrentSeason,
  notifyEvents,
  playersWhoChose,
  presentSeason,
  pushEvents,
  recordRoundWinners,
  type AfterCommit,
  type SeasonRecord,
} from '@ecup/db';

/** Players per `window_open` notification job. */
export const WINDOW_NOTICE_BATCH = 500;

export interface WindowJobDeps {
  knex: Knex;
  now: () => Date;
  /** What the worker does with committed events (its emitter's pushes). */
  after: AfterCommit;
}

/** Every connected player gets the season as GET /season/current answers it, so open apps switch without a reload. */
function pushSeason(deps: WindowJobDeps, season: SeasonRecord): Promise<void> {
  return dispatchEvents(pushEvents([push(PLAYERS_ROOM, 'season', presentSeason(season))]), deps.after);
}

/**
 * The weekly window's opening (docs/product.md#what-it-does, docs/decisions.md#season-and-time), the calendar's job at the season's opening minute: pushes
 * the season to every connected player, then tells every player who opted into `window_open` (push or e-mail) in
 * notification jobs of WINDOW_NOTICE_BATCH players each. Runs once per period (the calendar's job id).
 */
export async function openWindow(deps: WindowJobDeps): Promise<{ pushed: boolean; notified: number }> {
  const season = await findCurrentSeason(deps.knex);
  if (!season) return { pushed: false, notified: 0 };
  await pushSeason(deps, season);
  let notified = 0;
  let after = 0;
  for (;;) {
    const batch = await playersWhoChose(deps.knex, 'window_open', after, WINDOW_NOTICE_BATCH);
    if (batch.length === 0) break;
    await dispatchEvents(notifyEvents('window_open', batch, null), deps.after);
    notified += batch.length;
    after = batch[batch.length - 1]!;
  }
  return { pushed: true, notified };
}

/**
 * The weekly window's closing, the calendar's job at the season's closing minute: records the round winners of the
 * week that closed and of any earlier week not recorded yet (`recordRoundWinners`), then pushes the season to every
 * connected player. Idempotent: a second run finds the weeks recorded.
 */
export async function closeWindow(deps: WindowJobDeps): Promise<{ recorded: number; pushed: boolean }> {
  const season = await findCurrentSeason(deps.knex);
  if (!season) return { recorded: 0, pushed: false };
  const now = deps.now();
  const through = lastWindowWeek('close-window', now, season.time_zone, season);
  const { recorded } = await recordRoundWinners(deps.knex, { season_id: season.id, through, now });
  await pushSeason(deps, season);
  return { recorded, pushed: true };
}
