import type { Knex } from 'knex';
import { DEFAULT_TIME_ZONE } from '@ecup/domain';

/**
 * The current season's time zone as a column of any `users` read (the newest active season's, else the default),
 * so deciding who is a minor (docs/rules.md "What others see of a player") needs no second statement.
 */
export function seasonZoneColumn(knex: Knex): Knex.Raw {
  return knex.raw(
    'COALESCE((SELECT time_zone FROM seasons WHERE active = 1 ORDER BY id DESC LIMIT 1), ?) AS season_time_zone',
    [DEFAULT_TIME_ZONE],
  );
}
