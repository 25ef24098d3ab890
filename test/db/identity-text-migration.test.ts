import test from 'ava';
import { migrateLatest } from '@ecup/db';
import { usernameError } from '@ecup/domain';
import { migrationSuite } from '../helpers/migration-suite.ts';
import { buildUser } from '../helpers/factories.ts';

const knex = migrationSuite('identity', '20261127030000_season_standings');

const userRow = (id: number) =>
  knex('users')
    .where('id', id)
    .first('username', 'first_name', 'last_name', 'team_name', 'fifa_team_name', 'gamer_tag');
const flagsOf = (id: number) => knex('reports').where({ kind: 'flag', reported_user_id: id }).orderBy('id').select('*');

test('stored identity fields with contact details are masked, a username becomes player<id>, and each changed player is flagged once with what changed', async (t) => {
  const coach = await buildUser(knex, {
    team_name: 'snap: coach_micke / wa 070-123 45 67',
    fifa_team_name: 'Real Madrid',
    first_name: 'Micke',
    last_name: 'micke@gmail.com',
  });
  const phoneName = (await buildUser(knex, { username: '0701234567' })).id;
  const addressed = await buildUser(knex, {
    fifa_team_name: 'Storgatan 12, 412 58 Göteborg',
    gamer_tag: 'kalle0701234567',
  });
  // An ordinary player (club names, accents and hyphens) changes nothing.
  const ordinary = await buildUser(knex, {
    username: 'Zlatan_10',
    first_name: 'Anna-Karin',
    last_name: 'Ødegaard',
    team_name: 'Brighton & Hove Albion',
    fifa_team_name: '1. FC Köln',
  });
  // The name the first refused username would get is taken already, by someone else.
  const taken = await buildUser(knex, { username: `player${phoneName}` });
  // An erased account is left as it is.
  const erased = await buildUser(knex, { team_name: 'ring 0701234567', erased_at: new Date() });
  // A player with an open chat flag: the migration's text goes in front of it and counts one attempt more.
  const flagged = await buildUser(knex, { team_name: 'insta kalle.fifa' });
  await knex('reports').insert({
    kind: 'flag',
    reporter_user_id: null,
    reported_user_id: flagged.id,
    reason: 'personal_details',
    attempts: 2,
    created_at: new Date(),
  });
  const before = {
    ordinary: await userRow(ordinary.id),
    taken: await userRow(taken.id),
    erased: await userRow(erased.id),
  };

  await migrateLatest(knex);

  t.like(await userRow(coach.id), {
    team_name: 'snap: ••• / wa •••',
    fifa_team_name: 'Real Madrid',
    first_name: 'Micke',
    last_name: '•••',
  });
  const renamed = (await userRow(phoneName))!;
  t.is(renamed.username, `player${phoneName}_2`);
  t.is(usernameError(renamed.username), null);
  t.like(await userRow(addressed.id), { fifa_team_name: '•••', gamer_tag: 'kalle•••' });
  t.deepEqual(await userRow(ordinary.id), before.ordinary);
  t.deepEqual(await userRow(taken.id), before.taken);
  t.deepEqual(await userRow(erased.id), before.erased);

  const coachFlags = await flagsOf(coach.id);
  t.is(coachFlags.length, 1);
  t.like(coachFlags[0], { reason: 'personal_details', reporter_user_id: null, attempts: 1, resolved_at: null });
  t.true(
    coachFlags[0]!.text!.includes('IRL team name was "snap: coach_micke / wa 070-123 45 67", now "snap: ••• / wa •••"'),
  );
  t.true(coachFlags[0]!.text!.includes('last name was "micke@gmail.com", now "•••"'));
  const renamedFlags = await flagsOf(phoneName);
  t.is(renamedFlags.length, 1);
  t.true(renamedFlags[0]!.text!.includes(`username was "0701234567", now "player${phoneName}_2"`));
  t.is((await flagsOf(addressed.id)).length, 1);
  for (const id of [ordinary.id, taken.id, erased.id]) t.deepEqual(await flagsOf(id), []);
  const merged = await flagsOf(flagged.id);
  t.is(merged.length, 1);
  t.is(merged[0]!.attempts, 3);
  t.true(merged[0]!.text!.startsWith('Contact details removed from the profile'));
  t.true(merged[0]!.text!.includes('IRL team name was "insta kalle.fifa", now "insta •••"'));
});
