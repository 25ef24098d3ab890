import test from 'ava';
import { refusedWith } from '../testing/refusals.ts';
import { MESSAGES, message } from '../messages.ts';
import {
  SIGNUP_FORM_FIELDS,
  ageOn,
  birthDateOf,
  birthYearHint,
  isMinorOn,
  isRealDate,
  signupErrors,
  validateSignup,
} from './signup.ts';

// Sign-up date used throughout: 15 June 2025 (UTC).
const TODAY = new Date('2025-06-15T12:00:00Z');

/** A complete, valid sign-up by an adult PlayStation player; each case overrides what it tests. */
function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    username: 'kalle_anka',
    first_name: 'Kalle',
    last_name: 'Anka',
    email: 'kalle@example.com',
    password: 'secret123',
    repeat_password: 'secret123',
    birth_year: '1990',
    birth_month: '5',
    birth_day: '20',
    terms: 'on',
    irl_team: 'IFK Göteborg',
    fifa_team: 'Real Madrid',
    console: '1',
    gamer_tag: 'Kalle-PSN_1',
    country_id: '205',
    ...overrides,
  };
}

const s = (n: number, c = 'a') => c.repeat(n);
/** An e-mail address of exactly n characters. */
const email = (n: number) => `${s(n - 6)}@b.com`;

// Each row: what the user did, the fields changed, and the message they see (null: sign-up passes).
const cases: [string, Record<string, unknown>, string | null][] = [
  // username 2-15, letters, digits, underscore (docs/product.md#validation)
  ['a 1-character username', { username: 'a' }, MESSAGES.usernameTooShort],
  ['a 2-character username', { username: 'ab' }, null],
  ['a 15-character username', { username: s(15) }, null],
  ['a 16-character username', { username: s(16) }, MESSAGES.usernameTooLong],
  ['a username of spaces only', { username: '   ' }, MESSAGES.usernameTooShort],
  ['no username', { username: undefined }, MESSAGES.usernameTooShort],
  ['a username with a space', { username: 'kalle anka' }, MESSAGES.usernameIllegal],
  ['a username with a hyphen', { username: 'kalle-anka' }, MESSAGES.usernameIllegal],
  ['a username with a letter outside a-z', { username: 'kålle' }, MESSAGES.usernameIllegal],
  ['a username of letters, digits and underscores', { username: 'K_4ll3' }, null],
  ['a numeric username sent as a JSON number', { username: 12345 }, null],
  // first and last name 1-50 (docs/product.md#validation)
  ['an empty first name', { first_name: '' }, MESSAGES.firstNameTooShort],
  ['a first name of spaces only', { first_name: '  ' }, MESSAGES.firstNameTooShort],
  ['a 1-character first name', { first_name: 'K' }, null],
  ['a 50-character first name', { first_name: s(50) }, null],
  ['a 51-character first name', { first_name: s(51) }, MESSAGES.firstNameTooLong],
  ['a first name of 50 emoji (one character each)', { first_name: s(50, '⚽') }, null],
  ['an empty last name', { last_name: '' }, MESSAGES.lastNameTooShort],
  ['a 1-character last name', { last_name: 'A' }, null],
  ['a 50-character last name', { last_name: s(50) }, null],
  ['a 51-character last name', { last_name: s(51) }, MESSAGES.lastNameTooLong],
  // e-mail 5-254 with @ and . (docs/product.md#validation)
  ['a 4-character e-mail', { email: 'a@b.' }, MESSAGES.invalidEmail],
  ['a 5-character e-mail', { email: 'a@b.c' }, null],
  ['a 254-character e-mail', { email: email(254) }, null],
  ['a 255-character e-mail', { email: email(255) }, MESSAGES.invalidEmail],
  ["an e-mail without '@'", { email: 'kalle.example.com' }, MESSAGES.invalidEmail],
  ["an e-mail without '.'", { email: 'kalle@example' }, MESSAGES.invalidEmail],
  ['an e-mail with a space inside', { email: 'kalle anka@example.com' }, MESSAGES.invalidEmail],
  ['an e-mail with a line break inside', { email: 'kalle@example.com\nBcc: x@y.z' }, MESSAGES.invalidEmail],
  ['an e-mail with two @', { email: 'kalle@anka@example.com' }, MESSAGES.invalidEmail],
  // password 8-50, equal to the repeat when sent (docs/product.md#validation)
  ['a 7-character password', { password: s(7), repeat_password: s(7) }, MESSAGES.passwordTooShort],
  ['an 8-character password', { password: s(8), repeat_password: s(8) }, null],
  ['a 50-character password', { password: s(50), repeat_password: s(50) }, null],
  ['a 51-character password', { password: s(51), repeat_password: s(51) }, MESSAGES.passwordTooLong],
  ['a password of 8 spaces (passwords are not trimmed)', { password: s(8, ' '), repeat_password: s(8, ' ') }, null],
  ['a different repeated password', { repeat_password: 'secret124' }, MESSAGES.passwordMismatch],
  ['no repeated password (raw API client)', { repeat_password: undefined }, null],
  ['a null repeated password', { repeat_password: null }, null],
  ['a repeated password sent twice (array)', { repeat_password: ['secret123'] }, MESSAGES.passwordMismatch],
  // birth date: year 1900-2100, month 1-12, day 1-31 and a real date (docs/product.md#validation)
  ['birth year 1899', { birth_year: '1899' }, MESSAGES.invalidBirthYear],
  ['birth year 1900', { birth_year: '1900' }, null],
  ['birth year 2100 (valid year, but not born yet)', { birth_year: '2100' }, MESSAGES.tooYoung],
  ['birth year 2101', { birth_year: '2101' }, MESSAGES.invalidBirthYear],
  ['a birth year that is not a number', { birth_year: 'nineteen' }, MESSAGES.invalidBirthYear],
  ['a birth year with decimals', { birth_year: '1990.5' }, MESSAGES.invalidBirthYear],
  ['no birth year', { birth_year: undefined }, MESSAGES.invalidBirthYear],
  ['birth year as a JSON number', { birth_year: 1990 }, null],
  ['birth month 0', { birth_month: '0' }, MESSAGES.invalidBirthMonth],
  ['birth month 1', { birth_month: '1' }, null],
  ['birth month 12', { birth_month: '12' }, null],
  ['birth month 13', { birth_month: '13' }, MESSAGES.invalidBirthMonth],
  ['birth day 0', { birth_day: '0' }, MESSAGES.invalidBirthDay],
  ['birth day 1', { birth_day: '1' }, null],
  ['birth day 31 in a 31-day month', { birth_month: '1', birth_day: '31' }, null],
  ['birth day 32', { birth_day: '32' }, MESSAGES.invalidBirthDay],
  ['31 February', { birth_month: '2', birth_day: '31' }, MESSAGES.invalidBirthDay],
  ['31 April', { birth_month: '4', birth_day: '31' }, MESSAGES.invalidBirthDay],
  ['29 February of a leap year', { birth_year: '2004', birth_month: '2', birth_day: '29' }, null],
  ['29 February of a common year', { birth_year: '2005', birth_month: '2', birth_day: '29' }, MESSAGES.invalidBirthDay],
  // terms (docs/product.md#validation)
  ['terms not ticked', { terms: undefined }, MESSAGES.mustAgreeToTerms],
  ["terms '0'", { terms: '0' }, MESSAGES.mustAgreeToTerms],
  ["terms 'false'", { terms: 'false' }, MESSAGES.mustAgreeToTerms],
  ['terms false', { terms: false }, MESSAGES.mustAgreeToTerms],
  ["terms ''", { terms: '' }, MESSAGES.mustAgreeToTerms],
  ["terms '1'", { terms: '1' }, null],
  ["terms 'true'", { terms: 'true' }, null],
  ["terms 'YES'", { terms: 'YES' }, null],
  ['terms true', { terms: true }, null],
  ['terms 1', { terms: 1 }, null],
  // IRL and FIFA team (docs/product.md#validation), at most 100 characters (not in the spec)
  ['no IRL team', { irl_team: '' }, MESSAGES.teamsRequired],
  ['no FIFA team', { fifa_team: undefined }, MESSAGES.teamsRequired],
  ['a FIFA team of spaces only', { fifa_team: '   ' }, MESSAGES.teamsRequired],
  ['a 100-character IRL team', { irl_team: s(100) }, null],
  ['a 101-character IRL team', { irl_team: s(101) }, MESSAGES.teamNameTooLong],
  ['a 101-character FIFA team', { fifa_team: s(101) }, MESSAGES.teamNameTooLong],
  // console (docs/product.md#validation), PlayStation only this season
  ['no console', { console: undefined }, MESSAGES.consoleRequired],
  ['console 2', { console: '2' }, MESSAGES.consoleRequired],
  ["console 'ps4'", { console: 'ps4' }, MESSAGES.consoleRequired],
  ['Xbox', { console: '0' }, MESSAGES.playstationOnly],
  ['Xbox as a JSON number', { console: 0 }, MESSAGES.playstationOnly],
  ['PlayStation as a JSON number', { console: 1 }, null],
  // PSN ID 3-25, letters, digits, hyphen, underscore, space (docs/product.md#validation)
  ['a 2-character PSN ID', { gamer_tag: 'ab' }, MESSAGES.psnIdTooShort],
  ['a 3-character PSN ID', { gamer_tag: 'abc' }, null],
  ['a 25-character PSN ID', { gamer_tag: s(25) }, null],
  ['a 26-character PSN ID', { gamer_tag: s(26) }, MESSAGES.psnIdTooLong],
  ['a PSN ID with spaces, hyphens and underscores', { gamer_tag: 'Kal le-An_ka' }, null],
  ["a PSN ID with '!'", { gamer_tag: 'kalle!' }, MESSAGES.psnIdIllegal],
  ["a PSN ID with '.'", { gamer_tag: 'kalle.anka' }, MESSAGES.psnIdIllegal],
  ['no PSN ID', { gamer_tag: undefined }, MESSAGES.psnIdTooShort],
  // country 0-244 (docs/product.md#entities, docs/product.md#validation)
  ['country -1', { country_id: '-1' }, MESSAGES.countryRequired],
  ['country 0', { country_id: '0' }, null],
  ['country 244', { country_id: '244' }, null],
  ['country 245', { country_id: '245' }, MESSAGES.countryRequired],
  ['no country', { country_id: undefined }, MESSAGES.countryRequired],
  ['an empty country', { country_id: '' }, MESSAGES.countryRequired],
  ['country 1.5', { country_id: '1.5' }, MESSAGES.countryRequired],
  ['country as a JSON number', { country_id: 12 }, null],
  // minimum age 12 on the sign-up date, guardian under 18 (docs/decisions.md#permissions)
  ['turning 12 tomorrow', { birth_year: '2013', birth_month: '6', birth_day: '16' }, MESSAGES.tooYoung],
  [
    'turning 12 today, with a guardian',
    { birth_year: '2013', birth_month: '6', birth_day: '15', guardian_email: 'mamma@example.com' },
    null,
  ],
  [
    'turning 12 today, without a guardian',
    { birth_year: '2013', birth_month: '6', birth_day: '15' },
    MESSAGES.guardianEmailRequired,
  ],
  ['17 years old without a guardian', { birth_year: '2008' }, MESSAGES.guardianEmailRequired],
  ['17 years old with an empty guardian', { birth_year: '2008', guardian_email: ' ' }, MESSAGES.guardianEmailRequired],
  [
    '17 years old with an invalid guardian e-mail',
    { birth_year: '2008', guardian_email: 'mamma@example' },
    MESSAGES.guardianEmailInvalid,
  ],
  [
    "17 years old with their own e-mail as the guardian's (any case)",
    { birth_year: '2008', guardian_email: ' KALLE@Example.com ' },
    MESSAGES.guardianEmailSameAsOwn,
  ],
  ['17 years old with a guardian', { birth_year: '2008', guardian_email: 'mamma@example.com' }, null],
  [
    "17 years old with a +tag of their own e-mail as the guardian's",
    { birth_year: '2008', guardian_email: 'Kalle+mamma@example.com' },
    MESSAGES.guardianEmailAliasOfOwn,
  ],
  [
    "17 years old with a Gmail spelling of their own address as the guardian's",
    { birth_year: '2008', email: 'kallesvensson@gmail.com', guardian_email: 'Kalle.Svensson+x@GoogleMail.com' },
    MESSAGES.guardianEmailAliasOfOwn,
  ],
  [
    'a guardian address with dots that differ outside Gmail',
    { birth_year: '2008', email: 'kalle.anka@example.com', guardian_email: 'kalleanka@example.com' },
    null,
  ],
  [
    'turning 18 tomorrow without a guardian',
    { birth_year: '2007', birth_month: '6', birth_day: '16' },
    MESSAGES.guardianEmailRequired,
  ],
  ['turning 18 today without a guardian', { birth_year: '2007', birth_month: '6', birth_day: '15' }, null],
];

for (const [what, overrides, expected] of cases) {
  const title = expected ? `signup refuses ${what} with '${expected}'` : `signup accepts ${what}`;
  test(title, (t) => {
    const result = validateSignup(form(overrides), TODAY);
    if (expected === null) t.true(result.ok, result.ok ? '' : result.error);
    else t.deepEqual(result, refusedWith(expected));
  });
}

test('signup returns the cleaned fields: names, e-mail, gamer tag and teams trimmed, password untouched', (t) => {
  const result = validateSignup(
    form({
      username: ' kalle_anka ',
      first_name: ' Kalle ',
      last_name: '\tAnka\n',
      email: ' kalle@example.com ',
      password: ' secret123 ',
      repeat_password: ' secret123 ',
      gamer_tag: ' Kalle-PSN_1 ',
      irl_team: ' IFK Göteborg ',
      fifa_team: ' Real Madrid ',
      guardian_email: 'ignored@example.com',
    }),
    TODAY,
  );
  t.deepEqual(result, {
    ok: true,
    value: {
      username: 'kalle_anka',
      first_name: 'Kalle',
      last_name: 'Anka',
      email: 'kalle@example.com',
      password: ' secret123 ',
      console: 1,
      gamer_tag: 'Kalle-PSN_1',
      irl_team: 'IFK Göteborg',
      fifa_team: 'Real Madrid',
      birth_year: 1990,
      birth_month: 5,
      birth_day: 20,
      country_id: 205,
      // An adult's guardian e-mail is dropped, not stored.
      guardian_email: null,
    },
  });
});

test("signup keeps a minor's trimmed guardian e-mail", (t) => {
  const result = validateSignup(form({ birth_year: '2010', guardian_email: ' mamma@example.com ' }), TODAY);
  t.true(result.ok);
  if (result.ok) t.is(result.value.guardian_email, 'mamma@example.com');
});

// The first failing rule wins, in the order of docs/product.md#validation bullet list.
const orderCases: [string, Record<string, unknown>, string][] = [
  ['a bad username before a bad e-mail', { username: 'a', email: 'x' }, MESSAGES.usernameTooShort],
  ['a bad last name before a bad password', { last_name: '', password: 'x' }, MESSAGES.lastNameTooShort],
  ['a mismatch before a bad birth year', { repeat_password: 'x', birth_year: 'x' }, MESSAGES.passwordMismatch],
  ['a bad birth day before missing terms', { birth_day: '40', terms: undefined }, MESSAGES.invalidBirthDay],
  ['missing terms before missing teams', { terms: undefined, irl_team: '' }, MESSAGES.mustAgreeToTerms],
  ['missing teams before Xbox', { fifa_team: '', console: '0' }, MESSAGES.teamsRequired],
  ['Xbox before a bad gamer tag', { console: '0', gamer_tag: '!' }, MESSAGES.playstationOnly],
  ['a bad gamer tag before a bad country', { gamer_tag: '!!!', country_id: '' }, MESSAGES.psnIdIllegal],
  ['a bad country before being too young', { country_id: '999', birth_year: '2020' }, MESSAGES.countryRequired],
];

for (const [what, overrides, expected] of orderCases) {
  test(`signup reports ${what}: '${expected}'`, (t) => {
    t.deepEqual(validateSignup(form(overrides), TODAY), refusedWith(expected));
  });
}

test('signup counts age on the UTC calendar date of the sign-up instant', (t) => {
  const birthday = form({ birth_year: '2013', birth_month: '6', birth_day: '15', guardian_email: 'm@example.com' });
  t.true(validateSignup(birthday, new Date('2025-06-15T00:00:00Z')).ok);
  t.deepEqual(validateSignup(birthday, new Date('2025-06-14T23:59:59Z')), { ok: false, ...message('tooYoung') });
});

const junk: [string, unknown][] = [
  ['an array', ['x']],
  ['an object', { x: 1 }],
  ['null', null],
  ['true', true],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['a nested array', [[1]]],
];
const fields = Object.keys(form()).concat('guardian_email');

for (const [what, value] of junk) {
  test(`signup never throws when any field is ${what}`, (t) => {
    for (const name of fields) {
      t.notThrows(() => {
        const result = validateSignup(form({ [name]: value }), TODAY);
        t.is(typeof result.ok, 'boolean', name);
      }, name);
    }
  });
}

test('signup answers a body that is not an object with the first message instead of throwing', (t) => {
  for (const body of [null, undefined, [], 'username=x', 42]) {
    t.deepEqual(validateSignup(body as unknown as Record<string, unknown>, TODAY), {
      ok: false,
      ...message('usernameTooShort'),
    });
  }
});

test('signup does not read inherited properties such as constructor or __proto__', (t) => {
  const body = JSON.parse('{"__proto__": {"username": "kalle_anka"}}') as Record<string, unknown>;
  t.deepEqual(validateSignup(body, TODAY), { ok: false, ...message('usernameTooShort') });
});

const ageCases: [string, { year: number; month: number; day: number }, string, number][] = [
  ['on the day before the 12th birthday', { year: 2013, month: 6, day: 15 }, '2025-06-14', 11],
  ['on the 12th birthday', { year: 2013, month: 6, day: 15 }, '2025-06-15', 12],
  ['before a birthday later in the year', { year: 2000, month: 12, day: 31 }, '2025-06-15', 24],
  ['after a birthday earlier in the year', { year: 2000, month: 1, day: 1 }, '2025-06-15', 25],
  [
    'on 28 February of a common year for someone born on 29 February',
    { year: 2012, month: 2, day: 29 },
    '2025-02-28',
    12,
  ],
  ['on 1 March of a common year for someone born on 29 February', { year: 2012, month: 2, day: 29 }, '2025-03-01', 13],
  [
    'on 29 February of a leap year for someone born on 29 February',
    { year: 2012, month: 2, day: 29 },
    '2024-02-29',
    12,
  ],
  ['for a birth date in the future', { year: 2030, month: 1, day: 1 }, '2025-06-15', -5],
];

for (const [what, birth, day, age] of ageCases) {
  test(`ageOn is ${age} ${what}`, (t) => {
    t.is(ageOn(birth, new Date(`${day}T12:00:00Z`)), age);
  });
}

test('isMinorOn is true until the 18th birthday and false from it', (t) => {
  const birth = { year: 2007, month: 6, day: 15 };
  t.true(isMinorOn(birth, new Date('2025-06-14T23:59:59Z')));
  t.false(isMinorOn(birth, new Date('2025-06-15T00:00:00Z')));
});

test('ageOn refuses an invalid Date rather than letting everyone in', (t) => {
  t.throws(() => ageOn({ year: 2000, month: 1, day: 1 }, new Date('nope')), { instanceOf: TypeError });
});

const realDates: [number, number, number, boolean][] = [
  [2024, 2, 29, true],
  [2025, 2, 29, false],
  [1900, 2, 29, false],
  [2000, 2, 29, true],
  [2025, 4, 30, true],
  [2025, 4, 31, false],
  [2025, 12, 31, true],
  [2025, 1, 0, false],
  [2025, 13, 1, false],
];

for (const [year, month, day, real] of realDates) {
  test(`isRealDate(${year}, ${month}, ${day}) is ${real}`, (t) => {
    t.is(isRealDate(year, month, day), real);
  });
}

test("signupErrors lists every field of an empty form at once, in the form's order, with the spec's messages", (t) => {
  t.deepEqual(signupErrors({ repeat_password: 'x' }, TODAY), [
    { field: 'username', message: MESSAGES.usernameTooShort, code: 'usernameTooShort' },
    { field: 'email', message: MESSAGES.invalidEmail, code: 'invalidEmail' },
    { field: 'password', message: MESSAGES.passwordTooShort, code: 'passwordTooShort' },
    { field: 'repeat_password', message: MESSAGES.passwordMismatch, code: 'passwordMismatch' },
    { field: 'console', message: MESSAGES.consoleRequired, code: 'consoleRequired' },
    { field: 'gamer_tag', message: MESSAGES.psnIdTooShort, code: 'psnIdTooShort' },
    { field: 'first_name', message: MESSAGES.firstNameTooShort, code: 'firstNameTooShort' },
    { field: 'last_name', message: MESSAGES.lastNameTooShort, code: 'lastNameTooShort' },
    { field: 'birth_year', message: MESSAGES.invalidBirthYear, code: 'invalidBirthYear' },
    { field: 'birth_month', message: MESSAGES.invalidBirthMonth, code: 'invalidBirthMonth' },
    { field: 'birth_day', message: MESSAGES.invalidBirthDay, code: 'invalidBirthDay' },
    { field: 'country_id', message: MESSAGES.countryRequired, code: 'countryRequired' },
    { field: 'irl_team', message: MESSAGES.teamsRequired, code: 'teamsRequired' },
    { field: 'fifa_team', message: MESSAGES.teamsRequired, code: 'teamsRequired' },
    { field: 'terms', message: MESSAGES.mustAgreeToTerms, code: 'mustAgreeToTerms' },
  ]);
});

test('signupErrors is empty exactly when validateSignup passes', (t) => {
  t.deepEqual(signupErrors(form(), TODAY), []);
  t.true(validateSignup(form(), TODAY).ok);
});

test('signupErrors gives each field only its first broken rule', (t) => {
  t.deepEqual(signupErrors(form({ username: '!', fifa_team: '', irl_team: s(101) }), TODAY), [
    { field: 'username', message: MESSAGES.usernameTooShort, code: 'usernameTooShort' },
    { field: 'irl_team', message: MESSAGES.teamNameTooLong, code: 'teamNameTooLong' },
    { field: 'fifa_team', message: MESSAGES.teamsRequired, code: 'teamsRequired' },
  ]);
});

test("signupErrors' first message differs from the API's when the form's order differs from the spec's", (t) => {
  const input = form({ first_name: '', email: 'x' });
  t.deepEqual(validateSignup(input, TODAY), { ok: false, ...message('firstNameTooShort') });
  t.deepEqual(
    signupErrors(input, TODAY).map((e) => e.field),
    ['email', 'first_name'],
  );
});

test('signupErrors checks the day against the month and year once both are valid, else against 1-31', (t) => {
  t.deepEqual(signupErrors(form({ birth_month: '2', birth_day: '30' }), TODAY), [
    { field: 'birth_day', message: MESSAGES.invalidBirthDay, code: 'invalidBirthDay' },
  ]);
  t.deepEqual(signupErrors(form({ birth_month: '', birth_day: '30' }), TODAY), [
    { field: 'birth_month', message: MESSAGES.invalidBirthMonth, code: 'invalidBirthMonth' },
  ]);
  t.deepEqual(signupErrors(form({ birth_year: 'x', birth_day: '32' }), TODAY), [
    { field: 'birth_year', message: MESSAGES.invalidBirthYear, code: 'invalidBirthYear' },
    { field: 'birth_day', message: MESSAGES.invalidBirthDay, code: 'invalidBirthDay' },
  ]);
});

test('signupErrors puts being too young under the birth year, without asking a guardian for a child refused', (t) => {
  t.deepEqual(signupErrors(form({ birth_year: '2014', terms: '' }), TODAY), [
    { field: 'birth_year', message: MESSAGES.tooYoung, code: 'tooYoung' },
    { field: 'terms', message: MESSAGES.mustAgreeToTerms, code: 'mustAgreeToTerms' },
  ]);
});

test("signupErrors asks a minor for the guardian's e-mail beside the other mistakes", (t) => {
  t.deepEqual(signupErrors(form({ birth_year: '2010', username: '' }), TODAY), [
    { field: 'username', message: MESSAGES.usernameTooShort, code: 'usernameTooShort' },
    { field: 'guardian_email', message: MESSAGES.guardianEmailRequired, code: 'guardianEmailRequired' },
  ]);
  t.deepEqual(signupErrors(form({ birth_year: '2010', guardian_email: 'kalle@example.com' }), TODAY), [
    { field: 'guardian_email', message: MESSAGES.guardianEmailSameAsOwn, code: 'guardianEmailSameAsOwn' },
  ]);
});

test('signupErrors words the gamer tag for the chosen console, and for PlayStation before one is chosen', (t) => {
  t.deepEqual(signupErrors(form({ console: '0', gamer_tag: 'a!' }), TODAY), [
    { field: 'console', message: MESSAGES.playstationOnly, code: 'playstationOnly' },
    { field: 'gamer_tag', message: MESSAGES.xboxGamertagIllegal, code: 'xboxGamertagIllegal' },
  ]);
  t.deepEqual(signupErrors(form({ console: '', gamer_tag: 'a!' }), TODAY), [
    { field: 'console', message: MESSAGES.consoleRequired, code: 'consoleRequired' },
    { field: 'gamer_tag', message: MESSAGES.psnIdTooShort, code: 'psnIdTooShort' },
  ]);
});

test('SIGNUP_FORM_FIELDS names every field once', (t) => {
  t.is(new Set(SIGNUP_FORM_FIELDS).size, SIGNUP_FORM_FIELDS.length);
});

test('the birth-year hint ends at the year of those turning 12 this year: 1917–2014 in 2026', (t) => {
  t.deepEqual(birthYearHint(new Date('2026-11-26T08:00:00Z')), { min: 1917, max: 2014 });
  // The spec's hint, written in 2019.
  t.deepEqual(birthYearHint(new Date('2019-03-01T00:00:00Z')), { min: 1910, max: 2007 });
});

test('the birth-year hint moves on 1 January (UTC), and a 12-year-old born then is inside it', (t) => {
  t.deepEqual(birthYearHint(new Date('2026-12-31T23:59:59Z')), { min: 1917, max: 2014 });
  t.deepEqual(birthYearHint(new Date('2027-01-01T00:00:00Z')), { min: 1918, max: 2015 });
  const today = new Date('2027-01-01T00:00:00Z');
  const { max } = birthYearHint(today);
  t.true(
    validateSignup(
      form({ birth_year: String(max), birth_month: '1', birth_day: '1', guardian_email: 'm@example.com' }),
      today,
    ).ok,
  );
});

test('birthDateOf reads a stored DATE (midnight UTC) or its text as the calendar date', (t) => {
  t.deepEqual(birthDateOf(new Date('2010-02-28T00:00:00.000Z')), { year: 2010, month: 2, day: 28 });
  t.deepEqual(birthDateOf('1999-12-31'), { year: 1999, month: 12, day: 31 });
});
