import test from 'ava';
import { PERMISSIONS, message, type AdminReportRecord, type MessageName } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signupFields } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { consoleUser, signedInUser, type Player } from '../helpers/sockets.ts';

/**
 * Contact details in an identity field are refused at every write (sign-up, personal info, teams, console),
 * with the field's message; the refused write changes nothing, and an adult's attempt flags them in the moderators'
 * queue (a minor's does not, as in chat).
 */

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'identitytext', env: { TRUST_PROXY: 'on' } });
  api = client(server.url, { spreadAddresses: true });
});
test.after.always(async () => server?.close());

// One at a time: a test counts the flags of the whole queue.
const serial = test.serial;

/** A phone number, platform handles, an e-mail and a street address, each refused in every free-text identity field. */
const CONTACT_VALUES = [
  '0701234567',
  'snap: coach_micke / wa 070-123 45 67',
  'micke@gmail.com',
  'Storgatan 12, 412 58 Göteborg',
];
/** Contact details a username (letters, digits, _) and a gamer tag (also space and -) can hold. */
const USERNAME_VALUES = ['0701234567', 'snap_coachmicke', 'kalle0701234567'];
const GAMER_TAG_VALUES = ['0701234567', 'snap coach_micke', 'Storgatan 12', 'wa 070-123 45 67'];

const CLUBS = [
  'IFK Göteborg',
  'Malmö FF',
  'BK Häcken',
  'Hammarby IF',
  'FC Barcelona',
  'Paris Saint-Germain',
  'AIK',
  '1. FC Köln',
  'Brighton & Hove Albion',
];

const yearsAgo = (years: number) => new Date(Date.UTC(server.clock.now().getUTCFullYear() - years, 0, 1));
const adult = (): Promise<Player> => signedInUser(server.knex, { birth_date: yearsAgo(30) });
const minor = (): Promise<Player> => signedInUser(server.knex, { birth_date: yearsAgo(14) });
const moderator = () =>
  consoleUser(server.knex, { permissions: PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile });

const IDENTITY_COLUMNS = ['username', 'first_name', 'last_name', 'email', 'team_name', 'fifa_team_name', 'gamer_tag'];
const stored = (id: number) =>
  server
    .knex('users')
    .where('id', id)
    .first(...IDENTITY_COLUMNS, 'console', 'updated_at');

const flagRows = (id: number) => server.knex('reports').where({ kind: 'flag', reported_user_id: id }).select('*');
const queue = (auth: Credentials, filter: Record<string, unknown>) =>
  api.get<AdminReportRecord[]>(`/admin/api/reports?filter=${encodeURIComponent(JSON.stringify(filter))}`, { auth });

/** The settings calls, each with a body that writes `value` into one of its identity fields. */
function settingsCall(
  player: Player,
  field: 'first_name' | 'last_name' | 'irl_team' | 'fifa_team' | 'gamer_tag',
  value: string,
) {
  const user = player.user;
  const auth = { auth: player.auth };
  if (field === 'first_name' || field === 'last_name') {
    return api.post(
      '/user/profile/update',
      {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        [field]: value,
      },
      auth,
    );
  }
  if (field === 'gamer_tag') return api.post('/user/console/update', { console: '1', gamer_tag: value }, auth);
  return api.post(
    '/user/team/update',
    {
      irl_team: user.team_name,
      fifa_team: user.fifa_team_name,
      [field]: value,
    },
    auth,
  );
}

const FIELD_MESSAGES: Record<string, MessageName> = {
  username: 'usernameContactDetails',
  first_name: 'firstNameContactDetails',
  last_name: 'lastNameContactDetails',
  irl_team: 'irlTeamContactDetails',
  fifa_team: 'fifaTeamContactDetails',
  gamer_tag: 'psnIdContactDetails',
};

serial(
  'sign-up refuses contact details in every identity field with that field’s message, and creates no account',
  async (t) => {
    const tries: Array<[string, string]> = [
      ...USERNAME_VALUES.map((value): [string, string] => ['username', value]),
      ...GAMER_TAG_VALUES.map((value): [string, string] => ['gamer_tag', value]),
      ...['first_name', 'last_name', 'irl_team', 'fifa_team'].flatMap((field) =>
        CONTACT_VALUES.map((value): [string, string] => [field, value]),
      ),
    ];
    for (const [field, value] of tries) {
      const fields = signupFields({ [field]: value });
      const res = await api.post('/user/signup', fields);
      t.is(res.status, 400, `${field} = ${value}`);
      t.deepEqual(res.body as unknown, message(FIELD_MESSAGES[field]!), `${field} = ${value}`);
      t.is(await server.knex('users').where('email', fields.email).first('id'), undefined);
    }
    // A number split between first and last name is read as one.
    const split = await api.post('/user/signup', signupFields({ first_name: 'Micke 070 12', last_name: '34 567' }));
    t.deepEqual(split.body as unknown, message('lastNameContactDetails'));
    // Sign-up flags nobody: there is no account to flag.
    t.is(Number((await server.knex('reports').where('kind', 'flag').count({ n: '*' }))[0]!.n), 0);
  },
);

serial('sign-up accepts ordinary usernames, names with hyphens and accents, real clubs and gamer tags', async (t) => {
  const values: Array<Record<string, string>> = [
    { username: 'kalle99', first_name: 'Anna-Karin', last_name: 'Ødegaard', gamer_tag: 'xXSniperXx' },
    { username: 'Zlatan_10', first_name: 'José', last_name: 'García-López', gamer_tag: 'TT_Sniper' },
    { username: 'xXSniperXx', first_name: 'Zoë', last_name: "O'Brien", gamer_tag: 'Striker-Nilsson' },
    ...CLUBS.map((club, k) => ({ irl_team: club, fifa_team: CLUBS[(k + 1) % CLUBS.length]! })),
  ];
  for (const overrides of values) {
    const fields = signupFields(overrides);
    const res = await api.post<{ id: number }>('/user/signup', fields);
    t.is(res.status, 200, `${JSON.stringify(overrides)}: ${JSON.stringify(res.body)}`);
    const row = await stored(res.body.id);
    t.like(row, {
      username: fields.username,
      first_name: fields.first_name,
      last_name: fields.last_name,
      team_name: fields.irl_team,
      fifa_team_name: fields.fifa_team,
      gamer_tag: fields.gamer_tag,
    });
  }
});

serial(
  'settings refuse contact details in names, teams and the gamer tag with the field’s message, and change nothing',
  async (t) => {
    const player = await minor();
    const before = await stored(player.user.id);
    const tries: Array<[Parameters<typeof settingsCall>[1], string]> = [
      ...(['first_name', 'last_name', 'irl_team', 'fifa_team'] as const).flatMap((field) =>
        CONTACT_VALUES.map((value): [typeof field, string] => [field, value]),
      ),
      ...GAMER_TAG_VALUES.map((value): ['gamer_tag', string] => ['gamer_tag', value]),
    ];
    for (const [field, value] of tries) {
      const res = await settingsCall(player, field, value);
      t.is(res.status, 400, `${field} = ${value}`);
      t.deepEqual(res.body as unknown, message(FIELD_MESSAGES[field]!), `${field} = ${value}`);
    }
    // The e-mail sent with the refused names is not saved either.
    const withEmail = await api.post(
      '/user/profile/update',
      { first_name: 'Micke', last_name: 'micke@gmail.com', email: 'new-address@example.com' },
      { auth: player.auth },
    );
    t.is(withEmail.status, 400);
    t.deepEqual(await stored(player.user.id), before);
    // A minor's attempts flag nobody, as in chat.
    t.deepEqual(await flagRows(player.user.id), []);
  },
);

serial('settings accept ordinary names, real clubs and gamer tags', async (t) => {
  const player = await adult();
  const names = await api.post(
    '/user/profile/update',
    { first_name: 'Anna-Karin', last_name: 'Ødegaard', email: player.user.email },
    { auth: player.auth },
  );
  t.is(names.status, 200, JSON.stringify(names.body));
  for (let k = 0; k < CLUBS.length; k += 2) {
    const res = await api.post(
      '/user/team/update',
      { irl_team: CLUBS[k]!, fifa_team: CLUBS[k + 1] ?? 'Real Madrid' },
      { auth: player.auth },
    );
    t.is(res.status, 200, `${CLUBS[k]}: ${JSON.stringify(res.body)}`);
  }
  const tag = await api.post('/user/console/update', { console: '1', gamer_tag: 'xXSniperXx' }, { auth: player.auth });
  t.is(tag.status, 200);
  t.like(await stored(player.user.id), {
    first_name: 'Anna-Karin',
    last_name: 'Ødegaard',
    team_name: CLUBS[CLUBS.length - 1],
    fifa_team_name: 'Real Madrid',
    gamer_tag: 'xXSniperXx',
  });
  t.deepEqual(await flagRows(player.user.id), []);
});

serial(
  'an adult’s attempt on each settings path opens exactly one flag in the console’s queue, naming the field and what was typed; more attempts count on it',
  async (t) => {
    const mod = await moderator();
    for (const [field, value, label] of [
      ['first_name', 'micke@gmail.com', 'first name'],
      ['last_name', '0701234567', 'last name'],
      ['irl_team', 'snap: coach_micke / wa 070-123 45 67', 'IRL team name'],
      ['fifa_team', 'Storgatan 12, 412 58 Göteborg', 'FIFA team name'],
      ['gamer_tag', '0701234567', 'gamer tag'],
    ] as const) {
      const player = await adult();
      const before = await stored(player.user.id);
      const res = await settingsCall(player, field, value);
      t.is(res.status, 400);
      t.deepEqual(await stored(player.user.id), before, `${field}: nothing changed`);

      const listed = await queue(mod.auth, { kind: 'flag', reported_user_id: player.user.id });
      t.is(listed.status, 200, JSON.stringify(listed.body));
      t.is(listed.body.length, 1, field);
      t.like(listed.body[0], {
        kind: 'flag',
        reason: 'personal_details',
        reporter: null,
        reported: { id: player.user.id, age: 30 },
        attempts: 1,
        resolved: false,
        game_id: null,
        line: null,
        text: `Tried to set their ${label} to: ${value}`,
      });
      const page = await api.get<AdminReportRecord>(`/admin/api/reports/${listed.body[0]!.id}`, { auth: mod.auth });
      t.is(page.status, 200);
      t.is(page.body.text, `Tried to set their ${label} to: ${value}`);
    }

    // Further attempts count on the one open flag, the newest first in its text.
    const player = await adult();
    await settingsCall(player, 'irl_team', 'insta kalle.fifa');
    await settingsCall(player, 'fifa_team', 'kalle.se');
    const flags = await flagRows(player.user.id);
    t.is(flags.length, 1);
    t.is(flags[0]!.attempts, 2);
    t.is(
      flags[0]!.text,
      'Tried to set their FIFA team name to: kalle.se\nTried to set their IRL team name to: insta kalle.fifa',
    );
  },
);
