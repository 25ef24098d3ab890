import { readdir } from 'node:fs/promises';
import os from 'node:os';
import test from 'ava';
import { refusalBody } from '../helpers/messages.ts';
import sharp from 'sharp';
import { MESSAGES, TEAM_PHOTO_PX, message } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { jpegWithExif, pngImage, showsOnlyTheMiddle, sidebandImage, signupFields } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { linkIn, waitForMail } from '../helpers/outbox.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'signup', worker: true, env: { TRUST_PROXY: 'on' } });
  api = client(server.url, { spreadAddresses: true });
});
test.after.always(async () => server?.close());

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => `${e.parentPath}/${e.name}`);
}

async function tmpUploads(): Promise<number> {
  const names = await readdir(os.tmpdir());
  // formidable names temporary uploads with 32 hex characters.
  return names.filter((n) => /^[0-9a-f]{32}$/.test(n)).length;
}

test('signs up an adult with form fields and answers id, token and the user', async (t) => {
  const fields = signupFields();
  const res = await api.post<{ id: number; token: string; user: Record<string, unknown> }>('/user/signup', fields);
  t.is(res.status, 200, JSON.stringify(res.body));
  t.regex(res.body.token, /^[0-9a-f]{64}$/);
  t.is(res.body.user.username, fields.username);
  t.is(res.body.user.console, 1);
  t.is(res.body.user.elo, 1000);
  t.deepEqual(res.body.user.team, { name: 'IFK Göteborg', avatar_hash: null });
  t.is(res.body.user.fifa_team_name, 'Real Madrid');
  const auth = await api.get('/user/auth', { auth: res.body });
  t.is(auth.status, 200);
  const row = await server.knex('users').where('id', res.body.id).first();
  t.is(row!.guardian_email, null);
  t.truthy(row!.terms_accepted_at);
  t.notRegex(row!.password_hash, /a good password/);
});

test('signs up with a PNG user photo and team photo, stored as JPEG in three avatar sizes', async (t) => {
  const before = await tmpUploads();
  const res = await api.postMultipart<{ id: number; user: { avatar_hash: string; team: { avatar_hash: string } } }>(
    '/user/signup',
    signupFields(),
    {
      user_photo: { data: await pngImage(300, 200), name: 'me.png', type: 'image/png' },
      team_photo: { data: await jpegWithExif(), name: 'team.jpg', type: 'image/jpeg' },
    },
  );
  t.is(res.status, 200, JSON.stringify(res.body));
  const { avatar_hash } = res.body.user;
  const team_hash = res.body.user.team.avatar_hash;
  t.regex(avatar_hash, /^[0-9a-f]{32}$/);
  t.regex(team_hash, /^[0-9a-f]{32}$/);
  for (const [kind, px] of [
    ['avatar_small', 64],
    ['avatar_medium', 256],
  ] as const) {
    const image = await fetch(`${server.url}/images/${kind}/${avatar_hash.slice(0, 2)}/${avatar_hash}.jpg`);
    t.is(image.headers.get('content-type'), 'image/jpeg');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    t.is(meta.format, 'jpeg');
    t.is(meta.width, px);
  }
  const orig = await fetch(`${server.url}/images/avatar_orig/${avatar_hash.slice(0, 2)}/${avatar_hash}.jpg`);
  t.is((await sharp(Buffer.from(await orig.arrayBuffer())).metadata()).width, 300);
  const team = await fetch(`${server.url}/images/team/${team_hash.slice(0, 2)}/${team_hash}.jpg`);
  const teamMeta = await sharp(Buffer.from(await team.arrayBuffer())).metadata();
  t.is(teamMeta.format, 'jpeg');
  t.is(teamMeta.exif, undefined, 'metadata is stripped');
  t.deepEqual([teamMeta.width, teamMeta.height], [TEAM_PHOTO_PX, TEAM_PHOTO_PX]);
  t.is(await tmpUploads(), before, 'no temporary upload is left behind');
});

test('a large team photo is stored as a 128 px square cut from its middle, not as uploaded', async (t) => {
  const wide = await sidebandImage(2400, 900, 400);
  const res = await api.postMultipart<{ user: { team: { avatar_hash: string } } }>('/user/signup', signupFields(), {
    team_photo: { data: wide, name: 'team.png', type: 'image/png' },
  });
  t.is(res.status, 200, JSON.stringify(res.body));
  const hash = res.body.user.team.avatar_hash;
  const served = await fetch(`${server.url}/images/team/${hash.slice(0, 2)}/${hash}.jpg`);
  const photo = Buffer.from(await served.arrayBuffer());
  const meta = await sharp(photo).metadata();
  t.deepEqual([meta.format, meta.width, meta.height], ['jpeg', TEAM_PHOTO_PX, TEAM_PHOTO_PX]);
  t.true(await showsOnlyTheMiddle(photo), 'the square comes from the middle');
});

test('refuses a photo that is not an image: clear error, no user row, no file left behind', async (t) => {
  const fields = signupFields();
  const before = await filesUnder(server.uploads);
  const res = await api.postMultipart('/user/signup', fields, {
    user_photo: { data: Buffer.from('#!/bin/sh\necho not an image\n'), name: 'photo.png', type: 'image/png' },
  });
  t.is(res.status, 400);
  t.deepEqual(res.body, message('photoType'));
  t.is(await server.knex('users').where('username', fields.username).first(), undefined);
  t.deepEqual(await filesUnder(server.uploads), before);
});

test('refuses a file of another type by its name and media type', async (t) => {
  const fields = signupFields();
  const res = await api.postMultipart('/user/signup', fields, {
    user_photo: { data: Buffer.from('GIF89a....'), name: 'photo.gif', type: 'image/gif' },
  });
  t.is(res.status, 400);
  t.deepEqual(res.body, message('photoType'));
});

test('a good user photo with a bad team photo stores nothing', async (t) => {
  const fields = signupFields();
  const before = await filesUnder(server.uploads);
  const res = await api.postMultipart('/user/signup', fields, {
    user_photo: { data: await pngImage(), name: 'me.png', type: 'image/png' },
    team_photo: { data: Buffer.from('plain text'), name: 'team.png', type: 'image/png' },
  });
  t.is(res.status, 400);
  t.deepEqual(await filesUnder(server.uploads), before);
  t.is(await server.knex('users').where('username', fields.username).first(), undefined);
});

test('answers 413 for a photo over 5 MB', async (t) => {
  const res = await api.postMultipart('/user/signup', signupFields(), {
    user_photo: { data: Buffer.alloc(5 * 1024 * 1024 + 10, 1), name: 'big.png', type: 'image/png' },
  });
  t.is(res.status, 413);
  t.regex(String(res.body.error), /too large/);
});

const refusals: [string, Record<string, string>, string][] = [
  ['a one-letter username', { username: 'a' }, 'Your username is too short.'],
  ['a 16-character username', { username: 'abcdefghijklmnop' }, 'Your username is too long.'],
  ['a username with a hyphen', { username: 'bad-name' }, 'Your username contains illegal characters.'],
  ['an empty first name', { first_name: '' }, 'Your first name is too short.'],
  ['a 51-character last name', { last_name: 'x'.repeat(51) }, 'Your last name is too long.'],
  ['an e-mail without @', { email: 'nobody.example.com' }, 'Invalid e-mail address.'],
  ['a 7-character password', { password: 'short12', repeat_password: 'short12' }, 'Your password is too short.'],
  ['a different repeat', { repeat_password: 'something else' }, 'Your password does not match the repeated password.'],
  ['birth year 1899', { birth_year: '1899' }, 'Invalid birth year.'],
  ['birth month 13', { birth_month: '13' }, 'Invalid birth month.'],
  ['birth day 32', { birth_day: '32' }, 'Invalid birth day.'],
  ['no terms', { terms: '' }, 'You must agree to the terms before you can sign up.'],
  ['no FIFA team', { fifa_team: '' }, 'You must enter an IRL team and a FIFA team.'],
  ['no console', { console: '' }, 'You must select a console.'],
  ['Xbox', { console: '0', gamer_tag: 'XboxTag' }, 'Sorry! This season is only open to players on Playstation.'],
  ['a PSN ID with a dot', { gamer_tag: 'bad.tag' }, 'Your PSN Live ID contains illegal characters.'],
  ['no country', { country_id: '' }, 'You must select a country.'],
  ['country 245', { country_id: '245' }, 'You must select a country.'],
];

for (const [what, overrides, message] of refusals) {
  test(`refuses ${what} with '${message}' and creates nothing`, async (t) => {
    const fields = signupFields(overrides);
    const res = await api.post('/user/signup', fields);
    t.is(res.status, 400);
    t.deepEqual(res.body, refusalBody(message));
    t.is(await server.knex('users').where('email', fields.email!).first(), undefined);
  });
}

test("refuses a player who turns 12 tomorrow with 'You must be older than 12 to take part.'", async (t) => {
  const now = server.clock.now();
  const birth = new Date(Date.UTC(now.getUTCFullYear() - 12, now.getUTCMonth(), now.getUTCDate() + 1));
  const res = await api.post(
    '/user/signup',
    signupFields({
      birth_year: String(birth.getUTCFullYear()),
      birth_month: String(birth.getUTCMonth() + 1),
      birth_day: String(birth.getUTCDate()),
      guardian_email: 'parent@example.com',
    }),
  );
  t.is(res.status, 400);
  t.deepEqual(res.body, message('tooYoung'));
});

test('accepts a player who turned 12 today (with a guardian e-mail)', async (t) => {
  const now = server.clock.now();
  const res = await api.post(
    '/user/signup',
    signupFields({
      birth_year: String(now.getUTCFullYear() - 12),
      birth_month: String(now.getUTCMonth() + 1),
      birth_day: String(now.getUTCDate()),
      guardian_email: `guardian-${Date.now()}@example.com`,
    }),
  );
  t.is(res.status, 200, JSON.stringify(res.body));
});

test('refuses a taken username and a taken e-mail', async (t) => {
  const first = signupFields();
  t.is((await api.post('/user/signup', first)).status, 200);
  const sameName = await api.post('/user/signup', signupFields({ username: first.username!.toUpperCase() }));
  t.is(sameName.status, 400);
  t.deepEqual(sameName.body, message('usernameTaken'));
  const sameMail = await api.post('/user/signup', signupFields({ email: first.email! }));
  t.deepEqual(sameMail.body, message('emailInUse'));
});

test('two sign-ups with the same username at once: exactly one succeeds', async (t) => {
  const username = signupFields().username!;
  const results = await Promise.all(
    Array.from({ length: 5 }, () => api.post('/user/signup', signupFields({ username }))),
  );
  t.is(results.filter((r) => r.status === 200).length, 1);
  t.true(results.filter((r) => r.status !== 200).every((r) => r.body.error === MESSAGES.usernameTaken));
});

test('a player under 18 must give a guardian e-mail', async (t) => {
  const year = server.clock.now().getUTCFullYear() - 15;
  const res = await api.post('/user/signup', signupFields({ birth_year: String(year) }));
  t.is(res.status, 400);
  t.deepEqual(res.body, message('guardianEmailRequired'));
});

test('a minor signs up, the guardian gets a link, and approving it marks the account confirmed', async (t) => {
  const year = server.clock.now().getUTCFullYear() - 15;
  const guardian = `parent-${Date.now()}@example.com`;
  const res = await api.post<{ id: number }>(
    '/user/signup',
    signupFields({ birth_year: String(year), guardian_email: guardian }),
  );
  t.is(res.status, 200, JSON.stringify(res.body));
  const mail = await waitForMail(server.outbox, guardian);
  const link = linkIn(mail, 'http://localhost:3000/guardian/confirm/');
  const path = new URL(link).pathname;
  t.is((await server.knex('users').where('id', res.body.id).first())!.guardian_confirmed_at, null);
  const page = await fetch(`${server.url}${path}`);
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type') ?? '', /text\/html/);
  await page.body?.cancel();
  t.is(
    (await server.knex('users').where('id', res.body.id).first())!.guardian_confirmed_at,
    null,
    'opening changes nothing',
  );
  const approval = path.replace('/guardian/confirm/', '/guardian/approval/');
  const approved = await fetch(`${server.url}${approval}`, { method: 'POST' });
  t.is(approved.status, 200);
  t.like(await approved.json(), { already: false });
  t.truthy((await server.knex('users').where('id', res.body.id).first())!.guardian_confirmed_at);
  const wrong = await fetch(`${server.url}${approval.slice(0, -4)}beef`, { method: 'POST' });
  t.is(wrong.status, 404);
});

test('twenty sign-ups of different players at once all succeed, those told to try again on their retry', async (t) => {
  // On a loaded machine the hashing line may be full: such a sign-up is answered 503 "try again in a few seconds"
  // with Retry-After, changes nothing, and succeeds when the player tries again as told.
  const signUp = async () => {
    const fields = signupFields();
    for (let attempt = 1; ; attempt++) {
      const res = await api.post('/user/signup', fields);
      if (res.status !== 503 || attempt === 6) return res;
      t.deepEqual(res.body, message('hashingBusy'));
      t.is(res.headers.get('retry-after'), '5');
      t.falsy(await server.knex('users').where('username', fields.username).first());
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
  const results = await Promise.all(Array.from({ length: 20 }, signUp));
  t.deepEqual(
    results.map((r) => r.status),
    Array(20).fill(200),
    JSON.stringify(results.filter((r) => r.status !== 200).map((r) => r.body)),
  );
});
