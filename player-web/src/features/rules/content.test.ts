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
  window: 'WEEKLYWINDOW',
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
    for (const fact of [facts.qualifiersStart, facts.qualifiersEnd, facts.finals!, facts.trophyHuntEnd, facts.window]) {
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
