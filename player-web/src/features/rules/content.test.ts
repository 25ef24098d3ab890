import test from 'ava';
import {
  ACCEPT_WINDOW_MS,
  ADULT_AGE_YEARS,
  FINALS_WINNERS,
  MIN_AGE_YEARS,
  RESULT_ENTRY_DELAY_MS,
  TROPHY_POOL_SIZE,
  TROPHY_WEEKLY_WINNERS,
} from '@ecup/domain';
import {
  RULES_SECTION_IDS,
  SUPPORT_EMAIL,
  TERMS_SECTION_IDS,
  type Block,
  type LegalDocument,
  type SeasonFacts,
} from './content-types.ts';
import { rules as rulesEn } from './rules.en.ts';
import { playWindow } from './season-facts.ts';
import { rules as rulesSv } from './rules.sv.ts';
import { terms as termsEn } from './terms.en.ts';
import { terms as termsSv } from './terms.sv.ts';

/** A season whose name and weekly cap differ from the defaults, so the tests prove the texts read `f`. */
const facts: SeasonFacts = {
  product: 'TestCup',
  seasonName: 'TestCup 2031',
  qualifiersStart: 'QSTART',
  qualifiersEnd: 'QEND',
  finals: 'FINALSDAY',
  trophyHuntEnd: 'HUNTEND',
  window: {
    kind: 'span',
    from: { day: 'FROMDAY', time: '01:23' },
    to: { day: 'TODAY', time: '04:56' },
    toNextWeek: false,
    zone: 'ZONE',
  },
  maxGamesPerWeek: 27,
};

const languages = [
  { lang: 'en', rules: rulesEn, terms: termsEn, seconds: 'seconds', minutes: 'minutes' },
  { lang: 'sv', rules: rulesSv, terms: termsSv, seconds: 'sekunder', minutes: 'minuter' },
] as const;

function blockTexts(block: Block): string[] {
  if (block.kind === 'p') return [block.text];
  if (block.kind === 'list') return block.items;
  return [block.q, block.a];
}

/** Every string a reader sees in a document. */
function allTexts(doc: LegalDocument): string[] {
  return [doc.title, doc.intro, ...doc.sections.flatMap((s) => [s.title, ...s.blocks.flatMap(blockTexts)])];
}

function fullText(doc: LegalDocument): string {
  return allTexts(doc).join('\n');
}

function ids(doc: LegalDocument): string[] {
  return doc.sections.map((s) => s.id);
}

test('rules have the same section ids in the same order in English and Swedish', (t) => {
  t.deepEqual(ids(rulesEn(facts)), ids(rulesSv(facts)));
});

test('terms have the same section ids in the same order in English and Swedish', (t) => {
  t.deepEqual(ids(termsEn(facts)), ids(termsSv(facts)));
});

test('every required section id is present, in page order', (t) => {
  for (const { lang, rules, terms } of languages) {
    t.deepEqual(ids(rules(facts)), [...RULES_SECTION_IDS], `rules ${lang}`);
    t.deepEqual(ids(terms(facts)), [...TERMS_SECTION_IDS], `terms ${lang}`);
  }
});

test('titles, intros, sections and every block have non-empty text', (t) => {
  for (const { lang, rules, terms } of languages) {
    for (const doc of [rules(facts), terms(facts)]) {
      for (const section of doc.sections) {
        t.true(section.blocks.length > 0, `${lang} ${section.id} has blocks`);
        for (const block of section.blocks) {
          if (block.kind === 'list') t.true(block.items.length > 0, `${lang} ${section.id} list has items`);
        }
      }
      for (const text of allTexts(doc)) t.true(text.trim().length > 0, `${lang}: empty text in ${doc.title}`);
    }
  }
});

test('no placeholder leaks, markup or markdown in any text', (t) => {
  for (const { lang, rules, terms } of languages) {
    for (const doc of [
      rules(facts),
      terms(facts),
      rules({ ...facts, finals: null }),
      terms({ ...facts, finals: null }),
    ]) {
      for (const text of allTexts(doc)) {
        t.notRegex(text, /undefined|null|NaN|\[object|\$\{/, `${lang}: ${text}`);
        t.notRegex(text, /<[a-z/]|\*\*|^#/i, `${lang}: ${text}`);
      }
    }
  }
});

test('the rules mention the product, the weekly game cap and the accept window in both languages', (t) => {
  const acceptSeconds = ACCEPT_WINDOW_MS / 1000;
  for (const { lang, rules, seconds } of languages) {
    const text = fullText(rules(facts));
    t.true(text.includes(facts.product), `${lang} product`);
    t.true(text.includes(facts.seasonName), `${lang} season name`);
    t.true(text.includes(String(facts.maxGamesPerWeek)), `${lang} max games per week`);
    t.true(text.includes(`${acceptSeconds} ${seconds}`), `${lang} accept window`);
  }
});

test('the rules quote the season dates, the window and the key numbers in both languages', (t) => {
  for (const { lang, rules, minutes } of languages) {
    const text = fullText(rules(facts));
    for (const fact of [
      facts.qualifiersStart,
      facts.qualifiersEnd,
      facts.finals!,
      facts.trophyHuntEnd,
      'FROMDAY 01:23',
      'TODAY 04:56 (ZONE)',
    ]) {
      t.true(text.includes(fact), `${lang} ${fact}`);
    }
    t.true(text.includes(`${RESULT_ENTRY_DELAY_MS / 60_000} ${minutes}`), `${lang} result entry delay`);
    t.true(text.includes(String(MIN_AGE_YEARS)), `${lang} minimum age`);
    t.true(text.includes(String(FINALS_WINNERS)), `${lang} finalists`);
    t.true(text.includes(String(TROPHY_POOL_SIZE)), `${lang} trophy pool`);
    t.true(text.includes(`${TROPHY_WEEKLY_WINNERS} `), `${lang} six weekly trophy winners`);
  }
});

test('the terms give the support address, the ages and the qualifier dates in both languages', (t) => {
  for (const { lang, terms } of languages) {
    const text = fullText(terms(facts));
    t.true(text.includes(SUPPORT_EMAIL), `${lang} support e-mail`);
    t.true(text.includes(String(MIN_AGE_YEARS)), `${lang} minimum age`);
    t.true(text.includes(String(ADULT_AGE_YEARS)), `${lang} adult age`);
    t.true(text.includes(facts.qualifiersStart) && text.includes(facts.qualifiersEnd), `${lang} qualifier dates`);
    t.true(text.includes(String(facts.maxGamesPerWeek)), `${lang} max games per week`);
  }
});

test('the FAQ has at least 10 questions in each language, the same number in both', (t) => {
  const counts = languages.map(({ lang, rules }) => {
    const faq = rules(facts).sections.find((s) => s.id === 'faq');
    const qas = faq?.blocks.filter((b) => b.kind === 'qa') ?? [];
    t.true(qas.length >= 10, `${lang} has ${qas.length} FAQ entries`);
    return qas.length;
  });
  t.is(counts[0], counts[1]);
});

test('a season without a finals date still reads as complete text', (t) => {
  for (const { lang, rules } of languages) {
    const text = fullText(rules({ ...facts, finals: null }));
    t.false(text.includes('FINALSDAY'), lang);
    t.true(text.includes(String(FINALS_WINNERS)), lang);
  }
});

test('English and Swedish have the same blocks, kinds and list lengths in every section', (t) => {
  const shape = (doc: LegalDocument) =>
    doc.sections.map((s) => s.blocks.map((b) => (b.kind === 'list' ? `list:${b.items.length}` : b.kind)));
  t.deepEqual(shape(rulesEn(facts)), shape(rulesSv(facts)), 'rules');
  t.deepEqual(shape(termsEn(facts)), shape(termsSv(facts)), 'terms');
});

/** The texts with the window of a real season's minutes in the reader's language (Stockholm time). */
function windowTexts(start: number, end: number) {
  return languages.map(({ lang, rules, terms }) => {
    const f = { ...facts, window: playWindow(start, end, 'Europe/Stockholm', lang === 'en' ? 'en-GB' : 'sv-SE') };
    const rulesText = fullText(rules(f));
    const tournament = rules(f)
      .sections[0]!.blocks.map((b) => blockTexts(b).join(' '))
      .join('\n');
    return { lang, rulesText, tournament, termsText: fullText(terms(f)) };
  });
}

/** Every sentence of both documents that speaks of the weekly window, for a season with these minutes. */
const WINDOW_CASES = [
  {
    kind: 'the spec’s Monday 00:00 to Saturday 00:00',
    start: 0,
    end: 7200,
    en: [
      'During that period the matchmaking queue is open every week from Monday 00:00 to Saturday 00:00 (Central European Time). Outside those hours the queue is closed.',
      'Between QSTART and QEND, every week from Monday 00:00 to Saturday 00:00 (Central European Time). The Play page counts down to the start.',
      'Play is open every week from Monday 00:00 to Saturday 00:00 (Central European Time).',
    ],
    sv: [
      'Under den perioden är matchmaking-kön öppen varje vecka från måndag 00:00 till lördag 00:00 (centraleuropeisk tid). Utanför de tiderna är kön stängd.',
      'Mellan QSTART och QEND, varje vecka från måndag 00:00 till lördag 00:00 (centraleuropeisk tid). Spelsidan räknar ner till starten.',
      'Spelet är öppet varje vecka från måndag 00:00 till lördag 00:00 (centraleuropeisk tid).',
    ],
  },
  {
    kind: 'the whole week (0 to 10080, the demo season)',
    start: 0,
    end: 10080,
    en: [
      'During that period the matchmaking queue is open at any time of day, every day of the week.',
      'Between QSTART and QEND, at any time of day, every day of the week.',
      'Play is open at any time of day, every day of the week.',
    ],
    sv: [
      'Under den perioden är matchmaking-kön öppen dygnet runt, alla dagar i veckan.',
      'Mellan QSTART och QEND, dygnet runt, alla dagar i veckan.',
      'Spelet är öppet dygnet runt, alla dagar i veckan.',
    ],
  },
  {
    kind: 'a window within one day',
    start: 5 * 1440 + 10 * 60,
    end: 5 * 1440 + 18 * 60 + 30,
    en: [
      'During that period the matchmaking queue is open every Saturday from 10:00 to 18:30 (Central European Time). Outside those hours the queue is closed.',
      'Play is open every Saturday from 10:00 to 18:30 (Central European Time).',
    ],
    sv: [
      'Under den perioden är matchmaking-kön öppen varje lördag från 10:00 till 18:30 (centraleuropeisk tid). Utanför de tiderna är kön stängd.',
      'Spelet är öppet varje lördag från 10:00 till 18:30 (centraleuropeisk tid).',
    ],
  },
  {
    kind: 'a window over Monday 00:00 into the next week',
    start: 4 * 1440 + 18 * 60,
    end: 6 * 60,
    en: ['Play is open every week from Friday 18:00 to Monday 06:00 (Central European Time).'],
    sv: ['Spelet är öppet varje vecka från fredag 18:00 till måndag 06:00 (centraleuropeisk tid).'],
  },
  {
    kind: 'a window that closes at the end of the week (minute 10080)',
    start: 5 * 1440,
    end: 10080,
    en: ['Play is open every week from Saturday 00:00 to Monday 00:00 (Central European Time).'],
    sv: ['Spelet är öppet varje vecka från lördag 00:00 till måndag 00:00 (centraleuropeisk tid).'],
  },
  {
    kind: 'a window that closes on the weekday it opens, a week later',
    start: 18 * 60,
    end: 6 * 60,
    en: ['Play is open every week from Monday 18:00 to the following Monday 06:00 (Central European Time).'],
    sv: ['Spelet är öppet varje vecka från måndag 18:00 till måndagen därpå 06:00 (centraleuropeisk tid).'],
  },
  {
    kind: 'a window that never opens (equal minutes)',
    start: 600,
    end: 600,
    en: [
      'No weekly playing time is set yet, so the matchmaking queue stays closed until we announce one in the news.',
      'Not yet: no weekly playing time is set. We announce it in the news, and the qualifiers run from QSTART to QEND.',
      'Play is closed until a weekly playing time is announced in the news.',
    ],
    sv: [
      'Ingen speltid per vecka är bestämd än, så matchmaking-kön är stängd tills vi meddelar en i nyheterna.',
      'Inte än: ingen speltid per vecka är bestämd. Vi meddelar den i nyheterna, och kvalet pågår från QSTART till QEND.',
      'Spelet är stängt tills en speltid per vecka meddelas i nyheterna.',
    ],
  },
] as const;

for (const c of WINDOW_CASES) {
  test(`the rules and terms word ${c.kind} as a natural sentence in English and Swedish`, (t) => {
    for (const { lang, rulesText, termsText } of windowTexts(c.start, c.end)) {
      const text = `${rulesText}\n${termsText}`;
      for (const sentence of c[lang]) t.true(text.includes(sentence), `${lang}: ${sentence}\n---\n${text}`);
      // The words of the old sentence that read "open every week from every day, all week".
      t.notRegex(text, /from every day|från alla dagar|every week from at any|varje vecka från dygnet/, lang);
    }
  });
}

test('a window open all week says nothing of hours outside it', (t) => {
  for (const { lang, tournament } of windowTexts(0, 10080)) {
    t.notRegex(tournament, /Outside those hours|Utanför de tiderna/, lang);
  }
});
