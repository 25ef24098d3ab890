/**
 * Security suite 4: stored XSS. Payloads (test/security/fixtures/xss-payloads.ts) are stored through the real API
 * in every stored text field, then every view that shows them is rendered in headless Chromium, in the player app
 * and in the console, with a planted hook (`window.__xss = 0` in every frame before any script) and a dialog
 * listener: a payload that runs opens a dialog or sets the hook. Stored news HTML is also read from the database and
 * must hold no script element, event handler or javascript:/data: URL (docs/decisions.md#content-and-uploads).
 */
import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { PERMISSIONS } from '@ecup/domain';
import { launchBrowser } from '../../helpers/browser.ts';
import { buildGame, buildUser, signupFields, storedTotpSecret } from '../../helpers/factories.ts';
import type { Credentials } from '../../helpers/http.ts';
import { startProduct, type RunningProduct } from '../../helpers/product.ts';
import { signedInUser } from '../../helpers/sockets.ts';
import { allXssPayloads, sampleXssPayloads } from '../fixtures/xss-payloads.ts';
import type { Suite, SuiteReport } from '../suite.ts';

const ALL_FLAGS = 127;
/** Fast size: payloads across all fields and views (CI). */
export const FAST_PAYLOADS = 60;
/** Full size: the required minimum. */
export const FULL_MIN_PAYLOADS = 600;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

let address = 0;

/** One API call; every call claims its own X-Forwarded-For (the product runs with TRUST_PROXY=on) so per-address limits do not mix. */
async function call(
  product: RunningProduct,
  method: string,
  path: string,
  body?: unknown,
  auth?: Credentials,
): Promise<Answer> {
  const n = address++;
  const res = await fetch(`${product.url}${path}`, {
    method,
    headers: {
      'X-Forwarded-For': `198.18.${(n >> 8) & 255}.${n & 255}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(auth ? { Authorization: `Bearer ${auth.id}:${auth.token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed };
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

/** Tags of stored news HTML that still carry something executable (docs/decisions.md#content-and-uploads allow-list). */
export function unsafeNewsHtml(html: string): string[] {
  const found: string[] = [];
  if (/<\s*script/i.test(html)) found.push('a script element');
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
    if (/\son[a-z]+\s*=/i.test(tag.replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '""'))) found.push(`an event handler in ${tag}`);
    for (const [, , value] of tag.matchAll(
      /\s(href|src|action|formaction|xlink:href|background|srcset)\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi,
    )) {
      // As a browser reads a URL: entities decoded, then leading C0 controls and spaces and embedded tabs and newlines dropped.
      const url = value!
        .replace(/^["']|["']$/g, '')
        .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
        .replace(/&colon;/gi, ':')
        .replace(/&tab;|&newline;/gi, '')
        .replace(/^[\u0000-\u0020]+/, '')
        .replace(/[\t\n\r]/g, '');
      if (/^(javascript|vbscript|data):/i.test(url)) found.push(`a javascript:/data: URL in ${tag}`);
    }
    if (/^<\s*(iframe|object|embed|svg|math|style|link|meta|base|form|input|frame|template)\b/i.test(tag))
      found.push(`a forbidden element ${tag}`);
  }
  return found;
}

type Field =
  | 'news title'
  | 'news HTML'
  | 'forum title'
  | 'forum message'
  | 'forum report reason'
  | 'chat'
  | 'username'
  | 'first name'
  | 'last name'
  | 'team name'
  | 'FIFA team name'
  | 'gamer tag'
  | 'ban reason'
  | 'evidence (YouTube id)'
  | 'IP-ban reason';

class Tally {
  stored = new Map<Field, number>();
  refused = new Map<Field, number>();
  add(field: Field, ok: boolean) {
    const map = ok ? this.stored : this.refused;
    map.set(field, (map.get(field) ?? 0) + 1);
  }
  total(map: Map<Field, number>) {
    return [...map.values()].reduce((a, b) => a + b, 0);
  }
  fields() {
    return new Set([...this.stored.keys(), ...this.refused.keys()]).size;
  }
  describe() {
    const names = [...new Set([...this.stored.keys(), ...this.refused.keys()])];
    return names.map((f) => `${f} ${this.stored.get(f) ?? 0}/${this.refused.get(f) ?? 0}`).join(', ');
  }
}

interface Seeded {
  newsBatches: number[];
  newsSingles: number[];
  threadsBatch: Array<{ id: number; slug: string }>;
  threadsSingle: Array<{ id: number; slug: string }>;
  chatGames: Array<{ id: number; player: Credentials; sentinel: string }>;
  payloadUsers: Array<{ id: number; auth: Credentials; username: string }>;
  /** Players whose team names are payloads (signed up through the API). */
  teamUsers: Array<{ id: number; auth: Credentials; username: string }>;
  banned: Array<{ id: number; auth: Credentials; username: string }>;
}

const SLUGS = ['gothia_cup', 'trophy_hunt', 'general_discussion'] as const;
const CATEGORY_OF_SLUG: Record<(typeof SLUGS)[number], number> = {
  gothia_cup: 0,
  trophy_hunt: 2,
  general_discussion: 3,
};

/** Stores every payload in every field through the API; answers what the views need. */
async function seed(
  product: RunningProduct,
  payloads: string[],
  root: Credentials,
  fast: boolean,
  tally: Tally,
  log: (line: string) => void,
): Promise<Seeded> {
  const batch = fast ? payloads.length : 100;
  const seeded: Seeded = {
    newsBatches: [],
    newsSingles: [],
    threadsBatch: [],
    threadsSingle: [],
    chatGames: [],
    payloadUsers: [],
    teamUsers: [],
    banned: [],
  };

  // The fields are independent, so they are stored side by side; chat and evidence need the players first.
  const news = async () => {
    // News: one article per payload (title and HTML), plus batches of payloads in one article for the article views.
    // A payload whose article is refused (an image from another site that cannot be copied) stays out of the
    // batches, which must be stored.
    const storedAlone = new Set<string>();
    await pool(payloads, 8, async (p, i) => {
      const res = await call(
        product,
        'POST',
        '/admin/api/news',
        { title: `${i} ${p}`.slice(0, 200), content: p, category_id: i % 4 },
        root,
      );
      tally.add('news title', res.status === 201);
      tally.add('news HTML', res.status === 201);
      if (res.status === 201) seeded.newsSingles.push(Number(res.body.id));
      if (res.status === 201) storedAlone.add(p);
    });
    for (const [k, chunk] of chunks(
      payloads.filter((p) => storedAlone.has(p)),
      50,
    ).entries()) {
      const res = await call(
        product,
        'POST',
        '/admin/api/news',
        {
          title: `Sentinel news ${k} ${chunk[0]}`.slice(0, 200),
          content: `<p>sentinel-news-${k}</p>\n${chunk.join('\n<p>·</p>\n')}`,
          category_id: k % 4,
        },
        root,
      );
      if (res.status !== 201) throw new Error(`a batch article was refused: ${JSON.stringify(res.body)}`);
      seeded.newsBatches.push(Number(res.body.id));
    }
    log(`news: ${seeded.newsSingles.length} articles + ${seeded.newsBatches.length} batches`);
  };
  const forums = async () => {
    // Forums: a topic per payload (title and opening message), batches of replies, and a report per reply. A user
    // may post 10 times in 5 minutes and report 20 times an hour, so posters and reporters take turns.
    const posters = await Promise.all(
      Array.from({ length: Math.ceil((payloads.length * 2) / 10) + 4 }, () => signedInUser(product.knex)),
    );
    let posts = 0;
    const poster = () => posters[Math.floor(posts++ / 10)]!.auth;
    for (const [i, p] of payloads.entries()) {
      const slug = SLUGS[i % SLUGS.length]!;
      const fields = { category_id: CATEGORY_OF_SLUG[slug], title: p, message: p };
      let res = await call(product, 'POST', '/forums/new_thread', fields, poster());
      tally.add('forum title', res.status === 200);
      if (res.status !== 200)
        res = await call(product, 'POST', '/forums/new_thread', { ...fields, title: `Topic ${i}` }, poster());
      tally.add('forum message', res.status === 200);
      if (res.status === 200) seeded.threadsSingle.push({ id: Number(res.body.id), slug });
    }
    const replyIds: number[] = [];
    for (const [k, chunk] of chunks(payloads, batch).entries()) {
      const slug = SLUGS[k % SLUGS.length]!;
      const opened = await call(
        product,
        'POST',
        '/forums/new_thread',
        { category_id: CATEGORY_OF_SLUG[slug], title: `Batch topic ${k}`, message: `sentinel-forum-${k}` },
        poster(),
      );
      const thread_id = Number(opened.body.id);
      seeded.threadsBatch.push({ id: thread_id, slug });
      for (const p of chunk) {
        const res = await call(product, 'POST', '/forums/new_post', { thread_id, message: p }, poster());
        tally.add('forum message', res.status === 200);
        if (res.status === 200) replyIds.push(Number((res.body.post as { id: number }).id));
      }
    }
    const reporters = await Promise.all(
      Array.from({ length: Math.ceil(payloads.length / 20) + 1 }, () => signedInUser(product.knex)),
    );
    await pool(payloads, 6, async (p, i) => {
      const post_id = replyIds[i % replyIds.length]!;
      const res = await call(
        product,
        'POST',
        '/forums/post/report',
        { post_id, reason: p },
        reporters[Math.floor(i / 20)]!.auth,
      );
      tally.add('forum report reason', res.status === 200);
    });
    // The sentinel of the reports list.
    await call(
      product,
      'POST',
      '/forums/post/report',
      { post_id: replyIds[0], reason: 'sentinel-report' },
      reporters.at(-1)!.auth,
    );
    log(`forums: ${seeded.threadsSingle.length} topics, ${replyIds.length} replies, reports`);
  };
  const players = async () => {
    // Players. Username: a sign-up with the payload as username (the validator refuses most). Names: the payload
    // through the settings call; gamer tag: the payload through the console call. Team names exist only at sign-up:
    // a sign-up with the payload as both team names (every payload at full size, every fourth in CI: each costs a
    // password hash).
    const signupEvery = fast ? 4 : 1;
    await pool(payloads, 4, async (p, i) => {
      const username = await call(product, 'POST', '/user/signup', signupFields({ username: p, country_id: '210' }));
      tally.add('username', username.status === 200);
      if (i % signupEvery === 0) {
        const teams = await call(product, 'POST', '/user/signup', signupFields({ irl_team: p, fifa_team: p }));
        tally.add('team name', teams.status === 200);
        tally.add('FIFA team name', teams.status === 200);
        if (teams.status === 200) {
          const id = Number(teams.body.id);
          const user = teams.body.user as { username: string };
          seeded.teamUsers.push({ id, auth: { id, token: String(teams.body.token) }, username: user.username });
        }
      }
      const { user, auth } = await signedInUser(product.knex);
      const names = await call(
        product,
        'POST',
        '/user/profile/update',
        { first_name: p, last_name: p, email: user.email },
        auth,
      );
      tally.add('first name', names.status === 200);
      tally.add('last name', names.status === 200);
      const tag = await call(product, 'POST', '/user/console/update', { console: 1, gamer_tag: p }, auth);
      tally.add('gamer tag', tag.status === 200);
      seeded.payloadUsers[i] = { id: user.id, auth, username: user.username };
    });
    // Ranked are players with a game; the payload players lead the list.
    for (const [i, u] of [...seeded.payloadUsers, ...seeded.teamUsers].entries())
      await product
        .knex('users')
        .where('id', u.id)
        .update({ games_played: 1, wins: 1, elo: 5000 - i });
    log(`players: ${seeded.payloadUsers.length} signed up`);
  };
  const chat = async () => {
    // Chat and evidence: games in conflict between two payload players; moderators (staff may chat in any game)
    // each write one line, so the 3.75 s throttle per writer never applies; the first player posts the YouTube ids.
    const moderators = await Promise.all(
      Array.from({ length: batch + 1 }, () =>
        signedInUser(product.knex, { permissions: PERMISSIONS.canResolveConflicts }),
      ),
    );
    for (const [k, chunk] of chunks(payloads, batch).entries()) {
      const a = seeded.payloadUsers[(2 * k) % seeded.payloadUsers.length]!;
      const b = seeded.payloadUsers[(2 * k + 1) % seeded.payloadUsers.length]!;
      const game_id = await buildGame(product.knex, {
        user_1_id: a.id,
        user_2_id: b.id,
        created_at: new Date(Date.now() - 30 * 60_000),
        state: 'conflict',
        conflict: true,
        score_1: 2,
        score_2: 1,
        submitted_user_id: a.id,
        submitted_at: new Date(Date.now() - 20 * 60_000),
      });
      await pool(chunk, 8, async (p, j) => {
        const res = await call(
          product,
          'POST',
          '/game/chat/send_message',
          { game_id, message: p },
          moderators[j]!.auth,
        );
        tally.add('chat', res.status === 200 && res.body.message !== null);
        const ev = await call(product, 'POST', '/game/upload_evidence', { game_id, youtube_id: p }, a.auth);
        tally.add('evidence (YouTube id)', ev.status === 200);
      });
      const sentinel = `sentinel-chat-${k}`;
      await call(product, 'POST', '/game/chat/send_message', { game_id, message: sentinel }, moderators[batch]!.auth);
      seeded.chatGames.push({ id: game_id, player: a.auth, sentinel });
    }
    // More conflicts between payload players, so the conflict lists show their names.
    for (let j = 2 * seeded.chatGames.length; j + 1 < seeded.payloadUsers.length && j < 2 * 150; j += 2)
      await buildGame(product.knex, {
        user_1_id: seeded.payloadUsers[j]!.id,
        user_2_id: seeded.payloadUsers[j + 1]!.id,
        state: 'conflict',
        conflict: true,
        score_1: 1,
        score_2: 1,
      });
    log(`chat: ${seeded.chatGames.length} games`);
  };
  const bans = async () => {
    // Bans: a victim per batch is banned and unbanned with each reason (the history keeps them all), then stays banned.
    const banBatch = fast ? 20 : 100;
    await Promise.all(
      chunks(payloads, banBatch).map(async (chunk, k) => {
        const victim = await signedInUser(product.knex);
        const path = `/admin/api/users/${victim.user.id}`;
        const ban = (reason: string) => call(product, 'PUT', path, { action: 'ban', reason, days: 3 }, root);
        await ban(`sentinel-ban-${k}`);
        await call(product, 'PUT', path, { action: 'unban' }, root);
        let last: string | null = null;
        for (const p of chunk) {
          const res = await ban(p);
          tally.add('ban reason', res.status === 200);
          if (res.status !== 200) continue;
          last = p;
          await call(product, 'PUT', path, { action: 'unban' }, root);
        }
        if (last !== null) await ban(last);
        seeded.banned[k] = { id: victim.user.id, auth: victim.auth, username: victim.user.username };
      }),
    );
  };
  const ipBans = async () => {
    // IP bans, each a single address of 10.200.0.0/16 (nobody here comes from there).
    await pool(payloads, 8, async (p, i) => {
      const res = await call(
        product,
        'POST',
        '/admin/api/ip-bans',
        { address: `10.200.${i >> 8}.${i & 255}`, reason: p },
        root,
      );
      tally.add('IP-ban reason', res.status === 201);
    });
    await call(product, 'POST', '/admin/api/ip-bans', { address: '10.201.0.1', reason: 'sentinel-ipban' }, root);
    log(`bans and IP bans stored`);
  };
  await Promise.all([news(), forums(), players().then(chat), bans(), ipBans()]);
  return seeded;
}

interface ViewResult {
  views: number;
  dialogs: number;
  hookHits: number;
  violations: string[];
}

/** A page with the planted hook and a dialog counter; `check` renders one view and reads both. */
async function watchedPage(browser: Browser, result: ViewResult, storage: Record<string, string>, origin: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ entries, origin }) => {
      (window as unknown as { __xss: number }).__xss = 0;
      if (window.top === window && location.origin === origin)
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    },
    { entries: storage, origin },
  );
  const page = await context.newPage();
  let dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  const check = async (label: string, path: string, ready: (page: Page) => Promise<unknown>) => {
    dialogs = [];
    result.views++;
    try {
      await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' });
      await ready(page);
    } catch (error) {
      result.violations.push(`${label}: the view did not show its data (${(error as Error).message.split('\n')[0]})`);
    }
    // Give image errors, frames and timers a moment to fire.
    await page.waitForTimeout(250);
    let hits = 0;
    for (const frame of page.frames()) {
      const value = await frame.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0).catch(() => 0);
      if (value) hits++;
    }
    result.dialogs += dialogs.length;
    result.hookHits += hits;
    if (dialogs.length > 0) result.violations.push(`${label}: ${dialogs.length} dialog(s) opened (${dialogs[0]})`);
    if (hits > 0) result.violations.push(`${label}: window.__xss was set by a payload`);
  };
  return { page, check, close: () => context.close() };
}

const text = (label: string | RegExp) => (page: Page) => page.getByText(label).first().waitFor({ timeout: 20_000 });

/** Clicks the largest 'Show N more …' button until the list is whole. */
async function showAll(page: Page, what: RegExp) {
  const shown = () => page.evaluate(() => document.querySelector('main')?.textContent?.length ?? 0);
  for (let i = 0; i < 30; i++) {
    const buttons = page.getByRole('button', { name: what });
    if ((await buttons.count()) === 0) return;
    const before = await shown();
    // The button goes away with the last page, possibly between counting and clicking.
    const clicked = await buttons
      .last()
      .click({ timeout: 30_000 })
      .then(() => true)
      .catch(async (error: Error) => {
        if ((await buttons.count()) === 0) return false;
        // Playwright's call log says why (disabled, covered, detached): keep it on the violation's one line.
        throw new Error(error.message.replace(/\s*\n\s*/g, ' | ').slice(0, 600));
      });
    if (!clicked) return;
    await page
      .waitForFunction((length) => (document.querySelector('main')?.textContent?.length ?? 0) !== length, before, {
        timeout: 15_000,
      })
      .catch(() => undefined);
  }
}

async function renderViews(
  browser: Browser,
  product: RunningProduct,
  seeded: Seeded,
  root: Credentials,
  fast: boolean,
): Promise<ViewResult> {
  const result: ViewResult = { views: 0, dialogs: 0, hookHits: 0, violations: [] };
  // The player app and the console render side by side (two pages), which halves the wall time on two cores.
  const playerViews = async () => {
    const player = seeded.chatGames[0]!.player;
    const me = seeded.payloadUsers.find((u) => u.id === player.id)!;
    const playerStorage = { 'ecup.lang': 'en', 'ecup.id': String(player.id), 'ecup.token': player.token };
    const p = await watchedPage(browser, result, playerStorage, product.url);
    await p.check('player home (signed in)', '/', (page) => page.getByRole('main').waitFor());
    await p.check('header user menu', '/ranking', async (page) => {
      await page
        .getByRole('button', { name: new RegExp(me.username) })
        .first()
        .click();
      await page.getByRole('menu').waitFor();
    });
    await p.check('news (newest)', '/news', (page) => page.getByRole('main').waitFor());
    for (const [k, id] of seeded.newsBatches.entries())
      await p.check(`news article ${id}`, `/news/${id}`, text(`sentinel-news-${k}`));
    for (const id of seeded.newsSingles.slice(0, fast ? 0 : 20))
      await p.check(`news article ${id}`, `/news/${id}`, (page) => page.getByRole('main').waitFor());
    for (const slug of fast ? SLUGS.slice(0, 1) : SLUGS)
      await p.check(`forum topics ${slug}`, `/forums/${slug}`, async (page) => {
        await page.locator(`main a[href^="/forums/${slug}/"]`).first().waitFor();
        await showAll(page, /^Show \d+ more topics$/);
      });
    for (const [k, thread] of seeded.threadsBatch.entries())
      await p.check(`forum topic ${thread.id}`, `/forums/${thread.slug}/${thread.id}`, text(`sentinel-forum-${k}`));
    for (const thread of seeded.threadsSingle.slice(0, fast ? 0 : 10))
      await p.check(`forum topic ${thread.id}`, `/forums/${thread.slug}/${thread.id}`, (page) =>
        page.getByRole('main').waitFor(),
      );
    await p.check('ranking', '/ranking', async (page) => {
      await page.getByRole('main').getByText(me.username).first().waitFor();
      await showAll(page, /^Show \d+ more players$/);
    });
    for (const game of seeded.chatGames) {
      const owner = seeded.payloadUsers.find((u) => u.id === game.player.id)!;
      if (owner.id === player.id) await p.check(`game ${game.id}`, `/game/${game.id}`, text(game.sentinel));
    }
    await p.check('conflicts (player)', '/conflicts', (page) => page.getByRole('main').waitFor());
    await p.check('trophy hunt', '/trophyhunt', (page) => page.getByRole('main').waitFor());
    await p.close();

    // The other chat games, each as its first player; a staff member's /conflicts lists every conflict.
    for (const game of seeded.chatGames.slice(1)) {
      const g = await watchedPage(
        browser,
        result,
        { 'ecup.lang': 'en', 'ecup.id': String(game.player.id), 'ecup.token': game.player.token },
        product.url,
      );
      await g.check(`game ${game.id}`, `/game/${game.id}`, text(game.sentinel));
      await g.close();
    }
    const staff = await watchedPage(
      browser,
      result,
      { 'ecup.lang': 'en', 'ecup.id': String(root.id), 'ecup.token': root.token },
      product.url,
    );
    await staff.check('conflicts (staff)', '/conflicts', (page) => page.getByRole('main').waitFor());
    await staff.close();
    for (const banned of seeded.banned.slice(0, fast ? 1 : 3)) {
      const b = await watchedPage(
        browser,
        result,
        { 'ecup.lang': 'en', 'ecup.id': String(banned.id), 'ecup.token': banned.auth.token },
        product.url,
      );
      await b.check(`banned player home ${banned.id}`, '/', (page) => page.getByRole('main').waitFor());
      await b.close();
    }
  };
  const consoleViews = async () => {
    // The console, as a holder of every flag.
    const c = await watchedPage(
      browser,
      result,
      { 'ecup.admin.id': String(root.id), 'ecup.admin.token': root.token },
      product.url,
    );
    const rows = (n: number) => (page: Page) => page.locator('tbody tr').nth(n).waitFor({ timeout: 30_000 });
    await c.check('console users', '/admin/users?perPage=500&page=1', rows(1));
    if (!fast) await c.check('console users page 2', '/admin/users?perPage=500&page=2', rows(1));
    for (const u of seeded.payloadUsers.slice(0, fast ? 2 : 10))
      await c.check(`console user ${u.id}`, `/admin/users/${u.id}/show`, text(u.username));
    for (const u of seeded.banned)
      await c.check(`console user ${u.id} (bans)`, `/admin/users/${u.id}/show`, text(u.username));
    for (const game of seeded.chatGames)
      await c.check(`console conflict ${game.id}`, `/admin/conflicts/${game.id}/show`, text(game.sentinel));
    await c.check('console conflicts', '/admin/conflicts?perPage=500', rows(1));
    await c.check('console news', '/admin/news?perPage=500&page=1', rows(1));
    if (!fast) await c.check('console news page 2', '/admin/news?perPage=500&page=2', rows(1));
    for (const [k, id] of seeded.newsBatches.entries())
      await c.check(`console news edit ${id}`, `/admin/news/${id}`, text(`sentinel-news-${k}`));
    for (const id of seeded.newsSingles.slice(0, fast ? 0 : 10))
      await c.check(`console news edit ${id}`, `/admin/news/${id}`, (page) => page.locator('form').first().waitFor());
    await c.check('console reports', '/admin/reports?perPage=500&filter=%7B%7D', rows(1));
    await c.check('console IP bans', '/admin/ip-bans?perPage=500&page=1', rows(1));
    if (!fast) await c.check('console IP bans page 2', '/admin/ip-bans?perPage=500&page=2', rows(1));
    for (let page = 1; page <= (fast ? 1 : 12); page++)
      await c.check(`console audit log page ${page}`, `/admin/audit-log?perPage=500&page=${page}`, rows(1));
    await c.close();
  };
  await Promise.all([playerViews(), consoleViews()]);
  return result;
}

export const suite: Suite = {
  name: 'stored-xss',
  description: 'stored XSS payloads in every text field, rendered in the player app and the console in Chromium',
  async run({ fast, log: print }): Promise<SuiteReport> {
    const started = Date.now();
    const log = (line: string) => print(`${((Date.now() - started) / 1000).toFixed(1)} s: ${line}`);
    const payloads = fast ? sampleXssPayloads(FAST_PAYLOADS) : allXssPayloads();
    const product = await startProduct('xss', { TRUST_PROXY: 'on' });
    let browser: Browser | undefined;
    try {
      log('product started');
      browser = await launchBrowser();
      // A holder of every flag must use two-factor sign-in at the console; give them a secret and sign in with a code.
      const secret = new OTPAuth.Secret({ size: 20 });
      const rootUser = await buildUser(product.knex, { permissions: ALL_FLAGS });
      await product
        .knex('users')
        .where('id', rootUser.id)
        .update({ totp_secret: storedTotpSecret(secret.base32), totp_enabled: true });
      const code = new OTPAuth.TOTP({ secret }).generate();
      const login = await call(product, 'POST', '/admin/api/auth/login', {
        username: rootUser.username,
        password: rootUser.password,
        code,
      });
      if (login.status !== 200) throw new Error(`console sign-in failed: ${JSON.stringify(login.body)}`);
      const root = { id: Number(login.body.id), token: String(login.body.token) };

      const tally = new Tally();
      const seeded = await seed(product, payloads, root, fast, tally, log);

      const violations: string[] = [];
      const news = (await product.knex('news').select('id', 'content')) as Array<{ id: number; content: string }>;
      for (const row of news)
        for (const problem of unsafeNewsHtml(row.content)) violations.push(`news ${row.id} is stored with ${problem}`);

      log('rendering views');
      const views = await renderViews(browser, product, seeded, root, fast);
      violations.push(...views.violations);
      return {
        figures: {
          payloads: payloads.length,
          fields: tally.fields(),
          'values stored': tally.total(tally.stored),
          'values refused by validators': tally.total(tally.refused),
          'stored/refused per field': tally.describe(),
          'news rows checked': news.length,
          'views rendered': views.views,
          dialogs: views.dialogs,
          'hook hits': views.hookHits,
        },
        violations,
      };
    } finally {
      await browser?.close();
      await product.stop();
    }
  },
};
