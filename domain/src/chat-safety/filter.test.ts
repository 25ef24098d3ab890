import test, { type ExecutionContext } from 'ava';
import { filterLine, MASK, normalise } from './index.ts';

const shown = (text: string) => filterLine(text).text;
const untouched = (t: ExecutionContext, lines: string[]) => {
  for (const line of lines) t.is(shown(line), line, line);
};

test('the normalised views map every character back to what was typed', (t) => {
  const view = normalise('Ｋａ\u200bＬＬＥ ѕnаp 4x');
  t.is(view.plain, 'kallе snap 4x'.replace('е', 'e'));
  t.is(view.leet, 'kalle snap ax');
  t.is(view.plain.length, view.start.length);
  // "l" (the third letter) came from the full-width L after the zero-width space.
  t.is(view.original.slice(view.start[2], view.end[2]), 'Ｌ');
});

test('a clean line comes back as typed, not masked, with no reasons', (t) => {
  t.deepEqual(filterLine('gg wp, rematch kl 19?'), {
    text: 'gg wp, rematch kl 19?',
    masked: false,
    reasons: [],
    remask: [],
  });
});

test('masks a phone number and keeps the rest of the line', (t) => {
  t.deepEqual(filterLine('ring mig 070-123 45 67 efter matchen'), {
    text: `ring mig ${MASK} efter matchen`,
    masked: true,
    reasons: ['phone'],
    remask: [],
  });
});

test('masks phone numbers in any grouping and country format', (t) => {
  t.is(shown('+46 (0)70-123 45 67'), MASK);
  t.is(shown('call 0046 70 123 45 67'), `call ${MASK}`);
  t.is(shown('(555) 123-4567 text me'), `${MASK} text me`);
  t.is(shown('070/123.45.67'), MASK);
  t.is(shown('0 7 0 1 2 3 4 5 6 7'), MASK);
  t.is(shown('+44 7911 123456'), MASK);
});

test('masks phone numbers spelled out in English and Swedish, also mixed with digits', (t) => {
  t.is(shown('zero seven zero one two three four five six seven'), MASK);
  t.is(shown('oh seven oh, one two three, four five, six seven'), MASK);
  t.is(shown('ring noll sju noll ett två tre fyra fem sex sju'), `ring ${MASK}`);
  t.is(shown('nollsjunoll etttvåtre fyrafem sexsju'), MASK);
  t.is(shown('070 one two three 45 67 ok'), `${MASK} ok`);
});

test('masks phone numbers behind leetspeak, full-width, styled and invisible characters', (t) => {
  t.is(shown('O7O-l23 45 67'), MASK);
  t.is(shown('０７０１２３４５６７'), MASK);
  t.is(shown('𝟎𝟕𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕'), MASK);
  t.is(shown('0\u200b7\u200b0\u200b1\u200b2\u200b3\u200b4\u200b5\u200b6\u200b7 ring'), `${MASK} ring`);
  t.is(shown('0️⃣7️⃣0️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣'), MASK);
  t.is(shown('٠٧٠١٢٣٤٥٦٧'), MASK);
});

test('leaves scores, minutes, times, dates, years, formations and coin amounts alone', (t) => {
  untouched(t, [
    '2-1',
    '3 - 2',
    '3–3 final',
    'it went 1-0, 1-1, 2-1, 2-2, 3-2',
    '89th',
    'mål i 89:e',
    '90+3 equaliser',
    'kl 19',
    'kl 19.00-21.00 funkar',
    'nästa match 2026-11-27',
    'säsongen slutar 30/11',
    'world cup 2026',
    '4-2-3-1 vs 4-3-3, interesting',
    '1,500,000 coins for Mbappé',
    'sold him for 2500000',
    'elo 1400-1600',
    'FIFA 24 on PS5, hold R2',
  ]);
});

test('masks a number spread over three lines from one sender within a minute, earlier lines too', (t) => {
  const result = filterLine('45 67', {
    at_ms: 100_000,
    recent: [
      { id: 'a', text: 'ring mig 070', at_ms: 60_000 },
      { id: 'b', text: '123', at_ms: 80_000 },
    ],
  });
  t.is(result.text, MASK);
  t.deepEqual(result.reasons, ['phone']);
  t.deepEqual(result.remask, [
    { id: 'a', text: `ring mig ${MASK}`, masked: true, reasons: ['phone'] },
    { id: 'b', text: MASK, masked: true, reasons: ['phone'] },
  ]);
});

test('masks a number in words spread over two lines', (t) => {
  const result = filterLine('fyra fem sex sju', {
    at_ms: 20_000,
    recent: [{ id: 1, text: 'noll sju noll ett två tre', at_ms: 5_000 }],
  });
  t.is(result.text, MASK);
  t.deepEqual(result.remask, [{ id: 1, text: MASK, masked: true, reasons: ['phone'] }]);
});

test('does not join lines sent more than a minute apart, or more than three lines', (t) => {
  const late = filterLine('45 67', { at_ms: 200_000, recent: [{ id: 1, text: '070 123', at_ms: 100_000 }] });
  t.is(late.text, '45 67');
  t.deepEqual(late.remask, []);
  const four = filterLine('56', {
    at_ms: 40_000,
    recent: [
      { id: 1, text: '070', at_ms: 10_000 },
      { id: 2, text: '12', at_ms: 20_000 },
      { id: 3, text: '34', at_ms: 30_000 },
    ],
  });
  t.is(four.text, '56');
});

test('does not join scores and words from consecutive lines into a number', (t) => {
  const scores = filterLine('4-1', {
    at_ms: 30_000,
    recent: [
      { id: 1, text: '2-1', at_ms: 10_000 },
      { id: 2, text: '3-2', at_ms: 20_000 },
    ],
  });
  t.is(scores.text, '4-1');
  const words = filterLine('two goals in two minutes', {
    at_ms: 30_000,
    recent: [{ id: 1, text: 'three nil, four one, five two', at_ms: 20_000 }],
  });
  t.is(words.text, 'two goals in two minutes');
  t.deepEqual(words.remask, []);
});

test('masks e-mail addresses, also spelled out and disguised', (t) => {
  t.deepEqual(filterLine('mail me kalle.99@gmail.com ok'), {
    text: `mail me ${MASK} ok`,
    masked: true,
    reasons: ['email'],
    remask: [],
  });
  t.is(shown('kalle99 at gmail dot com'), MASK);
  t.is(shown('kalle99 at hotmail'), MASK);
  t.is(shown('kalle99(at)hotmail(dot)se'), MASK);
  t.is(shown('kalle99 [at] outlook [dot] com'), MASK);
  t.is(shown('kalle99 snabel-a gmail punkt com'), MASK);
  t.is(shown('min mejl är kalle99 på gmail'), `min mejl är ${MASK}`);
  t.is(shown('k4lle99 at gm4il d0t c0m'), MASK);
  t.is(shown('kаllе99@gmаil.cоm'), MASK);
  t.is(shown('ｋａｌｌｅ９９＠ｇｍａｉｌ．ｃｏｍ'), MASK);
});

test('masks links and bare domains, also spelled out', (t) => {
  t.is(shown('kolla https://discord.gg/abc123'), `kolla ${MASK}`);
  t.is(shown('www.kallesfifa.se'), MASK);
  t.is(shown('kallesfifa.se kolla där'), `${MASK} kolla där`);
  t.is(shown('bit.ly/3xYz9 free coins'), `${MASK} free coins`);
  t.is(shown('bit . ly / 3xYz9'), MASK);
  t.is(shown('kallesfifa dot com'), MASK);
  t.is(shown('kallesfifa punkt se'), MASK);
  t.is(shown('kallesfifa(dot)com'), MASK);
  t.is(shown('kallesfifa.c0m'), MASK);
  t.deepEqual(filterLine('youtu.be/dQw4w9WgXcQ').reasons, ['link']);
});

test('leaves abbreviations, times and sentence ends that look like domains alone', (t) => {
  untouched(t, [
    'e.g. Bayern or PSG',
    't.ex. Bayern eller PSG',
    'kl.19 imorgon',
    'bl.a. Isak',
    'gg. nu kör vi',
    'game. to be honest',
    'nice.game',
  ]);
});

test('masks usernames introduced with a platform, before or after it', (t) => {
  t.deepEqual(filterLine('add me on snap kalle_99'), {
    text: `add me on snap ${MASK}`,
    masked: true,
    reasons: ['handle'],
    remask: [],
  });
  t.is(shown('my insta is kalle.fifa'), `my insta is ${MASK}`);
  t.is(shown('kalle_99 on snap'), `${MASK} on snap`);
  t.is(shown('lägg till mig på snap: fotbollskalle'), `lägg till mig på snap: ${MASK}`);
  t.is(shown('hitta mig på kalle_99'), `hitta mig på ${MASK}`);
  t.is(shown('tiktok: kalle.skills'), `tiktok: ${MASK}`);
  t.is(shown('discord kallefifa#0099'), `discord ${MASK}`);
  t.is(shown('kik: kalle99'), `kik: ${MASK}`);
  t.is(shown('whatsapp kalle99'), `whatsapp ${MASK}`);
  t.is(shown("what's your snap? mine is kalle_99"), `what's your snap? mine is ${MASK}`);
});

test('masks name#1234 and @name on their own', (t) => {
  t.is(shown('kalle#4821'), MASK);
  t.is(shown('follow @kalle_skills'), `follow ${MASK}`);
  t.is(shown('＠kalle_fifa'), MASK);
});

test('masks usernames behind disguised platform words', (t) => {
  t.is(shown('5n4p: kalle_99'), `5n4p: ${MASK}`);
  t.is(shown('s n a p kalle_99'), `s n a p ${MASK}`);
  t.is(shown('ѕnаpсhаt kalle_99'), `ѕnаpсhаt ${MASK}`);
  t.is(shown('sn\u200bap: kalle_99'), `sn\u200bap: ${MASK}`);
  t.is(shown('d1sc0rd: kalle_99'), `d1sc0rd: ${MASK}`);
  t.is(shown("what's app: kalle_99"), `what's app: ${MASK}`);
});

test('lets PSN mentions and ordinary uses of platform words pass', (t) => {
  untouched(t, [
    'add me on psn',
    'my psn is kalle_99',
    'add me on snap later',
    'i saw that goal on tiktok',
    'are you on discord?',
    'ta en kik på reprisen',
    'tiktok is banned in my house',
    'snap decision by the ref',
    'line: Isak, Kulusevski',
  ]);
});

test('masks English swearing, also in leetspeak', (t) => {
  t.deepEqual(filterLine('fuck this lag'), {
    text: `${MASK} this lag`,
    masked: true,
    reasons: ['profanity'],
    remask: [],
  });
  t.is(shown('sh1t game'), `${MASK} game`);
  t.is(shown('you slut'), `you ${MASK}`);
});

test('masks Swedish swearing and slurs with their inflections', (t) => {
  t.is(shown('din jävla idiot'), `din ${MASK} idiot`);
  t.is(shown('javlar vilken lagg'), `${MASK} vilken lagg`);
  t.is(shown('fy fan vad bra'), `fy ${MASK} vad bra`);
  t.is(shown('fan också'), `${MASK} också`);
  t.is(shown('kuksugare'), MASK);
  t.is(shown('helvetes domare'), `${MASK} domare`);
  t.is(shown('din h0ra'), `din ${MASK}`);
});

test('leaves football words that contain or look like swear words alone', (t) => {
  untouched(t, [
    'big fan of Zlatan',
    'AIK fans are loud',
    'Hellas Verona',
    'Scunthorpe in FIFA lol',
    'Dick Advocaat',
    'Arsenal',
    'sex mål i en match',
    'matchen är slut, 4-1',
    'jag tappade anslutningen',
    'skitbra match',
  ]);
});

test('lists each reason once, in the order of the rules', (t) => {
  const result = filterLine('fuck, snap kalle_99 or 070 123 45 67 or kalle@gmail.com');
  t.deepEqual(result.reasons, ['phone', 'email', 'handle', 'profanity']);
  t.is(result.text, `${MASK}, snap ${MASK} or ${MASK} or ${MASK}`);
});

test('masks street addresses, Swedish and English, with their number, flat and floor', (t) => {
  t.deepEqual(filterLine('I live at Storgatan 12 in Göteborg, come over'), {
    text: `I live at ${MASK} in Göteborg, come over`,
    masked: true,
    reasons: ['address'],
    remask: [],
  });
  t.is(shown('Kungsvägen 5B'), MASK);
  t.is(shown('Drottninggatan 3 lgh 1102 ring på'), `${MASK} ring på`);
  t.is(shown('bor på Sveavägen 44, 3 tr'), `bor på ${MASK}`);
  t.is(shown('kom hem till mig på Lindallén 3'), `kom hem till mig på ${MASK}`);
  t.is(shown('12 Baker Street'), MASK);
  t.is(shown('221b Baker St lol'), `${MASK} lol`);
  t.is(shown('Main Road 4'), MASK);
  t.is(shown('Old Kent Road 12 is my street'), `${MASK} is my street`);
  t.is(shown('come over to 4 Privet Drive'), `come over to ${MASK}`);
});

test('masks a postcode with its town, and a street after "I live at" or "jag bor på" without its number', (t) => {
  t.is(shown('skicka till 412 58 Göteborg'), `skicka till ${MASK}`);
  t.is(shown('41258 Göteborg'), MASK);
  t.is(shown('SW1A 1AA London'), MASK);
  t.is(shown('Storgatan 12, 412 58 Göteborg'), MASK);
  t.is(shown('jag bor på Storgatan'), `jag bor på ${MASK}`);
  t.is(shown('I live on baker street'), `I live on ${MASK}`);
  t.is(shown('i live at 4 privet drive'), `i live at ${MASK}`);
  t.is(shown('my address is 5 Elm Row, Leeds'), `my address is ${MASK}`);
  t.deepEqual(filterLine('ring 070 123 45 67, Storgatan 12').reasons, ['phone', 'address']);
});

test('leaves football numbers, towns and street-like words that are no address alone', (t) => {
  untouched(t, [
    'I won 3-1 at home',
    'Göteborg 2 Malmö 1',
    'see you at 19',
    'level 12',
    'game 3 of 5',
    'FIFA 25',
    'Ultimate Team 11',
    '3 in a row',
    'won 5 games on the road',
    '2nd place 3 points behind',
    'no way 2 goals',
    'jag bor i Göteborg',
    'I live in London',
    'I live for this game',
    'vi möts på Stortorget kl 19',
    'Kungsgatan är avstängd',
    'på vägen hem nu, 10 min',
    'Abbey Road 2-1 lol',
    'Storgatan 19:30',
    'sold him for 25000 Mbappé',
    '15000 coins for Isak',
    'PS4 1TB Slim here',
    'sporthallen 3',
    'Queens Park Rangers 2 Fulham 1',
  ]);
});
