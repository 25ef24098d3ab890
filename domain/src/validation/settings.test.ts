import test from 'ava';
import { refusedWith } from '../testing/refusals.ts';
import { MESSAGES } from '../messages.ts';
import {
  validateConsoleUpdate,
  validatePasswordChange,
  validateProfileUpdate,
  validateTeamsUpdate,
} from './settings.ts';

const s = (n: number, c = 'a') => c.repeat(n);
const email = (n: number) => `${s(n - 6)}@b.com`;

type Case = [string, Record<string, unknown>, string | null];

function run(form: string, validate: (input: Record<string, unknown>) => { ok: boolean }, base: object, cases: Case[]) {
  for (const [what, overrides, expected] of cases) {
    test(expected ? `${form} refuses ${what} with '${expected}'` : `${form} accepts ${what}`, (t) => {
      const result = validate({ ...base, ...overrides });
      if (expected === null) t.true(result.ok, JSON.stringify(result));
      else t.deepEqual(result, refusedWith(expected));
    });
  }
}

run('personal info', validateProfileUpdate, { first_name: 'Kalle', last_name: 'Anka', email: 'kalle@example.com' }, [
  ['an empty first name', { first_name: '' }, MESSAGES.firstNameTooShort],
  ['a 1-character first name', { first_name: 'K' }, null],
  ['a 50-character first name', { first_name: s(50) }, null],
  ['a 51-character first name', { first_name: s(51) }, MESSAGES.firstNameTooLong],
  ['an empty last name', { last_name: ' ' }, MESSAGES.lastNameTooShort],
  ['a 50-character last name', { last_name: s(50) }, null],
  ['a 51-character last name', { last_name: s(51) }, MESSAGES.lastNameTooLong],
  ['a 5-character e-mail (settings ask for 6)', { email: 'a@b.c' }, MESSAGES.invalidEmail],
  ['a 6-character e-mail', { email: 'ab@c.d' }, null],
  ['a 254-character e-mail', { email: email(254) }, null],
  ['a 255-character e-mail', { email: email(255) }, MESSAGES.invalidEmail],
  ["an e-mail without '@'", { email: 'kalle.example.com' }, MESSAGES.invalidEmail],
  ["an e-mail without '.'", { email: 'kalle@example' }, MESSAGES.invalidEmail],
  ['no e-mail', { email: undefined }, MESSAGES.invalidEmail],
  ['a first name sent as an array', { first_name: ['Kalle'] }, MESSAGES.firstNameTooShort],
]);

test('personal info returns trimmed values', (t) => {
  t.deepEqual(validateProfileUpdate({ first_name: ' Kalle ', last_name: ' Anka ', email: ' k@example.com ' }), {
    ok: true,
    value: { first_name: 'Kalle', last_name: 'Anka', email: 'k@example.com', current_password: '' },
  });
});

test('personal info passes the current password on untrimmed, for the API to check when the e-mail changes', (t) => {
  const result = validateProfileUpdate({
    first_name: 'Kalle',
    last_name: 'Anka',
    email: 'k@example.com',
    current_password: ' my secret ',
  });
  t.like(result, { ok: true, value: { current_password: ' my secret ' } });
});

run('console settings', validateConsoleUpdate, { console: '1', gamer_tag: 'Kalle_PSN' }, [
  ['no console', { console: undefined }, MESSAGES.consoleRequired],
  ["console ''", { console: '' }, MESSAGES.consoleRequired],
  ['console 2', { console: 2 }, MESSAGES.consoleRequired],
  ['a switch to Xbox', { console: '0' }, MESSAGES.playstationOnly],
  ['an empty PSN ID', { gamer_tag: '  ' }, MESSAGES.psnIdTooShort],
  ['a 1-character PSN ID (settings allow 1)', { gamer_tag: 'k' }, null],
  ['a 25-character PSN ID', { gamer_tag: s(25) }, null],
  ['a 26-character PSN ID', { gamer_tag: s(26) }, MESSAGES.psnIdTooLong],
  ["a PSN ID with '@'", { gamer_tag: 'kalle@psn' }, MESSAGES.psnIdIllegal],
  ['a PSN ID with spaces, hyphens and underscores', { gamer_tag: 'k a-l_le' }, null],
]);

test('console settings return the console as a number and the trimmed gamer tag', (t) => {
  t.deepEqual(validateConsoleUpdate({ console: '1', gamer_tag: ' Kalle ' }), {
    ok: true,
    value: { console: 1, gamer_tag: 'Kalle' },
  });
});

run('password change', validatePasswordChange, { current_password: 'old-secret', new_password: 'new-secret' }, [
  ['no current password', { current_password: undefined }, MESSAGES.passwordRequired],
  ['an empty current password', { current_password: '' }, MESSAGES.passwordRequired],
  [
    'a 6-character new password (the spec said 6; sign-up and reset ask 8)',
    { new_password: s(6) },
    MESSAGES.passwordTooShort,
  ],
  ['a 7-character new password', { new_password: s(7) }, MESSAGES.passwordTooShort],
  ['an 8-character new password, as sign-up asks', { new_password: s(8) }, null],
  ['a 100-character new password', { new_password: s(100) }, null],
  ['a 101-character new password', { new_password: s(101) }, MESSAGES.passwordTooLong],
  ['no new password', { new_password: undefined }, MESSAGES.passwordTooShort],
  ['a matching repeat', { repeat_password: 'new-secret' }, null],
  ['a different repeat', { repeat_password: 'new-secreT' }, MESSAGES.passwordMismatch],
  ['an empty repeat', { repeat_password: '' }, MESSAGES.passwordMismatch],
]);

run('teams', validateTeamsUpdate, { irl_team: 'Hammarby IF', fifa_team: 'Real Madrid' }, [
  ['no IRL team', { irl_team: undefined }, MESSAGES.teamsRequired],
  ['a blank IRL team', { irl_team: '   ' }, MESSAGES.teamsRequired],
  ['an empty FIFA team', { fifa_team: '' }, MESSAGES.teamsRequired],
  ['a 100-character team name', { fifa_team: s(100) }, null],
  ['a 101-character IRL team', { irl_team: s(101) }, MESSAGES.teamNameTooLong],
  ['a 101-character FIFA team', { fifa_team: s(101) }, MESSAGES.teamNameTooLong],
]);

test('teams in settings are trimmed like at sign-up', (t) => {
  t.deepEqual(validateTeamsUpdate({ irl_team: ' AIK ', fifa_team: ' Inter ' }), {
    ok: true,
    value: { irl_team: 'AIK', fifa_team: 'Inter' },
  });
});
