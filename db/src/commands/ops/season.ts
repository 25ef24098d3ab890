import type { Knex } from 'knex';
import { changedSeasonFields, validateSeason, type SeasonFields, type SeasonLabel } from '@ecup/domain';
import { findSeason, type SeasonRecord } from '../../queries/seasons.ts';
import { seasonFieldsOf, seasonJson } from '../../presenters/seasons.ts';
import { writeAudit } from '../audit.ts';
import { switchLiveRatings, type RatingsSwitch } from './season-ratings.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/** Ids of the active seasons other than `keep`, locked so that two activations cannot interleave. */
async function otherActiveIds(trx: Knex, keep: number | null): Promise<number[]> {
  const query = trx('seasons').where('active', true).forUpdate().orderBy('id');
  if (keep !== null) query.whereNot('id', keep);
  return ((await query.pluck('id')) as unknown[]).map(Number);
}

function validated(fields: SeasonFields, label: SeasonLabel | undefined): SeasonFields {
  const check = validateSeason(fields, label);
  if (!check.ok) throw new CommandRejected('invalid', { operator: check.error });
  return check.value;
}

/** Whole seconds: the season's DATETIME columns hold no fractions. */
function toSecond<T extends Date | null>(value: T): T {
  return (value === null ? null : new Date(Math.floor(value.getTime() / 1000) * 1000)) as T;
}

function rounded(fields: SeasonFields): SeasonFields {
  return {
    ...fields,
    qualifiers_start: toSecond(fields.qualifiers_start),
    qualifiers_end: toSecond(fields.qualifiers_end),
    finals_date: toSecond(fields.finals_date),
    trophy_hunt_end: toSecond(fields.trophy_hunt_end),
    start_countdown_at: toSecond(fields.start_countdown_at),
  };
}

export interface CreateSeasonResult {
  /** The new season; id is null on a dry run. */
  season: Omit<SeasonRecord, 'id'> & { id: number | null };
  /** Seasons that stopped (or would stop) being active because the new one became current. */
  deactivated: number[];
  /** The live ratings' switch to the new active season (null when it is not active or on a dry run). */
  ratings: RatingsSwitch | null;
}

/**
 * Creates a season (docs/decisions.md#season-and-time: operators create it with `scripts`). Validated with the domain's season rules
 * (`label` names the inputs in the error). An active season becomes the current one and every other season stops
 * being active in the same transaction, so the API, matchmaking and the trophy sweeps agree on one season. Audited
 * as `season.create` with no actor (the operator CLI). A dry run validates and reports, and writes nothing.
 */
export async function createSeason(
  trx: Knex,
  input: { fields: SeasonFields; active: boolean; now: Date; dry_run?: boolean; label?: SeasonLabel },
): Promise<CommandOutcome<CreateSeasonResult>> {
  const fields = rounded(validated(input.fields, input.label));
  const deactivated = input.active ? await otherActiveIds(trx, null) : [];
  const values = { ...fields, active: input.active, created_at: input.now, updated_at: input.now };
  if (input.dry_run) return { result: { season: { id: null, ...values }, deactivated, ratings: null }, events: [] };

  if (deactivated.length > 0) {
    await trx('seasons').whereIn('id', deactivated).update({ active: false, updated_at: input.now });
  }
  const [id] = await trx('seasons').insert(values);
  const created = { id: id!, ...values };
  const ratings = input.active
    ? await switchLiveRatings(trx, { season_id: created.id, previous: deactivated.at(-1) ?? null, now: input.now })
    : null;
  await writeAudit(trx, {
    actor_user_id: null,
    action: 'season.create',
    entity: 'season',
    entity_id: created.id,
    before: null,
    after: {
      ...seasonJson({ ...fields, active: input.active }),
      deactivated,
      archived_season_id: ratings?.archived_season_id ?? null,
      source: 'cli',
    },
    ip: null,
    now: input.now,
  });
  return { result: { season: created, deactivated, ratings }, events: [] };
}

export interface UpdateSeasonResult {
  before: SeasonRecord;
  after: SeasonRecord;
  /** The fields (and `active`) that changed or would change; empty when the input matched the row. */
  changed: (keyof SeasonFields | 'active')[];
  deactivated: number[];
  /** The live ratings' switch when the season was made active (null otherwise). */
  ratings: RatingsSwitch | null;
}

/**
 * Changes a season (docs/decisions.md#season-and-time): the whole result is validated again, so a new end cannot fall before the stored
 * start. `active: true` makes it the current season (every other one stops being active); `active: false` takes it
 * out of play. Nothing changed writes nothing. Audited as `season.update` with the changed fields before and after.
 */
export async function updateSeason(
  trx: Knex,
  input: {
    id: number;
    fields: SeasonFields;
    active?: boolean;
    now: Date;
    dry_run?: boolean;
    label?: SeasonLabel;
  },
): Promise<CommandOutcome<UpdateSeasonResult>> {
  const before = await findSeason(trx, input.id, { forUpdate: true });
  if (!before) throw new CommandRejected('not_found', { operator: `No season with id ${input.id}.` });
  const fields = rounded(validated(input.fields, input.label));
  const active = input.active ?? before.active;
  const changed: UpdateSeasonResult['changed'] = changedSeasonFields(seasonFieldsOf(before), fields);
  if (active !== before.active) changed.push('active');
  const deactivated = active && input.active === true ? await otherActiveIds(trx, before.id) : [];
  const after: SeasonRecord = {
    ...before,
    ...fields,
    active,
    updated_at: changed.length > 0 ? input.now : before.updated_at,
  };
  if (input.dry_run || (changed.length === 0 && deactivated.length === 0)) {
    return { result: { before, after, changed, deactivated, ratings: null }, events: [] };
  }

  if (deactivated.length > 0) {
    await trx('seasons').whereIn('id', deactivated).update({ active: false, updated_at: input.now });
  }
  const ratings =
    input.active === true
      ? await switchLiveRatings(trx, {
          season_id: before.id,
          previous: deactivated.at(-1) ?? (before.active ? before.id : null),
          now: input.now,
        })
      : null;
  if (changed.length > 0) {
    const values = Object.fromEntries(changed.map((key) => [key, after[key]]));
    await trx('seasons')
      .where('id', before.id)
      .update({ ...values, updated_at: input.now });
  }
  const pick = (season: SeasonRecord) =>
    seasonJson(Object.fromEntries(changed.map((key) => [key, season[key]])) as Partial<SeasonRecord>);
  await writeAudit(trx, {
    actor_user_id: null,
    action: 'season.update',
    entity: 'season',
    entity_id: before.id,
    before: pick(before),
    after: { ...pick(after), deactivated, archived_season_id: ratings?.archived_season_id ?? null, source: 'cli' },
    ip: null,
    now: input.now,
  });
  return { result: { before, after, changed, deactivated, ratings }, events: [] };
}
