import test from 'ava';
import { identityContactMessage, IDENTITY_FIELDS } from '../validation/identity.ts';
import { checkIdentityText, refuseIdentityFields } from './index.ts';

/** Contact details, each refused in any identity field, with what the rule finds. */
const REFUSED: Array<[string, string[]]> = [
  ['0701234567', ['phone']],
  ['kalle0701234567', ['phone']],
  ['070-123 45 67', ['phone']],
  ['+46 70 123 45 67', ['phone']],
  ['noll sju noll ett två tre fyra fem sex sju', ['phone']],
  ['snap: coach_micke / wa 070-123 45 67', ['phone', 'handle']],
  ['wa 0701234567', ['phone']],
  ['micke@gmail.com', ['email']],
  ['micke at gmail dot com', ['email']],
  ['micke.se', ['link']],
  ['micke.coach', ['link']],
  ['Man.City', ['link']],
  ['www.kallesfifa.se', ['link']],
  ['https://discord.gg/abc', ['link']],
  ['snap coachmicke', ['handle']],
  ['insta kalle', ['handle']],
  ['ig: kalle', ['handle']],
  ['snap_kalle99', ['handle']],
  ['kalle_99 on snap', ['handle']],
  ['@kalle_fifa', ['handle']],
  ['kalle#1234', ['handle']],
  ['Storgatan 12', ['address']],
  ['Kungsvägen 5B', ['address']],
  ['Drottninggatan 3 lgh 1102', ['address']],
  ['12 Baker Street', ['address']],
  ['221b Baker St', ['address']],
  ['Main Road 4', ['address']],
  ['412 58 Göteborg', ['address']],
  ['Storgatan 12, 412 58 Göteborg', ['phone', 'address']],
  ['jag bor på Storgatan', ['address']],
];

/** Ordinary identity texts: usernames, names with hyphens and accents, real clubs, FIFA teams, gamer tags. */
const ACCEPTED = [
  'kalle99',
  'Zlatan_10',
  'xXSniperXx',
  'Sniper_2006',
  'TT_Sniper',
  'DC_United',
  'Tyler_yt',
  'Anna-Karin',
  'Jean-Luc',
  'José',
  'Zoë',
  'Björn',
  'Åsa',
  'Ødegaard',
  "O'Brien",
  'van der Berg',
  'Al-Hassan',
  'Nguyễn',
  'IFK Göteborg',
  'Malmö FF',
  'BK Häcken',
  'Hammarby IF',
  'Djurgårdens IF',
  'Örgryte IS',
  'FC Barcelona',
  'Paris Saint-Germain',
  'AIK',
  '1. FC Köln',
  'FC St. Pauli',
  'A.F.C. Wimbledon',
  'Brighton & Hove Albion',
  'Queens Park Rangers',
  'Schalke 04',
  'TSG 1899 Hoffenheim',
  'TSV 1860 München',
  'Man City',
  'Telegram United',
  'Discord FC',
  'Ultimate Team 11',
  'FUT Champions 2025',
  'Team Storgatan',
];

test('refuses phone numbers, e-mail and web addresses, names on other platforms and street addresses', (t) => {
  for (const [text, reasons] of REFUSED) {
    const check = checkIdentityText(text);
    t.true(check.contact, text);
    t.deepEqual(check.reasons, reasons, text);
  }
});

test('accepts ordinary usernames, names, real clubs and gamer tags as they are', (t) => {
  for (const text of ACCEPTED)
    t.deepEqual(checkIdentityText(text), { contact: false, reasons: [], masked: text }, text);
});

test('masks each contact detail and keeps the rest, for rows stored before the rule', (t) => {
  t.is(checkIdentityText('snap: coach_micke / wa 070-123 45 67').masked, 'snap: ••• / wa •••');
  t.is(checkIdentityText('FC Kalle 0701234567').masked, 'FC Kalle •••');
  t.is(checkIdentityText('micke@gmail.com').masked, '•••');
});

test('names the first refused field in the fields’ order with its own message; first and last name are read together', (t) => {
  t.is(refuseIdentityFields({ first_name: 'Micke', last_name: 'Svensson', irl_team: 'IFK Göteborg' }), null);
  t.like(refuseIdentityFields({ irl_team: 'micke.se', username: '0701234567' }), {
    field: 'username',
    code: 'usernameContactDetails',
    reasons: ['phone'],
    text: '0701234567',
  });
  t.like(refuseIdentityFields({ first_name: 'Micke 070 12', last_name: '34 567' }), {
    field: 'last_name',
    code: 'lastNameContactDetails',
    text: 'Micke 070 12 34 567',
  });
  t.like(refuseIdentityFields({ gamer_tag: 'snap coach_micke' }), { code: 'psnIdContactDetails' });
  t.like(refuseIdentityFields({ gamer_tag: 'snap coach_micke' }, 0), { code: 'xboxGamertagContactDetails' });
  for (const field of IDENTITY_FIELDS) {
    t.like(refuseIdentityFields({ [field]: '0701234567' }), { field, code: identityContactMessage(field) });
  }
});
