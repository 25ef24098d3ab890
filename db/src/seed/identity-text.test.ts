import test from 'ava';
import { refuseIdentityFields } from '@ecup/domain/chat-safety/index.ts';
import { TEAMS } from '../../seeds/teams.ts';
import { planPlayers } from './demo/plan.ts';
import { Prng } from './demo/random.ts';

// The identity rule must not refuse what the product itself offers or makes.

test('every team the sign-up form suggests passes the identity rule', (t) => {
  for (const team of TEAMS) t.is(refuseIdentityFields({ irl_team: team.name }), null, team.name);
});

test("the demo players' usernames, names, teams and gamer tags pass the identity rule", (t) => {
  for (let seed = 1; seed <= 5; seed++) {
    for (const player of planPlayers(new Prng(seed), new Date('2026-11-28T12:00:00Z'), 400, 10, 'x', new Set())) {
      const text = (column: keyof typeof player.row) => String(player.row[column]);
      const refusal = refuseIdentityFields({
        username: text('username'),
        first_name: text('first_name'),
        last_name: text('last_name'),
        irl_team: text('team_name'),
        fifa_team: text('fifa_team_name'),
        gamer_tag: text('gamer_tag'),
      });
      t.is(refusal, null, JSON.stringify(refusal));
    }
  }
});
