import test from 'ava';
import { MESSAGES, message } from './messages.ts';
import type { MessageName } from './messages.ts';

// The spec's wording, verbatim (docs/product.md#validation, docs/product.md#errors; docs/decisions.md#permissions): a typo here is a visible bug.
const verbatim: [MessageName, string][] = [
  ['errorTitle', 'Error'],
  ['loginErrorTitle', 'Login error'],
  ['usernameTooShort', 'Your username is too short.'],
  ['usernameTooLong', 'Your username is too long.'],
  ['usernameIllegal', 'Your username contains illegal characters.'],
  ['firstNameTooShort', 'Your first name is too short.'],
  ['firstNameTooLong', 'Your first name is too long.'],
  ['lastNameTooShort', 'Your last name is too short.'],
  ['lastNameTooLong', 'Your last name is too long.'],
  ['invalidEmail', 'Invalid e-mail address.'],
  ['passwordTooShort', 'Your password is too short.'],
  ['passwordTooLong', 'Your password is too long.'],
  ['passwordMismatch', 'Your password does not match the repeated password.'],
  ['invalidBirthYear', 'Invalid birth year.'],
  ['invalidBirthMonth', 'Invalid birth month.'],
  ['invalidBirthDay', 'Invalid birth day.'],
  ['mustAgreeToTerms', 'You must agree to the terms before you can sign up.'],
  ['teamsRequired', 'You must enter an IRL team and a FIFA team.'],
  ['consoleRequired', 'You must select a console.'],
  ['playstationOnly', 'Sorry! This season is only open to players on Playstation.'],
  ['xboxGamertagIllegal', 'Your Xbox Live Gamertag contains illegal characters.'],
  ['psnIdIllegal', 'Your PSN Live ID contains illegal characters.'],
  ['countryRequired', 'You must select a country.'],
  ['tooYoung', 'You must be older than 12 to take part.'],
  ['usernameRequired', 'You must enter your username.'],
  ['passwordRequired', 'You must enter your password.'],
  ['personalInfoSaved', 'Your personal information has been saved.'],
  ['consoleInfoSaved', 'Your console information has been saved.'],
  ['passwordChanged', 'Your password has been changed.'],
  ['noUserWithUsername', 'There is no user with that username'],
  ['noUserWithEmail', 'There is no user with that e-mail address'],
  ['done', 'Done!'],
  ['resetPasswordTooShort', 'Password is too short'],
  ['resetPasswordMismatch', 'The passwords mismatch'],
  ['scoreRange', 'Score must be a value between 0 and 100'],
  ['invalidYoutubeLink', 'Invalid YouTube link'],
  ['evidenceUploaded', 'The evidence has been uploaded.'],
  ['newEvidenceTitle', 'New evidence'],
  ['messageTooShort', 'The message is too short.'],
  ['messageTooLong', 'The message is too long.'],
  ['titleTooShort', 'The title is too short.'],
  ['titleTooLong', 'The title is too long.'],
  ['noThreadsFound', 'No threads found in search!'],
  ['noPostsFound', 'No posts found in search!'],
  ['noUserFound', 'No user found in search!'],
  ['loading', 'Loading...'],
  ['signingIn', 'Signing in...'],
  ['mustLogInToView', 'You must log in to view this page'],
  ['signInToPlay', 'Sign in to play'],
  ['startMatchmaking', 'Start the matchmaking'],
  [
    'serverErrorPopover',
    "Oh no! Something went wrong on our end. Please try again or notify an admin if it still doesn't work.",
  ],
];
for (const [name, text] of verbatim) {
  test(`MESSAGES.${name} reads '${text}'`, (t) => {
    const actual: string = MESSAGES[name];
    t.is(actual, text);
  });
}

test("the new-evidence notice names the uploader: '{name} has uploaded new evidence.'", (t) => {
  t.is(MESSAGES.newEvidence('kalle'), 'kalle has uploaded new evidence.');
});

test("the trophy hunt's end text names the product: '{product} has ended. See you next season!'", (t) => {
  t.is(MESSAGES.seasonEnded('eCup'), 'eCup has ended. See you next season!');
});

test('a ban message gives the end in the given zone, named as people read it (CET), and the reason, or says it is permanent', (t) => {
  const until = new Date('2025-03-01T17:00:00Z');
  t.is(MESSAGES.banned('Cheating', until), 'You are banned until 1 Mar 2025, 17:00 UTC. Reason: Cheating');
  t.is(
    MESSAGES.banned('Cheating', until, 'Europe/Stockholm'),
    'You are banned until 1 Mar 2025, 18:00 CET. Reason: Cheating',
  );
  t.is(MESSAGES.banned('Abuse in chat', null), 'You are banned. Reason: Abuse in chat');
  t.is(MESSAGES.banned('  ', null), 'You are banned.');
});

const waits: [number, string][] = [
  [0, 'Too many attempts. Please try again in 1 second.'],
  [1, 'Too many attempts. Please try again in 1 second.'],
  [12.2, 'Too many attempts. Please try again in 13 seconds.'],
  [59, 'Too many attempts. Please try again in 59 seconds.'],
  [60, 'Too many attempts. Please try again in 1 minute.'],
  [61, 'Too many attempts. Please try again in 2 minutes.'],
  [900, 'Too many attempts. Please try again in 15 minutes.'],
  [NaN, 'Too many attempts. Please try again in 1 minute.'],
];
for (const [seconds, text] of waits) {
  test(`a rate limit of ${seconds} s reads '${text}'`, (t) => {
    t.is(MESSAGES.rateLimited(seconds), text);
  });
}

test('the photo size messages name the limit', (t) => {
  t.is(MESSAGES.photoTooLarge(5), 'Your photo is too large. The maximum size is 5 MB.');
  t.is(MESSAGES.photoTooManyPixels(4096), 'Your photo is too large. The maximum is 4096 × 4096 pixels.');
});

test('the guardian confirmation names the player and the product', (t) => {
  t.is(
    MESSAGES.guardianConfirmed('kalle', 'eCup'),
    'You have approved that kalle takes part in eCup. kalle can now receive prizes.',
  );
});

test('refusing another guardian e-mail says when it can be sent again', (t) => {
  t.is(
    MESSAGES.guardianResendTooSoon(59),
    'The e-mail to your parent or guardian has been sent several times already. You can send it again in 59 seconds.',
  );
  t.is(
    MESSAGES.guardianResendTooSoon(61),
    'The e-mail to your parent or guardian has been sent several times already. You can send it again in 2 minutes.',
  );
});

test('message builds the answer of a fixed message: its English text and its code', (t) => {
  t.deepEqual(message('hashingBusy'), { error: MESSAGES.hashingBusy, code: 'hashingBusy' });
});

test('message keeps the parameters beside the English text they render', (t) => {
  t.deepEqual(message('rateLimited', { seconds: 90 }), {
    error: 'Too many attempts. Please try again in 2 minutes.',
    code: 'rateLimited',
    params: { seconds: 90 },
  });
  const until = '2025-03-01T17:05:00.000Z';
  t.deepEqual(message('banned', { reason: 'Spam', until, time_zone: 'Europe/Stockholm' }), {
    error: MESSAGES.banned('Spam', new Date(until), 'Europe/Stockholm'),
    code: 'banned',
    params: { reason: 'Spam', until, time_zone: 'Europe/Stockholm' },
  });
});

test('every fixed message has its own English text, so a text names one code', (t) => {
  const texts = (Object.values(MESSAGES) as unknown[]).filter((value): value is string => typeof value === 'string');
  t.is(new Set(texts).size, texts.length);
});
