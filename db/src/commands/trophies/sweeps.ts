import type { Knex } from 'knex';

import { TROPHY_EXPIRY_NOTICE_MS, isHuntOpen, trophyReleaseDue, weekStart, type Push } from '@ecup/domain';

import { notifyEvents, pushEvents, type CommandEvent, type Sweep } from '../types.ts';

import { releaseHeld } from './result.ts';
import { statsPush } from '../../queries/trophies.ts';
import {
  SEASON_COLUMNS,
  ensureTrophyPool,
  loadTrophySeason,
  seasonOf,
  type SeasonColumns,
} from '../../queries/trophy-hunt.ts';
import { transaction } from '../../services/transaction.ts';

import type { Trophy } from '../../models/Trophy.ts';

/** Trophies moved per sweep; the next tick takes the rest. */
const BATCH = 200;

/**
 * Sends one held trophy back to its pool if its time has come (docs/decisions.md#trophy-hunt), in its own transaction: the holder's
 * row lock, then the trophy's (a player's trophy only ever changes under the player's lock), the state checked
 * again under them and `trophyReleaseDue` deciding between 'expire' and 'reset' (whichever came first, never at or after the
 * hunt's end). A second sweep, on this worker or another, finds the trophy gone and does nothing. Answers the
 * holder's `stats` event.
 */
export async function releaseDueTrophy(knex: Knex, trophyId: number, now: Date): Promise<CommandEvent[]> {
  const peek = await knex('trophies').where('id', trophyId).first('holder_user_id', 'pool_id', 'state');
  if (!peek || peek.state !== 'held' || peek.holder_user_id === null) return [];
  const holder = peek.holder_user_id;
  const pushes = await transaction(knex, async (trx): Promise<Push[]> => {
    await trx('users').where('id', holder).forUpdate().first('id');
    const pool = await trx('trophy_pools').where('id', peek.pool_id).first('season_id', 'week_start');
    const trophy = await trx('trophies').where('id', trophyId).forUpdate().first();
    if (!pool || !trophy || trophy.state !== 'held' || trophy.holder_user_id !== holder) return [];
    const season = await loadTrophySeason(trx, pool.season_id);
    if (!season) return [];
    const due = trophyReleaseDue(
      { expires_at_ms: trophy.expires_at?.getTime() ?? 0, pool_week_start: pool.week_start },
      season,
      now.getTime(),
    );
    if (!due) return [];
    await releaseHeld(trx, trophy, due.kind, now);
    return [await statsPush(trx, holder, null, now)];
  });
  return pushEvents(pushes);
}

/**
 * The expiry sweep (docs/product.md#states, docs/product.md#constants: a 2-day window; docs/decisions.md#trophy-hunt: "when that runs out it goes back to the pool"):
 * every held trophy whose window ended by `now`, and before its season's hunt ended, goes back to its pool (move
 * 'expire', the holder's unsecured counter drops, `stats` to the holder). Safe to run twice or on several workers
 * at once; one missed while no worker ran is applied late, once.
 */
export const expireTrophies: Sweep = async (knex, now) => {
  const due: number[] = await knex('trophies as t')
    .join('trophy_pools as p', 'p.id', 't.pool_id')
    .join('seasons as s', 's.id', 'p.season_id')
    .where('t.state', 'held')
    .where('t.expires_at', '<=', now)
    .whereRaw('t.expires_at < s.trophy_hunt_end')
    .orderBy('t.expires_at')
    .limit(BATCH)
    .pluck('t.id');
  const events: CommandEvent[] = [];
  for (const id of due) events.push(...(await releaseDueTrophy(knex, id, now)));
  return events;
};

/**
 * The "2 hours left" notice (`trophy_expiring`): every held trophy whose window ends within
 * TROPHY_EXPIRY_NOTICE_MS, before its season's hunt ends, is announced to its holder once per holding. The guarded
 * write of `expiry_notified_for` (the `expires_at` announced) decides which worker announces it, so two workers or
 * two ticks announce it once; a new holder, or a new window, has a new `expires_at` and is announced again.
 */
export const warnExpiringTrophies: Sweep = async (knex, now) => {
  const due: (Pick<Trophy, 'id'> & {
    holder_user_id: number;
    expires_at: Date;
  })[] = await knex('trophies as t')
    .join('trophy_pools as p', 'p.id', 't.pool_id')
    .join('seasons as s', 's.id', 'p.season_id')
    .where('t.state', 'held')
    .where('t.expires_at', '>', now)
    .where('t.expires_at', '<=', new Date(now.getTime() + TROPHY_EXPIRY_NOTICE_MS))
    .whereRaw('t.expires_at < s.trophy_hunt_end')
    .where((q) => q.whereNull('t.expiry_notified_for').orWhereRaw('t.expiry_notified_for <> t.expires_at'))
    .orderBy('t.expires_at')
    .limit(BATCH)
    .select('t.id', 't.holder_user_id', 't.expires_at');
  const events: CommandEvent[] = [];
  for (const trophy of due) {
    const claimed = await knex('trophies')
      .where({ id: trophy.id, state: 'held', holder_user_id: trophy.holder_user_id, expires_at: trophy.expires_at })
      .where((q) => q.whereNull('expiry_notified_for').orWhereNot('expiry_notified_for', trophy.expires_at))
      .update({ expiry_notified_for: trophy.expires_at });
    if (claimed === 1) events.push(...notifyEvents('trophy_expiring', [trophy.holder_user_id], trophy.id));
  }
  return events;
};

/**
 * The weekly reset sweep (docs/decisions.md#trophy-hunt: "the pool resets at the start of every week"): opens this week's pool of
 * every active season whose hunt runs (INSERT IGNORE on the unique week key, so once whatever the number of
 * workers), then sends back every trophy still held from an earlier week's pool whose reset came before the hunt's
 * end (move 'reset', counters drop, `stats` to the holder), at most a batch per season per call. The worker's weekly
 * calendar job calls it until nothing is left; a reset missed while no worker ran happens when one starts, once.
 */
export const resetTrophyPools: Sweep = async (knex, now) => {
  const seasons = (
    (await knex('seasons').where('qualifiers_start', '<=', now).select(SEASON_COLUMNS)) as SeasonColumns[]
  ).map(seasonOf);
  for (const season of seasons) {
    if (season.active && isHuntOpen(season, now)) await ensureTrophyPool(knex, season, now);
  }
  const events: CommandEvent[] = [];
  for (const season of seasons) {
    // Pools whose reset (the next Monday 00:00) came by now and before the hunt's end.
    const lastEnded = Math.min(
      weekStart(now, season.time_zone).getTime(),
      weekStart(new Date(season.trophy_hunt_end.getTime() - 1), season.time_zone).getTime(),
    );
    const stale: number[] = await knex('trophies as t')
      .join('trophy_pools as p', 'p.id', 't.pool_id')
      .where('p.season_id', season.id)
      .where('p.week_start', '<', new Date(lastEnded))
      .where('t.state', 'held')
      .orderBy('t.id')
      .limit(BATCH)
      .pluck('t.id');
    for (const id of stale) events.push(...(await releaseDueTrophy(knex, id, now)));
  }
  return events;
};
