import test from 'ava';
import {
  OPPONENT_VIEWER,
  PLAYER_VIEWER,
  SIGNED_OUT_VIEWER,
  STAFF_VIEWER,
  adultBornOnOrBefore,
  fullNameOf,
  identityVisibility,
  isMinorPlayer,
  publicIdentity,
} from './privacy.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const ZONE = 'Europe/Stockholm';
const card = {
  first_name: 'Alva',
  last_name: 'Berg',
  team_name: 'Hammarby IF',
  team_avatar_hash: 'crest',
  gamer_tag: 'alva_psn',
};
const minor = { ...card, birth_date: new Date('2013-05-01T00:00:00Z'), hide_real_name: 0 };
const adult = { ...card, birth_date: '1990-05-01', hide_real_name: 0 };

test('a minor shows others neither names, club nor gamer tag', (t) => {
  for (const viewer of [SIGNED_OUT_VIEWER, PLAYER_VIEWER]) {
    t.like(publicIdentity(minor, viewer, NOW, ZONE), {
      first_name: null,
      last_name: null,
      team_name: null,
      team_avatar_hash: null,
      gamer_tag: null,
      indexable: false,
    });
  }
});

test("a minor's gamer tag is shown to the opponent of a game, the names are not", (t) => {
  t.like(publicIdentity(minor, OPPONENT_VIEWER, NOW, ZONE), {
    first_name: null,
    team_name: null,
    gamer_tag: 'alva_psn',
  });
});

test('staff see everything of a minor', (t) => {
  t.like(publicIdentity(minor, STAFF_VIEWER, NOW, ZONE), {
    first_name: 'Alva',
    last_name: 'Berg',
    team_name: 'Hammarby IF',
    gamer_tag: 'alva_psn',
  });
});

test("a minor's online status is for signed-in players only", (t) => {
  t.false(identityVisibility(minor, SIGNED_OUT_VIEWER, NOW, ZONE).online);
  t.true(identityVisibility(minor, PLAYER_VIEWER, NOW, ZONE).online);
  t.true(identityVisibility(adult, SIGNED_OUT_VIEWER, NOW, ZONE).online);
});

test('an adult shows everything by default', (t) => {
  t.deepEqual(publicIdentity(adult, SIGNED_OUT_VIEWER, NOW, ZONE), {
    ...card,
    show_online: true,
    indexable: true,
  });
});

test('an adult who hides the real name keeps the club and gamer tag public', (t) => {
  t.like(publicIdentity({ ...adult, hide_real_name: 1 }, PLAYER_VIEWER, NOW, ZONE), {
    first_name: null,
    last_name: null,
    team_name: 'Hammarby IF',
    gamer_tag: 'alva_psn',
    indexable: true,
  });
  t.like(publicIdentity({ ...adult, hide_real_name: true }, STAFF_VIEWER, NOW, ZONE), { first_name: 'Alva' });
});

test("the 18th birthday counts from midnight in the season's time zone", (t) => {
  const player = { birth_date: '2008-11-29' };
  // 23:30 UTC on the 28th is already the 29th in Stockholm.
  const evening = new Date('2026-11-28T23:30:00Z');
  t.false(isMinorPlayer(player, evening, ZONE));
  t.true(isMinorPlayer(player, evening, 'UTC'));
});

test('adultBornOnOrBefore agrees with isMinorPlayer on every day of a leap year and around it', (t) => {
  const births = ['2008-02-28', '2008-02-29', '2008-03-01', '2010-02-28', '2010-03-01', '2008-12-31', '2009-01-01'];
  for (let ms = Date.UTC(2026, 0, 1, 12); ms < Date.UTC(2029, 0, 1); ms += 86_400_000) {
    const now = new Date(ms);
    const cutoff = adultBornOnOrBefore(now, 'UTC');
    for (const birth of births) {
      t.is(birth > cutoff, isMinorPlayer({ birth_date: birth }, now, 'UTC'), `${birth} on ${now.toISOString()}`);
    }
  }
});

test('adultBornOnOrBefore uses the local date', (t) => {
  t.is(adultBornOnOrBefore(new Date('2026-11-28T23:30:00Z'), ZONE), '2008-11-29');
  t.is(adultBornOnOrBefore(new Date('2028-02-29T12:00:00Z'), 'UTC'), '2010-02-28');
});

test('fullNameOf joins the names, or gives nothing when they are hidden', (t) => {
  t.is(fullNameOf({ first_name: 'Alva', last_name: 'Berg' }), 'Alva Berg');
  t.is(fullNameOf({ first_name: null, last_name: null }), '');
});
