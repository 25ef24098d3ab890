import type { Knex } from 'knex';

import {
  countdownSeconds,
  isHuntOpen,
  nextWeekStart,
  resultOutcome,
  trophyMoves,
  trophyReleaseDue,
  weekStart,
  type HeldTrophy,
  type HeldTrophyPayload,
  type TrophyMove,
} from '@ecup/domain';

import type { TrophyMoveRow } from '../../models/TrophyMove.ts';
import type { NewRow } from '../../models/tables.ts';

import {
  ensureTrophyPool,
  findTrophyPool,
  loadTrophySeason,
  lockHeldTrophyOf,
  lockTrophies,
  lockTrophyPool,
  type HuntState,
  type PoolRow,
  type TrophyRow,
  type TrophySeason,
} from '../../queries/trophy-hunt.ts';

/** The columns of a trophy back in its pool. */
const IN_POOL = { state: 'pool', holder_user_id: null, wins: 0, taken_at: null, expires_at: null } as const;

/**
 * Writes one move and the trophy's new state: the move row (with the trophy's state before it, so a moderator's
 * edit can restore it), then one write guarded by the trophy's latest move as the caller read it under the
 * trophy's lock (`last_move_id`, which every move changes: "the trophy has not moved since"), which records this
 * move as the latest. The guard names the row by primary key only, so the write locks that row and nothing around
 * it in the state and holder indexes. A guard that matches nothing means the locks were not what the caller
 * thought: an error, and the whole transaction rolls back. Answers the move's id.
 */
export async function moveTrophy(
  trx: Knex,
  input: {
    trophy: TrophyRow;
    kind: TrophyMoveRow['kind'];
    game_id: number | null;
    from_user_id: number | null;
    to_user_id: number | null;
    changes: Record<string, unknown>;
    now: Date;
  },
): Promise<number> {
  const [moveId] = await trx('trophy_moves').insert({
    trophy_id: input.trophy.id,
    game_id: input.game_id,
    kind: input.kind,
    from_user_id: input.from_user_id,
    to_user_id: input.to_user_id,
    wins_before: input.trophy.wins,
    taken_at_before: input.trophy.taken_at,
    expires_at_before: input.trophy.expires_at,
    created_at: input.now,
  });
  const changed = await trx('trophies')
    .where('id', input.trophy.id)
    .whereRaw('last_move_id <=> ?', [input.trophy.last_move_id])
    .update({ ...input.changes, last_move_id: moveId, updated_at: input.now });
  if (changed !== 1) throw new Error(`trophy ${input.trophy.id} was not in the state its ${input.kind} expected`);
  return moveId!;
}

/** Adds `delta` to a player's unsecured or secured trophy counter (kept equal to the trophies' states). */
export async function countTrophies(
  trx: Knex,
  userId: number,
  column: 'unsecured_trophies' | 'secured_trophies',
  delta: 1 | -1,
): Promise<void> {
  await trx('users')
    .where('id', userId)
    .update({ [column]: trx.raw(delta === 1 ? '?? + 1' : '?? - 1', [column]) });
}

/**
 * Sends a held trophy back to its pool without a game (docs/decisions.md#trophy-hunt: its 2-day window ran out, or its week's pool
 * was reset): move 'expire' or 'reset', and the holder's unsecured counter drops. The caller holds the holder's
 * and the trophy's row locks.
 */
export async function releaseHeld(trx: Knex, trophy: TrophyRow, kind: 'expire' | 'reset', now: Date): Promise<void> {
  const holder = trophy.holder_user_id!;
  await moveTrophy(trx, {
    trophy,
    kind,
    game_id: null,
    from_user_id: holder,
    to_user_id: null,
    changes: IN_POOL,
    now,
  });
  await countTrophies(trx, holder, 'unsecured_trophies', -1);
}

/** What the hunt reads of a game. */
export interface TrophyGame {
  id: number;
  season_id: number;
  user_1_id: number;
  user_2_id: number;
}

/**
 * A player's held trophy as the rules see it at `now`, under its lock. One that has already run out, or that comes
 * from an earlier week's pool, is sent back first (move 'expire' or 'reset', as the worker would have done), so it
 * never blocks the player from taking a new one (a player holds at most one).
 */
async function settledHolding(
  trx: Knex,
  season: TrophySeason,
  pool: PoolRow,
  userId: number,
  now: Date,
  unsecured: number | undefined,
): Promise<TrophyRow | null> {
  const held = await lockHeldTrophyOf(trx, userId, unsecured);
  if (!held) return null;
  const expired = held.expires_at === null || held.expires_at.getTime() <= now.getTime();
  if (held.pool_id === pool.id && !expired) return held;
  const from = await trx('trophy_pools').where('id', held.pool_id).first('season_id', 'week_start');
  if (!from) throw new Error(`Trophy pool ${held.pool_id} is missing`);
  if (from.season_id !== season.id) {
    // Left over from an earlier season's hunt (kept as it was when that hunt ended): it goes back as a reset when
    // its holder plays in this one, so it never blocks them.
    await releaseHeld(trx, held, 'reset', now);
    return null;
  }
  const due = trophyReleaseDue(
    { expires_at_ms: held.expires_at?.getTime() ?? 0, pool_week_start: from.week_start },
    season,
    now.getTime(),
  );
  // Not due: a pool of a later week, opened by a process whose clock runs ahead; it is still in play.
  if (!due) return held;
  await releaseHeld(trx, held, due.kind, now);
  return null;
}

/** The kinds of move a result makes (the domain's); 'reverse' rows and the worker's releases are not among them. */
const GAME_MOVE_KINDS: TrophyMove['kind'][] = ['take', 'pass', 'win', 'secure', 'return'];

/**
 * The pool's first free trophy, under its row lock, or null when the pool is empty. The caller holds the pool's
 * lock, so no other result claims one meanwhile; a locking read sees the latest committed rows, whatever the
 * transaction's snapshot. One row through the (pool_id, state) index, so the lock covers that row and the gap
 * before it, never a neighbouring pool's rows.
 */
async function firstFreeTrophy(trx: Knex, poolId: number): Promise<{ id: number; last_move_id: number | null } | null> {
  const [rows] = (await trx.raw(
    "SELECT id, last_move_id FROM trophies FORCE INDEX (trophies_pool_id_state_index) WHERE pool_id = ? AND state = 'pool' ORDER BY pool_id, state, id LIMIT 1 FOR UPDATE",
    [poolId],
  )) as [{ id: number; last_move_id: number | null }[]];
  return rows[0] ?? null;
}

/** How a result's moves touch the pool: not at all (passes, wins), only by a take, or otherwise (give back, secure). */
function planOf(moves: readonly TrophyMove[]): 'none' | 'take' | 'lock' {
  if (moves.every((m) => m.kind === 'pass' || m.kind === 'win')) return 'none';
  if (moves.every((m) => m.kind === 'take')) return 'take';
  return 'lock';
}

/**
 * How a result between the two players will touch the pool `poolId` ({@link planOf}), from their trophies read
 * without locks before any trophy is locked, so the pool's lock keeps its place in the lock order (players, pool,
 * trophies). A trophy that no longer counts (run out, another week's) goes back first: 'lock'. A player's trophy
 * changes only under the player's lock, which the caller holds, so the plain read sees it as it is unless this
 * transaction's snapshot is older than that lock (the caller plans again under the trophies' locks). `unsecured`:
 * the counters read under the players' locks (0: holds none); without them, 'lock'.
 */
async function poolPlan(
  trx: Knex,
  game: TrophyGame,
  score: { score_1: number; score_2: number },
  poolId: number,
  now: Date,
  unsecured: ReadonlyMap<number, number> | undefined,
): Promise<'none' | 'take' | 'lock'> {
  if (!unsecured) return 'lock';
  const holders = [game.user_1_id, game.user_2_id].filter((id) => unsecured.get(id) !== 0);
  const rows =
    holders.length === 0
      ? []
      : await trx('trophies').whereIn('held_by', holders).select('id', 'held_by', 'pool_id', 'wins', 'expires_at');
  if (rows.length !== holders.length) return 'lock';
  if (rows.some((row) => row.pool_id !== poolId || row.expires_at === null || row.expires_at <= now)) return 'lock';
  const heldBy = (userId: number): HeldTrophy | null => {
    const row = rows.find((r) => r.held_by === userId);
    return row
      ? { id: row.id, holder_user_id: userId, wins: row.wins, expires_at_ms: row.expires_at!.getTime() }
      : null;
  };
  return planOf(
    trophyMoves({
      user_1_id: game.user_1_id,
      user_2_id: game.user_2_id,
      score_1: score.score_1,
      score_2: score.score_2,
      trophy_1: heldBy(game.user_1_id),
      trophy_2: heldBy(game.user_2_id),
      pool_left: 1,
      hunt_open: true,
      now_ms: now.getTime(),
    }),
  );
}

/**
 * Whether a trophy is left in the pool, read without locks. "None" may be a moment old (a trophy another result
 * is returning has not committed yet); the result then takes none, as if it had come first. "Some" is checked
 * again under the pool's lock (`firstFreeTrophy`).
 */
async function poolHasTrophy(trx: Knex, poolId: number): Promise<boolean> {
  const [rows] = (await trx.raw(
    "SELECT id FROM trophies FORCE INDEX (trophies_pool_id_state_index) WHERE pool_id = ? AND state = 'pool' LIMIT 1",
    [poolId],
  )) as [{ id: number }[]];
  return rows.length > 0;
}

const asHeld = (row: TrophyRow | null): HeldTrophy | null =>
  row === null
    ? null
    : { id: row.id, holder_user_id: row.holder_user_id!, wins: row.wins, expires_at_ms: row.expires_at!.getTime() };

/** The columns a take or a pass sets: the new holder, the trophy's wins and its window from now. */
const heldBy = (move: { to_user_id: number; wins: number; expires_at_ms: number }, now: Date) => ({
  holder_user_id: move.to_user_id,
  wins: move.wins,
  taken_at: now,
  expires_at: new Date(move.expires_at_ms),
});

/** How a result changes one player's trophy counters. */
export interface CounterChange {
  unsecured_trophies: number;
  secured_trophies: number;
}

/**
 * A trophy's new state after a result's moves: its columns, to be written guarded by its latest move as read
 * (`last_move_id`, which every move changes: "the trophy has not moved since").
 */
export interface TrophyWrite {
  id: number;
  guard: number | null;
  changes: Record<string, Knex.Value>;
}

/**
 * Writes the domain's moves: every move's row in one insert (in order, each with the trophy's state before it),
 * then each trophy touched once, with the state its last move left, guarded by its latest move as the caller read
 * it under the players' locks (`last_move_id`, "the trophy has not moved since") and recording its last move of
 * this result. A multi-row insert numbers its rows one after the other (InnoDB's "consecutive" auto-increment lock
 * mode, MariaDB's default), so the move ids follow from the first. Answers the trophies as the moves leave them,
 * and the trophies' writes and the counter changes by player, which the caller makes (a final result folds them
 * into its one update of the game and the players).
 */
async function writeMoves(
  trx: Knex,
  input: {
    game_id: number;
    pool_id: number;
    moves: TrophyMove[];
    held: Map<number, TrophyRow>;
    free: { id: number; last_move_id: number | null } | null;
    now: Date;
  },
): Promise<{ trophies: Map<number, TrophyRow>; counters: Map<number, CounterChange>; writes: TrophyWrite[] }> {
  const { game_id, now } = input;
  const current = new Map(input.held);
  const counters = new Map<number, CounterChange>();
  const count = (userId: number, column: keyof CounterChange, delta: 1 | -1) => {
    const change = counters.get(userId) ?? { unsecured_trophies: 0, secured_trophies: 0 };
    change[column] += delta;
    counters.set(userId, change);
  };
  const at = (id: number) => {
    const row = current.get(id);
    if (!row) throw new Error(`trophy ${id} is not one of the players' trophies`);
    return row;
  };
  const rows: NewRow<'trophy_moves'>[] = [];
  /** Per trophy: its latest move as read (the guard), the columns its moves set, and the index of its last move. */
  const touched = new Map<number, { guard: number | null; changes: Record<string, unknown>; last: number }>();
  const record = (
    trophy: TrophyRow,
    move: { kind: TrophyMoveRow['kind']; from_user_id: number | null; to_user_id: number | null },
    changes: Record<string, unknown>,
  ) => {
    rows.push({
      trophy_id: trophy.id,
      game_id,
      kind: move.kind,
      from_user_id: move.from_user_id,
      to_user_id: move.to_user_id,
      wins_before: trophy.wins,
      taken_at_before: trophy.taken_at,
      expires_at_before: trophy.expires_at,
      created_at: now,
    });
    const entry = touched.get(trophy.id) ?? { guard: trophy.last_move_id, changes: {}, last: 0 };
    Object.assign(entry.changes, changes);
    entry.last = rows.length - 1;
    touched.set(trophy.id, entry);
    current.set(trophy.id, { ...trophy, ...(changes as Partial<TrophyRow>) });
  };
  for (const move of input.moves) {
    if (move.kind === 'take') {
      if (input.free === null) throw new Error('the pool has no trophy left to take');
      const trophy: TrophyRow = {
        id: input.free.id,
        pool_id: input.pool_id,
        state: 'pool',
        holder_user_id: null,
        wins: 0,
        taken_at: null,
        expires_at: null,
        secured_at: null,
        last_move_id: input.free.last_move_id,
      };
      record(
        trophy,
        { kind: 'take', from_user_id: null, to_user_id: move.to_user_id },
        {
          state: 'held',
          ...heldBy(move, now),
        },
      );
      count(move.to_user_id, 'unsecured_trophies', 1);
    } else if (move.kind === 'pass') {
      record(at(move.trophy_id), move, heldBy(move, now));
      count(move.from_user_id, 'unsecured_trophies', -1);
      count(move.to_user_id, 'unsecured_trophies', 1);
    } else if (move.kind === 'win') {
      record(at(move.trophy_id), { kind: 'win', from_user_id: null, to_user_id: move.user_id }, { wins: move.wins });
    } else if (move.kind === 'secure') {
      // The holder stays on the row as the one who secured it; the 2-day window is kept for the record.
      record(
        at(move.trophy_id),
        { kind: 'secure', from_user_id: null, to_user_id: move.user_id },
        { state: 'secured', secured_at: now },
      );
      count(move.user_id, 'unsecured_trophies', -1);
      count(move.user_id, 'secured_trophies', 1);
    } else {
      record(at(move.trophy_id), { kind: 'return', from_user_id: move.from_user_id, to_user_id: null }, IN_POOL);
      count(move.from_user_id, 'unsecured_trophies', -1);
    }
  }
  const writes: TrophyWrite[] = [];
  if (rows.length === 0) return { trophies: current, counters, writes };
  const [first] = await trx('trophy_moves').insert(rows);
  for (const [id, entry] of touched) {
    const last_move_id = first! + entry.last;
    writes.push({ id, guard: entry.guard, changes: { ...entry.changes, last_move_id, updated_at: now } });
    current.set(id, { ...current.get(id)!, last_move_id });
  }
  return { trophies: current, counters, writes };
}

/** Writes each trophy's new state, guarded by its latest move as read (the paths that do not fold them in). */
async function writeTrophies(trx: Knex, writes: readonly TrophyWrite[]): Promise<void> {
  for (const write of writes) {
    const changed = await trx('trophies')
      .where('id', write.id)
      .whereRaw('last_move_id <=> ?', [write.guard])
      .update(write.changes);
    if (changed !== 1) throw new Error(`trophy ${write.id} was not in the state its moves expected`);
  }
}

/** Writes counter changes one player at a time (the paths that do not fold them into their own update). */
async function writeCounters(trx: Knex, counters: ReadonlyMap<number, CounterChange>): Promise<void> {
  for (const [userId, change] of counters) {
    for (const column of ['unsecured_trophies', 'secured_trophies'] as const) {
      for (let n = 0; n < Math.abs(change[column]); n++) {
        await countTrophies(trx, userId, column, change[column] > 0 ? 1 : -1);
      }
    }
  }
}

/**
 * The trophy hunt's part of a final result (docs/decisions.md#matchmaking, docs/decisions.md#trophy-hunt), in the transaction that makes the game final, after
 * the stats; the caller holds the game's and both players' row locks. Outside the hunt (before the qualifiers,
 * from the hunt's end on) nothing moves. Otherwise this week's pool is opened if needed, and locked only when the
 * result may take a trophy from it (`takeHint`, `poolHasTrophy`), both players' held trophies are read under their
 * locks (one that ran out or belongs to an earlier week goes back first), the pool's first free trophy is read
 * under its lock when a take may follow, and `trophyMoves` decides; each move is a guarded write with a
 * `trophy_moves` row naming the game, and the players' counters follow. The game's state guard makes this happen
 * exactly once per final result; two results racing for the last trophy queue on the pool's lock, so one takes it
 * and the other finds the pool empty.
 *
 * Lock order, the same in every trophy change: players' rows (id order), then this week's pool, then trophies. A
 * player's trophy only changes under the player's lock; the worker's sweeps and a reversal take no pool lock.
 *
 * `unsecured`: the players' unsecured-trophy counters by id, when the caller read them under the players' locks in
 * this transaction and nothing changed them since (spares reading them again); without it they are read here.
 */
export async function applyTrophyResult(
  trx: Knex,
  game: TrophyGame,
  score: { score_1: number; score_2: number },
  now: Date,
  unsecured?: ReadonlyMap<number, number>,
): Promise<void> {
  if (resultOutcome(score.score_1, score.score_2) === 0) return;
  const season = await loadTrophySeason(trx, game.season_id);
  if (!season || !isHuntOpen(season, now)) return;
  // The pool's lock queues the results of the week behind one row. It is taken by a result whose moves change the
  // pool (a take, a trophy given back, a secure) or that opens it (the week's first result), not by a result that
  // only passes a trophy on or adds a win, nor by a take while no trophy is left.
  const seen = await findTrophyPool(trx, season, now);
  const plan = seen ? await poolPlan(trx, game, score, seen.id, now, unsecured) : 'lock';
  const locked = plan === 'lock' || (plan === 'take' && (await poolHasTrophy(trx, seen!.id)));
  const pool = !locked
    ? seen!
    : seen
      ? await lockTrophyPool(trx, seen.id)
      : await ensureTrophyPool(trx, season, now, { lock: true });
  if (!pool) return;
  const trophy_1 = await settledHolding(trx, season, pool, game.user_1_id, now, unsecured?.get(game.user_1_id));
  const trophy_2 = await settledHolding(trx, season, pool, game.user_2_id, now, unsecured?.get(game.user_2_id));
  const movesWith = (pool_left: number) =>
    trophyMoves({
      user_1_id: game.user_1_id,
      user_2_id: game.user_2_id,
      score_1: score.score_1,
      score_2: score.score_2,
      trophy_1: asHeld(trophy_1),
      trophy_2: asHeld(trophy_2),
      // Whether one is left is all the rules read; the count on the page is read apart (trophyPoolStatus).
      pool_left,
      hunt_open: true,
      now_ms: now.getTime(),
    });
  const ifOneIsLeft = movesWith(1);
  const planned = planOf(ifOneIsLeft);
  // The plan read the players' trophies as this transaction's snapshot saw them; under their locks they are what it
  // read unless that snapshot was older than the players' locks. Then the pool is locked now, after them (a
  // deadlock this may meet is retried with the whole transaction).
  if (!locked && planned !== 'none' && !(planned === 'take' && plan === 'take')) {
    await lockTrophyPool(trx, pool.id);
  }
  const lockedNow = locked || (planned !== 'none' && !(planned === 'take' && plan === 'take'));
  const takes = ifOneIsLeft.some((move) => move.kind === 'take');
  const free = takes && lockedNow ? await firstFreeTrophy(trx, pool.id) : null;
  const moves = movesWith(free === null ? 0 : 1);
  const held = new Map<number, TrophyRow>();
  for (const row of [trophy_1, trophy_2]) if (row) held.set(row.id, row);
  const { counters, writes } = await writeMoves(trx, { game_id: game.id, pool_id: pool.id, moves, held, free, now });
  await writeTrophies(trx, writes);
  await writeCounters(trx, counters);
}

/** A player's held trophy as the `stats` event lists it. */
const heldPayload = (row: TrophyRow, now: Date): HeldTrophyPayload => ({
  id: row.id,
  wins: row.wins,
  time_active: countdownSeconds(row.expires_at!.getTime() - now.getTime()),
});

/**
 * What {@link settleTrophyResult} did: the trophies' writes and the counter changes left to the caller, and each
 * player's held trophies after it.
 */
export interface TrophyResult {
  writes: TrophyWrite[];
  counters: Map<number, CounterChange>;
  held: Map<number, HeldTrophyPayload[]>;
  /** The current season's time zone, as the hunt's read found it (for the players' cards). */
  current_time_zone: string | null;
}

/** Each zone's current week, [start, next start) in ms, so results within one week skip the zone arithmetic. */
const currentWeeks = new Map<string, { start: number; next: number }>();

/** `weekStart(now, zone)` in ms (the pool's week as `isCurrentPoolWeek` checks it), from the zone's week while `now` is in it. */
function currentWeekStart(zone: string, now: Date): number {
  const t = now.getTime();
  const week = currentWeeks.get(zone);
  if (week && week.start <= t && t < week.next) return week.start;
  const start = weekStart(now, zone).getTime();
  currentWeeks.set(zone, { start, next: nextWeekStart(now, zone).getTime() });
  return start;
}

/**
 * The trophy hunt's part of a final result from what `readHuntState` read, in the transaction that makes the game
 * final, after both players' row locks (which `readHuntState` came after): the same moves as
 * {@link applyTrophyResult}, with the pool locked only when they change it (a take while one is left, a trophy
 * given back, a secure), and the pool's first free trophy locked in the same statement when a take may follow. The
 * moves' rows are written; the trophies' new states and the counters are answered, not written, so the caller folds
 * them into its one update of the game and the players. Answers null when
 * the state needs more than this (the week's pool not open yet, a held trophy that ran out or belongs to another
 * week or season, counters that disagree with the trophies): the caller then uses {@link applyTrophyResult}.
 */
export async function settleTrophyResult(
  trx: Knex,
  game: TrophyGame,
  score: { score_1: number; score_2: number },
  now: Date,
  hunt: HuntState,
  unsecured: ReadonlyMap<number, number>,
): Promise<TrophyResult | null> {
  const players = [game.user_1_id, game.user_2_id];
  const none: TrophyResult = {
    writes: [],
    counters: new Map(),
    held: new Map(players.map((id) => [id, []])),
    current_time_zone: hunt.current_time_zone,
  };
  if (players.some((id) => (unsecured.get(id) !== 0) !== hunt.held.has(id))) return null;
  const { season, pool } = hunt;
  if (!season || !isHuntOpen(season, now)) return hunt.held.size === 0 ? none : null;
  const thisWeek = pool !== null && currentWeekStart(season.time_zone, now) === new Date(pool.week_start).getTime();
  const draw = resultOutcome(score.score_1, score.score_2) === 0;
  const settled =
    thisWeek &&
    [...hunt.held.values()].every((row) => row.pool_id === pool.id && row.expires_at !== null && row.expires_at > now);
  if (!settled) return hunt.held.size === 0 && draw ? none : null;
  const heldAfter = (trophies: Iterable<TrophyRow>): Map<number, HeldTrophyPayload[]> => {
    const held = new Map(players.map((id): [number, HeldTrophyPayload[]] => [id, []]));
    for (const row of trophies) {
      if (row.state === 'held' && row.holder_user_id !== null)
        held.get(row.holder_user_id)?.push(heldPayload(row, now));
    }
    return held;
  };
  if (draw)
    return {
      writes: [],
      counters: new Map(),
      held: heldAfter(hunt.held.values()),
      current_time_zone: hunt.current_time_zone,
    };
  const movesWith = (pool_left: number) =>
    trophyMoves({
      user_1_id: game.user_1_id,
      user_2_id: game.user_2_id,
      score_1: score.score_1,
      score_2: score.score_2,
      trophy_1: asHeld(hunt.held.get(game.user_1_id) ?? null),
      trophy_2: asHeld(hunt.held.get(game.user_2_id) ?? null),
      pool_left,
      hunt_open: true,
      now_ms: now.getTime(),
    });
  const ifOneIsLeft = movesWith(1);
  const plan = planOf(ifOneIsLeft);
  const takes = ifOneIsLeft.some((move) => move.kind === 'take');
  let free: { id: number; last_move_id: number | null } | null = null;
  // A take when the read found the pool empty takes none, as if it came second (`poolHasTrophy`).
  if (plan === 'lock' || (plan === 'take' && hunt.pool_has_trophy)) {
    free = await lockPoolAndFreeTrophy(trx, pool!.id);
    if (!takes) free = null;
  }
  const moves = movesWith(free === null ? 0 : 1);
  const held = new Map<number, TrophyRow>();
  for (const row of hunt.held.values()) held.set(row.id, row);
  const written = await writeMoves(trx, { game_id: game.id, pool_id: pool!.id, moves, held, free, now });
  return {
    writes: written.writes,
    counters: written.counters,
    held: heldAfter(written.trophies.values()),
    current_time_zone: hunt.current_time_zone,
  };
}

/**
 * This week's pool under its row lock and, in the same statement, its first free trophy under its lock (or none
 * when the pool is empty): the pool's row is read first (a constant, by its primary key), then one trophy through
 * the (pool_id, state) index, in that index's order, so the locks come in the order every result takes them (pool,
 * then trophies). No ORDER BY: with the join it would sort, reading and locking every free trophy of the pool.
 */
async function lockPoolAndFreeTrophy(
  trx: Knex,
  poolId: number,
): Promise<{ id: number; last_move_id: number | null } | null> {
  const [rows = []] = await trx.raw<[{ id: number | null; last_move_id: number | null }[]]>(
    "SELECT f.id, f.last_move_id FROM trophy_pools p LEFT JOIN trophies f FORCE INDEX (trophies_pool_id_state_index) ON f.pool_id = p.id AND f.state = 'pool' WHERE p.id = ? LIMIT 1 FOR UPDATE",
    [poolId],
  );
  const row = rows[0];
  return row && row.id !== null ? { id: row.id, last_move_id: row.last_move_id } : null;
}

/**
 * What reversing one move does to the players' holdings: who stops holding the trophy, and who gets it back (and
 * must hold none then, as a player holds at most one).
 */
function reversedHolding(move: TrophyMoveRow): { drops: number | null; gets: number | null } {
  if (move.kind === 'take') return { drops: move.to_user_id, gets: null };
  if (move.kind === 'pass') return { drops: move.to_user_id, gets: move.from_user_id };
  if (move.kind === 'secure') return { drops: null, gets: move.to_user_id };
  if (move.kind === 'return') return { drops: null, gets: move.from_user_id };
  return { drops: null, gets: null };
}

/** The trophy's columns and holder after reversing `move` (the state stored on the move, for pass and return). */
function reversal(move: TrophyMoveRow, trophy: TrophyRow): { changes: Record<string, unknown>; holder: number | null } {
  const before = { wins: move.wins_before ?? 0, taken_at: move.taken_at_before, expires_at: move.expires_at_before };
  if (move.kind === 'take') return { changes: IN_POOL, holder: null };
  if (move.kind === 'pass' || move.kind === 'return') {
    return { changes: { state: 'held', holder_user_id: move.from_user_id, ...before }, holder: move.from_user_id };
  }
  if (move.kind === 'secure') return { changes: { state: 'held', secured_at: null }, holder: trophy.holder_user_id };
  return { changes: { wins: before.wins }, holder: trophy.holder_user_id };
}

/** The counters a reversed move gives back. */
async function uncount(trx: Knex, move: TrophyMoveRow): Promise<void> {
  if (move.kind === 'take') await countTrophies(trx, move.to_user_id!, 'unsecured_trophies', -1);
  if (move.kind === 'pass') {
    await countTrophies(trx, move.to_user_id!, 'unsecured_trophies', -1);
    await countTrophies(trx, move.from_user_id!, 'unsecured_trophies', 1);
  }
  if (move.kind === 'secure') {
    await countTrophies(trx, move.to_user_id!, 'secured_trophies', -1);
    await countTrophies(trx, move.to_user_id!, 'unsecured_trophies', 1);
  }
  if (move.kind === 'return') await countTrophies(trx, move.from_user_id!, 'unsecured_trophies', 1);
}

/**
 * Takes back a game's trophy moves (docs/decisions.md#matchmaking: an edited result "reverses the old effect"), newest first, each
 * with a 'reverse' row, restoring the state stored on the move, and marks them reversed. Only when nothing has
 * happened to the game's trophies since (each trophy's latest move is still this game's, read under the trophy's
 * lock) and every trophy given back finds its player holding none; otherwise nothing is reversed and the answer is
 * false (docs/rules.md: the hunt went on from the old result, so the trophies stay as they are).
 */
async function reverseMoves(trx: Knex, game: TrophyGame, live: TrophyMoveRow[], now: Date): Promise<boolean> {
  const trophyIds = [...new Set(live.map((m) => m.trophy_id))];
  // The players' rows are locked (the caller); then the trophies, in id order.
  const trophies = await lockTrophies(trx, trophyIds);
  for (const id of trophyIds) {
    const lastOfGame = Math.max(...live.filter((m) => m.trophy_id === id).map((m) => m.id));
    if (trophies.get(id)?.last_move_id !== lastOfGame) return false;
  }
  const holding = new Map<number, number | null>();
  for (const userId of [game.user_1_id, game.user_2_id]) {
    holding.set(userId, (await lockHeldTrophyOf(trx, userId))?.id ?? null);
  }
  const newestFirst = [...live].sort((a, b) => b.id - a.id);
  for (const move of newestFirst) {
    const { drops, gets } = reversedHolding(move);
    if (drops !== null && holding.get(drops) === move.trophy_id) holding.set(drops, null);
    if (gets !== null) {
      if ((holding.get(gets) ?? null) !== null) return false;
      holding.set(gets, move.trophy_id);
    }
  }

  for (const move of newestFirst) {
    const trophy = trophies.get(move.trophy_id)!;
    const { changes, holder } = reversal(move, trophy);
    const moveId = await moveTrophy(trx, {
      trophy,
      kind: 'reverse',
      game_id: game.id,
      from_user_id: trophy.holder_user_id,
      to_user_id: holder,
      changes,
      now,
    });
    await uncount(trx, move);
    trophies.set(trophy.id, { ...trophy, ...(changes as Partial<TrophyRow>), last_move_id: moveId });
  }
  await trx('trophy_moves')
    .whereIn(
      'id',
      live.map((m) => m.id),
    )
    .update({ reversed_at: now });
  return true;
}

/**
 * The trophy hunt's part of a moderator replacing a final result (docs/decisions.md#matchmaking). When the winner is unchanged (or
 * it stays a draw) the trophy effects stand as they are. Otherwise this game's live moves are reversed
 * (`reverseMoves`) and the new result's moves are applied at `now`, as for any result made final now; when the
 * reversal is refused because the trophies moved since, the trophy state is left entirely as it is.
 */
export async function replaceTrophyResult(
  trx: Knex,
  game: TrophyGame & { score_1: number; score_2: number },
  score: { score_1: number; score_2: number },
  now: Date,
): Promise<void> {
  if (resultOutcome(game.score_1, game.score_2) === resultOutcome(score.score_1, score.score_2)) return;
  // This week's pool first, as any result locks it before touching trophies: the reversal's writes take shared
  // locks on the pools of the trophies they change, and taking the exclusive one after them could deadlock.
  const season = await loadTrophySeason(trx, game.season_id);
  if (season) await ensureTrophyPool(trx, season, now, { lock: true });
  // A plain read: this game's moves are only written under the game's row lock, which the caller holds.
  const live = await trx('trophy_moves')
    .where('game_id', game.id)
    .whereIn('kind', GAME_MOVE_KINDS)
    .whereNull('reversed_at')
    .orderBy('id')
    .select('*');
  if (live.length > 0 && !(await reverseMoves(trx, game, live, now))) return;
  await applyTrophyResult(trx, game, score, now);
}
