import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@ecup/db';
import { COUNTRIES, MESSAGES, seasonFinalYear } from '@ecup/domain';
import { loadedStrings } from '../../player-web/src/i18n/dictionary.ts';
import { FIXED_MESSAGES_SV } from '../../player-web/src/i18n/messages-sv.ts';
import '../../player-web/src/i18n/shell.ts';
import '../../player-web/src/components/news-i18n.ts';
import '../../player-web/src/components/ranking/i18n.ts';
import '../../player-web/src/features/account/i18n.ts';
import '../../player-web/src/features/conflicts/i18n.ts';
import '../../player-web/src/features/forums/i18n.ts';
import '../../player-web/src/features/game/i18n.ts';
import '../../player-web/src/features/home/i18n.ts';
import '../../player-web/src/features/news/i18n.ts';
import '../../player-web/src/features/play/i18n.ts';
import '../../player-web/src/features/ranking/i18n.ts';
import '../../player-web/src/features/rules/i18n.ts';
import '../../player-web/src/features/trophyhunt/i18n.ts';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { e2eTest } from '../helpers/e2e.ts';

const test = e2eTest('swedish');

// --- The English the app uses, as patterns ---

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Punctuation that may stand around a catalogue string in a text node (", Offline" for a screen reader). */
const EDGE = '[\\s,;:·•()–—-]*';

/**
 * A pattern for one English string of the app: the whole text node (or attribute) must be that string, with its
 * `{placeholders}` standing for anything. Whole-text matching keeps user content (English news and forum posts of the
 * demo) from counting, while every word the app itself writes is one catalogue string in one text node.
 */
function englishPattern(english: string): RegExp {
  const literal = english
    .split(/\{\w+\}/)
    .map(escape)
    .join('.+?');
  return new RegExp(`^${EDGE}${literal}${EDGE}$`);
}

/**
 * The strings that read the same in Swedish: names (Gothia Cup, PlayStation, Xbox, PSN ID, Coca-Cola Trophy), and
 * words Swedish uses as they are (Ranking, Online, Status, Admin, OK, VS, min, Elo).
 */
const SAME_IN_SWEDISH = new Set([
  'Gothia Cup',
  'Coca-Cola Trophy',
  'PlayStation',
  'PS',
  'Xbox',
  'PSN ID',
  'Xbox Live Gamertag',
  'Ranking',
  'Online',
  'Status',
  'Admin',
  'OK',
  'VS',
  'min',
  'Elo {change}',
]);

/** Whether a string has words at all, once its placeholders are out ('{min}–{max}' has none). */
const hasWords = (text: string) => /[a-z]{2}/i.test(text.replace(/\{\w+\}/g, ''));

/**
 * The English strings the Swedish app must never show: every catalogue string but the names and words above
 * (translated or not: an untranslated one is exactly what this finds), and every spec message that has a Swedish
 * translation. Country names are checked apart, in the country list only (FIFA's national teams are team names).
 */
function englishList(): { english: string; pattern: RegExp }[] {
  const strings = new Set<string>();
  for (const english of Object.values(loadedStrings.en)) {
    if (!SAME_IN_SWEDISH.has(english) && hasWords(english)) strings.add(english);
  }
  for (const [name, message] of Object.entries(MESSAGES)) {
    if (typeof message === 'string' && FIXED_MESSAGES_SV[name as keyof typeof FIXED_MESSAGES_SV] !== message) {
      strings.add(message);
    }
  }
  return [...strings].map((english) => ({ english, pattern: englishPattern(english) }));
}

const ENGLISH = englishList();

/**
 * Every text the reader can meet on the page: text nodes of rendered elements (screen-reader text included, as a
 * screen reader reads it), the options of selects, `aria-label`, `title`, `placeholder` and `alt`, and the tab title.
 */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript')) continue;
      const shown = parent.closest('option') !== null || parent.checkVisibility({ visibilityProperty: true });
      if (shown && node.textContent?.trim()) texts.push(node.textContent.replace(/\s+/g, ' ').trim());
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value?.trim()) texts.push(value.trim());
      }
    }
    return texts;
  });
}

/**
 * The texts of the page that are English strings of the app, each with the string it matched, and the options of
 * selects that are a country's English name where Swedish has another (as the browser names it in Swedish).
 */
async function englishOn(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await textsOf(page)) {
    const hit = ENGLISH.find(({ pattern }) => pattern.test(text));
    if (hit) found.add(hit.english === text ? `"${text}"` : `"${text}" (English "${hit.english}")`);
  }
  const countries = await page.evaluate(
    (list) => {
      const swedish = new Intl.DisplayNames(['sv'], { type: 'region' });
      const english = new Set(list.filter((c) => swedish.of(c.code.toUpperCase()) !== c.name).map((c) => c.name));
      return [...document.querySelectorAll('option')].map((o) => o.text.trim()).filter((name) => english.has(name));
    },
    COUNTRIES.map(({ code, name }) => ({ code, name })),
  );
  for (const name of countries) found.add(`country "${name}"`);
  return [...found];
}

/**
 * Waits until the page shows what a reader came for: its heading, no progress bar or loading text, and no
 * request still on its way.
 */
async function settled(page: Page) {
  await page.locator('main h1, h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => {});
}

// --- Arrangement ---

async function login(url: string, account: { username: string; password: string }) {
  const res = await fetch(`${url}/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(account),
  });
  return (await res.json()) as { id: number; token: string };
}

/** A page whose app starts in Swedish (the remembered choice), signed in when given credentials. */
async function swedishPage(
  open: typeof newDesktopPage,
  browser: Parameters<typeof newDesktopPage>[0],
  credentials?: { id: number; token: string },
): Promise<Page> {
  const page = await open(browser);
  await page.context().addInitScript((stored) => {
    localStorage.setItem('ecup.lang', 'sv');
    if (stored) {
      localStorage.setItem('ecup.id', String(stored.id));
      localStorage.setItem('ecup.token', stored.token);
    }
  }, credentials ?? null);
  return page;
}

/** A finished game of the player. */
async function gameOf(knex: Knex, playerId: number): Promise<number> {
  const game = await knex('games')
    .where('state', 'final')
    .andWhere((q) => q.where('user_1_id', playerId).orWhere('user_2_id', playerId))
    .first('id');
  return game!.id as number;
}

/** A thread of the General Discussion forum (category 3). */
async function generalThread(knex: Knex): Promise<number> {
  const thread = await knex('forum_threads').where('category_id', 3).first('id');
  return thread!.id as number;
}

const SIGNED_OUT_PAGES = [
  '/',
  '/ranking',
  '/play',
  '/trophyhunt',
  '/news',
  '/rules',
  '/terms',
  '/register',
  '/forgot_password',
  '/resetpassword/1/1/not-a-real-token',
  '/forums',
  '/forums/trophy_hunt',
  '/forums/general_discussion',
  '/forums/no_such_forum',
  '/news/999999',
  '/no-such-page',
];

const SIGNED_IN_PAGES = [
  '/',
  '/ranking',
  '/play',
  '/trophyhunt',
  '/news',
  '/rules',
  '/terms',
  '/settings',
  '/conflicts',
  '/forums',
  '/forums/general_discussion',
  '/forums/general_discussion/new_thread',
  '/game/999999',
];

test('every string the Swedish catalogue leaves as in English is a name or a word Swedish uses too', (t) => {
  const untranslated = Object.entries(loadedStrings.en)
    .filter(([key, english]) => loadedStrings.sv[key] === english && hasWords(english) && !SAME_IN_SWEDISH.has(english))
    .map(([key, english]) => `${key}: ${english}`);
  t.deepEqual(untranslated, []);
});

test.serial(
  'a visitor who chooses Svenska in the footer sees every page in Swedish, with no English words',
  async (t) => {
    t.timeout(240_000);
    const { product, browser } = t.context;
    const page = await newDesktopPage(browser);
    t.teardown(() => page.context().close());
    const threadId = await generalThread(product.knex);
    const article = await product.knex('news').orderBy('id').first('id');

    await page.goto(product.url);
    await settled(page);
    await page.locator('#language').selectOption('sv');
    await page.getByRole('button', { name: 'Logga in' }).first().waitFor();
    t.is(await page.evaluate(() => document.documentElement.lang), 'sv');

    const report: string[] = [];
    const pages = [...SIGNED_OUT_PAGES, `/news/${article!.id}`, `/forums/general_discussion/${threadId}`];
    for (const path of pages) {
      await page.goto(`${product.url}${path}`);
      await settled(page);
      for (const hit of await englishOn(page)) report.push(`${path}: ${hit}`);
    }

    // The sign-in dropdown, the sign-up form for a 13-year-old (guardian field) and its error pop-up.
    await page.goto(`${product.url}/`);
    await settled(page);
    await page.getByRole('button', { name: 'Logga in' }).first().click();
    await page.locator('#sign-in-dropdown').getByLabel('Användarnamn').waitFor();
    for (const hit of await englishOn(page)) report.push(`sign-in dropdown: ${hit}`);

    await page.goto(`${product.url}/register`);
    await settled(page);
    await fillMinorBirthDate(page);
    await page.locator('#signup-guardian_email').waitFor();
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await page.getByRole('dialog').waitFor();
    for (const hit of await englishOn(page)) report.push(`/register, a minor, after submitting: ${hit}`);

    t.deepEqual(report, [], `English on Swedish pages:\n${report.join('\n')}`);
  },
);

test.serial(
  'a signed-in player sees every page in Swedish, their game and the menus included, with no English words',
  async (t) => {
    t.timeout(240_000);
    const { product, browser } = t.context;
    const credentials = await login(product.url, DEMO_ACCOUNTS.player);
    const page = await swedishPage(newDesktopPage, browser, credentials);
    t.teardown(() => page.context().close());
    const gameId = await gameOf(product.knex, credentials.id);
    const threadId = await generalThread(product.knex);

    const report: string[] = [];
    const pages = [...SIGNED_IN_PAGES, `/game/${gameId}`, `/forums/general_discussion/${threadId}`];
    for (const path of pages) {
      await page.goto(`${product.url}${path}`);
      await settled(page);
      for (const hit of await englishOn(page)) report.push(`${path}: ${hit}`);
    }
    await page.getByRole('button', { name: `Kontomeny för ${DEMO_ACCOUNTS.player.username}` }).click();
    await page.getByRole('menuitem', { name: 'Logga ut' }).waitFor();
    for (const hit of await englishOn(page)) report.push(`account menu: ${hit}`);

    t.deepEqual(report, [], `English on Swedish pages:\n${report.join('\n')}`);
  },
);

test.serial('on a phone the Swedish menu, ranking and trophy hunt have no English words', async (t) => {
  t.timeout(120_000);
  const { product, browser } = t.context;
  const page = await swedishPage(newPhonePage, browser);
  t.teardown(() => page.context().close());
  const report: string[] = [];
  for (const path of ['/ranking', '/trophyhunt', '/forums']) {
    await page.goto(`${product.url}${path}`);
    await settled(page);
    for (const hit of await englishOn(page)) report.push(`${path}: ${hit}`);
  }
  await page.getByRole('button', { name: 'Meny' }).click();
  await page.getByRole('link', { name: 'Regler' }).first().waitFor();
  for (const hit of await englishOn(page)) report.push(`menu: ${hit}`);
  t.deepEqual(report, [], `English on Swedish pages:\n${report.join('\n')}`);
});

/** A birth date that makes the player 13 today, so the form asks for a guardian. */
async function fillMinorBirthDate(page: Page) {
  const today = new Date();
  await page.locator('#signup-birth_year').fill(String(today.getFullYear() - 13));
  await page.locator('#signup-birth_month').selectOption(String(today.getMonth() + 1));
  await page.locator('#signup-birth_day').fill(String(Math.min(today.getDate(), 28)));
}

test.serial('the forums list their categories by Swedish name and description', async (t) => {
  const { product, browser } = t.context;
  const page = await swedishPage(newDesktopPage, browser);
  t.teardown(() => page.context().close());
  await page.goto(`${product.url}/forums`);
  await settled(page);
  const list = page.getByRole('list', { name: 'Forum' });
  for (const text of [
    'Gothia Cup',
    'Prata om Gothia Cup, lagen och resan till finalen.',
    'Matcher, resultat, regler och taktik i eCup.',
    'Coca-Cola Troféjakt',
    'Jaga, försvara och säkra troféer i veckans jakt.',
    'Allmänt',
  ]) {
    t.true(await list.getByText(text, { exact: true }).isVisible(), text);
  }
  await list.getByText('Allmänt', { exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Allmänt' }).waitFor();
  t.is(await page.title().then((title) => title.startsWith('Allmänt')), true, await page.title());
});

test.serial('the sign-up country list is in Swedish, in Swedish order, and sends the same country', async (t) => {
  const { product, browser } = t.context;
  const page = await swedishPage(newDesktopPage, browser);
  t.teardown(() => page.context().close());
  await page.goto(`${product.url}/register`);
  await settled(page);
  const options = await page.locator('#signup-country_id option').allTextContents();
  t.is(options.length, 246, 'the 245 countries and "Välj ditt land"');
  t.is(options[0], 'Välj ditt land');
  t.true(options.includes('Sverige') && options.includes('Tyskland') && !options.includes('Germany'));
  t.true(options.indexOf('Österrike') > options.indexOf('Zimbabwe'), 'Ö after Z');
  await page.locator('#signup-country_id').selectOption({ label: 'Sverige' });
  const sweden = COUNTRIES.find((c) => c.code === 'se')!;
  t.is(await page.locator('#signup-country_id').inputValue(), String(sweden.id));
});

test.serial(
  'a 13-year-old signing up reads that they can play at once and that approval is needed for a prize',
  async (t) => {
    const { product, browser } = t.context;
    for (const lang of ['en', 'sv'] as const) {
      const page = await newDesktopPage(browser);
      await page.context().addInitScript((chosen) => localStorage.setItem('ecup.lang', chosen), lang);
      await page.goto(`${product.url}/register`);
      await settled(page);
      await fillMinorBirthDate(page);
      const hint = page.locator('#signup-guardian_email-helper-text');
      await hint.waitFor();
      t.is(
        await hint.innerText(),
        lang === 'en'
          ? 'You are under 18: we e-mail your parent or guardian a link to approve your account. You can play and post straight away, but you can receive a prize only once they have approved.'
          : 'Du är under 18: vi mejlar din förälder eller vårdnadshavare en länk för att godkänna ditt konto. Du kan spela och skriva inlägg direkt, men du kan få ett pris först när hen har godkänt.',
      );
      const intro = lang === 'en' ? 'Players must be older than 12.' : 'Du måste vara äldre än 12 år för att delta.';
      t.true(await page.getByText(intro).isVisible(), intro);
      await page.context().close();
    }
  },
);

test.serial(
  'the rules, terms and home page speak of the demo season as it is: open all week, final in July of its year',
  async (t) => {
    const { product, browser } = t.context;
    const season = await product.knex('seasons').where({ active: true }).first('qualifiers_end');
    const year = seasonFinalYear(season!.qualifiers_end);
    const expected = {
      en: {
        rules: 'During that period the matchmaking queue is open at any time of day, every day of the week.',
        terms: 'Play is open at any time of day, every day of the week.',
        home: `+ a trip to the final in July ${year}`,
      },
      sv: {
        rules: 'Under den perioden är matchmaking-kön öppen dygnet runt, alla dagar i veckan.',
        terms: 'Spelet är öppet dygnet runt, alla dagar i veckan.',
        home: `+ en resa till finalen i juli ${year}`,
      },
    } as const;
    for (const lang of ['en', 'sv'] as const) {
      const page = await newPhonePage(browser);
      await page.context().addInitScript((chosen) => localStorage.setItem('ecup.lang', chosen), lang);
      for (const [path, text] of [
        ['/rules', expected[lang].rules],
        ['/terms', expected[lang].terms],
        ['/', expected[lang].home],
      ] as const) {
        await page.goto(`${product.url}${path}`);
        await settled(page);
        // The season's facts arrive with its read, which a busy machine may answer after the page settled.
        const shown = await page
          .waitForFunction((wanted) => document.body.innerText.includes(wanted), text, { timeout: 10_000 })
          .then(() => true)
          .catch(() => false);
        const body = await page.locator('body').innerText();
        t.true(shown && body.includes(text), `${lang} ${path}: ${text}`);
        t.false(/every day, all week|alla dagar, hela veckan|July 2020|juli 2020/.test(body), `${lang} ${path}`);
      }
      await page.context().close();
    }
  },
);
