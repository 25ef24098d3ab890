import test from 'ava';
import { MESSAGES, formatDateTime, type MessageName } from '@ecup/domain';
import { SPEC_MESSAGES_SV, translateMessage } from './spec-messages.ts';

/** Fixed messages whose Swedish is rightly the same as the English (none today; e.g. 'OK', 'Admin'). */
const SAME_IN_SWEDISH = new Set<string>(['OK', 'Admin']);

const fixedNames = (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).filter(
  (name): name is MessageName => typeof MESSAGES[name] === 'string',
);

test('every fixed message has a Swedish version', (t) => {
  t.true(fixedNames.length > 0);
  t.deepEqual(Object.keys(SPEC_MESSAGES_SV).sort(), [...fixedNames].sort());
  for (const name of fixedNames) {
    const english = MESSAGES[name];
    const swedish = translateMessage(english, 'sv');
    t.is(swedish, SPEC_MESSAGES_SV[name], name);
    t.true(swedish.trim().length > 0, name);
    if (!SAME_IN_SWEDISH.has(english)) t.not(swedish, english, name);
  }
});

test('the product names stay as they are', (t) => {
  t.true(translateMessage(MESSAGES.xboxGamertagIllegal, 'sv').includes('Xbox Live Gamertag'));
  t.true(translateMessage(MESSAGES.psnIdTooLong, 'sv').includes('PSN Live ID'));
  t.true(translateMessage(MESSAGES.playstationOnly, 'sv').includes('Playstation'));
  const teams = translateMessage(MESSAGES.teamsRequired, 'sv');
  t.true(teams.includes('IRL') && teams.includes('FIFA'));
});

test('English returns the input', (t) => {
  for (const name of fixedNames) t.is(translateMessage(MESSAGES[name], 'en'), MESSAGES[name]);
  t.is(translateMessage(MESSAGES.rateLimited(30), 'en'), MESSAGES.rateLimited(30));
  t.is(translateMessage('Anything at all', 'en'), 'Anything at all');
});

test('rate limits keep the number, in seconds or minutes, singular or plural', (t) => {
  t.is(translateMessage(MESSAGES.rateLimited(1), 'sv'), 'För många försök. Försök igen om 1 sekund.');
  t.is(translateMessage(MESSAGES.rateLimited(42), 'sv'), 'För många försök. Försök igen om 42 sekunder.');
  t.is(translateMessage(MESSAGES.rateLimited(60), 'sv'), 'För många försök. Försök igen om 1 minut.');
  t.is(translateMessage(MESSAGES.rateLimited(15 * 60), 'sv'), 'För många försök. Försök igen om 15 minuter.');
});

test('bans keep the date and the reason', (t) => {
  const until = new Date('2025-03-01T17:05:00Z');
  t.is(
    translateMessage(MESSAGES.banned('Spam. Lots of it.', until, 'Europe/Stockholm'), 'sv'),
    `Du är avstängd fram till ${formatDateTime(until, 'Europe/Stockholm', 'sv')}. Anledning: Spam. Lots of it.`,
  );
  t.is(translateMessage(MESSAGES.banned('', until), 'sv'), 'Du är avstängd fram till 1 mars 2025 17:05 UTC.');
  t.is(translateMessage(MESSAGES.banned('Cheating', null), 'sv'), 'Du är avstängd. Anledning: Cheating');
  t.is(translateMessage(MESSAGES.banned('  ', null), 'sv'), 'Du är avstängd.');
});

test('photo limits keep their numbers', (t) => {
  t.is(
    translateMessage(MESSAGES.photoTooLarge(5), 'sv'),
    'Din bild är för stor. Den största tillåtna storleken är 5 MB.',
  );
  t.is(
    translateMessage(MESSAGES.photoTooManyPixels(4096), 'sv'),
    'Din bild är för stor. Den får vara högst 4096 × 4096 pixlar.',
  );
});

test('new evidence, season end and guardian confirmation keep their names', (t) => {
  t.is(translateMessage(MESSAGES.newEvidence('alva_99'), 'sv'), 'alva_99 har laddat upp nya bevis.');
  t.is(translateMessage(MESSAGES.seasonEnded('eCup 2025'), 'sv'), 'eCup 2025 är slut. Vi ses nästa säsong!');
  t.is(
    translateMessage(MESSAGES.guardianConfirmed('alva_99', 'eCup 2025'), 'sv'),
    'Du har godkänt att alva_99 deltar i eCup 2025. alva_99 kan nu ta emot priser.',
  );
});

test('an unknown text comes back unchanged', (t) => {
  for (const text of ['Something completely different.', '', 'Your photo is too large.', 'You are banned for life']) {
    t.is(translateMessage(text, 'sv'), text);
  }
});

test('the refused guardian e-mail keeps its wait in Swedish', (t) => {
  t.is(
    translateMessage(MESSAGES.guardianResendTooSoon(60), 'sv'),
    'E-postmeddelandet till din förälder eller vårdnadshavare har redan skickats flera gånger. Du kan skicka det igen om 1 minut.',
  );
  t.is(
    translateMessage(MESSAGES.guardianResendTooSoon(125), 'sv'),
    'E-postmeddelandet till din förälder eller vårdnadshavare har redan skickats flera gånger. Du kan skicka det igen om 3 minuter.',
  );
});

test('a news image from another site that could not be copied keeps its address', (t) => {
  t.is(
    translateMessage(MESSAGES.newsRemoteImageFailed('https://photos.example.com/a.png'), 'sv'),
    'Bilden på https://photos.example.com/a.png kunde inte kopieras till webbplatsen. Ladda upp den i stället.',
  );
});
