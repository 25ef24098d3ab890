import test from 'ava';
import { MESSAGES, formatDateTime, message, type MessageName } from '@ecup/domain';
import { FIXED_MESSAGES_SV, swedishOf } from './messages-sv.ts';

/** Fixed messages whose Swedish is rightly the same as the English (none today; e.g. 'OK', 'Admin'). */
const SAME_IN_SWEDISH = new Set<string>(['OK', 'Admin']);

const fixedNames = (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).filter(
  (name): name is MessageName => typeof MESSAGES[name] === 'string',
);

test('every fixed message has a Swedish version, by name and as the server answers it', (t) => {
  t.true(fixedNames.length > 0);
  t.deepEqual(Object.keys(FIXED_MESSAGES_SV).sort(), [...fixedNames].sort());
  for (const name of fixedNames) {
    const swedish = swedishOf(name);
    t.is(swedish, FIXED_MESSAGES_SV[name], name);
    t.is(swedishOf(message(name)), swedish, name);
    t.true(swedish.trim().length > 0, name);
    if (!SAME_IN_SWEDISH.has(MESSAGES[name])) t.not(swedish, MESSAGES[name], name);
  }
});

test('the product names stay as they are', (t) => {
  t.true(swedishOf('xboxGamertagIllegal').includes('Xbox Live Gamertag'));
  t.true(swedishOf('psnIdTooLong').includes('PSN Live ID'));
  t.true(swedishOf('playstationOnly').includes('Playstation'));
  const teams = swedishOf('teamsRequired');
  t.true(teams.includes('IRL') && teams.includes('FIFA'));
});

test('rate limits keep the number, in seconds or minutes, singular or plural', (t) => {
  const sv = (seconds: number) => swedishOf(message('rateLimited', { seconds }));
  t.is(sv(1), 'För många försök. Försök igen om 1 sekund.');
  t.is(sv(42), 'För många försök. Försök igen om 42 sekunder.');
  t.is(sv(60), 'För många försök. Försök igen om 1 minut.');
  t.is(sv(15 * 60), 'För många försök. Försök igen om 15 minuter.');
  t.is(message('rateLimited', { seconds: 15 * 60 }).error, 'Too many attempts. Please try again in 15 minutes.');
});

test('bans keep the date and the reason; the date is written the Swedish way', (t) => {
  const until = '2025-03-01T17:05:00.000Z';
  const ban = (reason: string, at: string | null, zone = 'UTC') =>
    swedishOf(message('banned', { reason, until: at, time_zone: zone }));
  t.is(
    ban('Spam. Lots of it.', until, 'Europe/Stockholm'),
    `Du är avstängd fram till ${formatDateTime(new Date(until), 'Europe/Stockholm', 'sv')}. Anledning: Spam. Lots of it.`,
  );
  t.is(ban('', until), 'Du är avstängd fram till 1 mars 2025 17:05 UTC.');
  t.is(ban('Cheating', null), 'Du är avstängd. Anledning: Cheating');
  t.is(ban('  ', null), 'Du är avstängd.');
});

test('closed matchmaking, a queue cooldown and a chat mute give their time in Swedish', (t) => {
  const at = '2026-11-30T17:00:00.000Z';
  const when = formatDateTime(new Date(at), 'Europe/Stockholm', 'sv');
  t.is(
    swedishOf(message('matchmakingClosed', { opens_at: at, time_zone: 'Europe/Stockholm' })),
    `Matchmakingen är stängd just nu. Den öppnar igen ${when}.`,
  );
  t.is(
    swedishOf(message('matchmakingClosed', { opens_at: null, time_zone: 'Europe/Stockholm' })),
    'Matchmakingen är stängd: säsongen är slut. Vi ses nästa säsong!',
  );
  t.is(
    swedishOf(message('queueCooldown', { until: at, time_zone: 'Europe/Stockholm' })),
    `Du har nekat eller missat tre matcher inom en timme. Du kan köa igen ${when}.`,
  );
  t.is(
    swedishOf(message('chatMuted', { until: at, time_zone: 'Europe/Stockholm' })),
    `Du kan inte chatta förrän ${when}.`,
  );
});

test('photo limits keep their numbers', (t) => {
  t.is(
    swedishOf(message('photoTooLarge', { megabytes: 5 })),
    'Din bild är för stor. Den största tillåtna storleken är 5 MB.',
  );
  t.is(
    swedishOf(message('photoTooManyPixels', { px: 4096 })),
    'Din bild är för stor. Den får vara högst 4096 × 4096 pixlar.',
  );
});

test('new evidence, season end and guardian confirmation keep their names', (t) => {
  t.is(swedishOf(message('newEvidence', { name: 'alva_99' })), 'alva_99 har laddat upp nya bevis.');
  t.is(swedishOf(message('seasonEnded', { product: 'eCup 2025' })), 'eCup 2025 är slut. Vi ses nästa säsong!');
  t.is(
    swedishOf(message('guardianConfirmed', { username: 'alva_99', product: 'eCup 2025' })),
    'Du har godkänt att alva_99 deltar i eCup 2025. alva_99 kan nu ta emot priser.',
  );
});

test('the refused guardian e-mail keeps its wait in Swedish', (t) => {
  const sv = (seconds: number) => swedishOf(message('guardianResendTooSoon', { seconds }));
  t.is(
    sv(60),
    'E-postmeddelandet till din förälder eller vårdnadshavare har redan skickats flera gånger. Du kan skicka det igen om 1 minut.',
  );
  t.is(
    sv(125),
    'E-postmeddelandet till din förälder eller vårdnadshavare har redan skickats flera gånger. Du kan skicka det igen om 3 minuter.',
  );
});

test('a news image from another site that could not be copied keeps its address', (t) => {
  t.is(
    swedishOf(message('newsRemoteImageFailed', { url: 'https://photos.example.com/a.png' })),
    'Bilden på https://photos.example.com/a.png kunde inte kopieras till webbplatsen. Ladda upp den i stället.',
  );
});

test('a code this app does not know, or parameters that do not fit, show the server’s English', (t) => {
  t.is(swedishOf({ error: 'Something new.', code: 'somethingNew' as never }), 'Something new.');
  t.is(swedishOf({ error: 'You are banned.', code: 'banned' }), 'You are banned.');
});
