import test from 'ava';
import { FORUM_THREADS_INITIAL, RANKING_PAGE_SIZE } from '@ecup/domain';
import { RENDERED_PAGE_LIFETIME_MS } from '@ecup/api/ssr/server-render.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { waitFor } from '../helpers/poll.ts';
import { ranking } from '../../player-web/src/features/ranking/i18n.ts';
import { forums } from '../../player-web/src/features/forums/i18n.ts';
import { rules } from '../../player-web/src/features/rules/i18n.ts';
import { trophyHunt as trophy } from '../../player-web/src/features/trophyhunt/i18n.ts';
import { news as newsStrings } from '../../player-web/src/features/news/i18n.ts';
import { groups } from '../../player-web/src/features/groups/i18n.ts';

/**
 * Server-rendered public pages, read as a crawler or a phone before any JavaScript runs: each page's HTML
 * holds its main content in the reader's language, with the data the app takes over as JSON that no browser runs,
 * and nothing of one signed-in reader. Uses the built player app (`npm test` builds it).
 */
let server: TestServer;
const ids = { news: 0, thread: 0 };
const people = { top: '', second: '' };
const THREAD_TITLE = 'Best formation for a 4-4-2?';
const FIRST_POST = 'First post of the formation topic, long enough to describe it.';
const ARTICLE_BODY = 'The two best players of the season meet in the final.';

test.before(async () => {
  server = await startTestServer({ label: 'ssr' });
  const { knex } = server;
  const top = await buildUser(knex, { elo: 1534, games_played: 10, wins: 8, ties: 1, losses: 1 });
  const second = await buildUser(knex, { elo: 1212, games_played: 6, wins: 3, ties: 1, losses: 2 });
  Object.assign(people, { top: top.username, second: second.username });
  const now = Date.now();
  ids.news = await knex('news')
    .insert({
      title: 'Cup final on Sunday',
      excerpt: 'The two best players meet.',
      content: `<p>${ARTICLE_BODY}</p>`,
      category_id: 0,
      published_at: new Date(now - 3600_000),
    })
    .then(([id]) => id!);
  ids.thread = await knex('forum_threads')
    .insert({
      category_id: 3,
      user_id: top.id,
      title: THREAD_TITLE,
      reply_count: 0,
      created_at: new Date(now),
      last_post_at: new Date(now),
    })
    .then(([id]) => id!);
  await knex('forum_posts').insert({
    thread_id: ids.thread,
    user_id: top.id,
    message: FIRST_POST,
    created_at: new Date(now),
  });
});

test.after.always(async () => {
  await server?.close();
});

async function page(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${pathname}`, { headers });
  const html = await res.text();
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="page-data">/.exec(html)?.[1];
  const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    res,
    html,
    /** The text a reader sees in the app's root, tags taken out. */
    text: (root ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' '),
    data: data === undefined ? undefined : (JSON.parse(data) as { lang: string; reads: Record<string, unknown> }),
  };
}

test('each public page arrives as HTML with its main content, before any JavaScript runs', async (t) => {
  const pages: [string, string[]][] = [
    ['/', [people.top, 'Cup final on Sunday']],
    ['/ranking', [ranking.en['ranking.title'], people.top, people.second]],
    ['/ranking?sort=trophies', [ranking.en['ranking.title'], people.top]],
    ['/ranking/countries', [groups.en['groups.countries.title']]],
    ['/ranking/clubs', [groups.en['groups.clubs.title']]],
    ['/news', ['Cup final on Sunday', ARTICLE_BODY]],
    [`/news/${ids.news}`, ['Cup final on Sunday', ARTICLE_BODY]],
    ['/forums', [forums.en['forums.title'], forums.en['forums.category.3.title']]],
    ['/forums/general_discussion', [forums.en['forums.category.3.title'], THREAD_TITLE]],
    [`/forums/general_discussion/${ids.thread}`, [THREAD_TITLE, FIRST_POST]],
    ['/rules', [rules.en['rules.pageTitle']]],
    ['/terms', [rules.en['terms.pageTitle']]],
    ['/trophyhunt', [trophy.en['trophy.title']]],
    [`/player/${people.top}`, [people.top, '1,534']],
  ];
  for (const [pathname, expected] of pages) {
    const { res, text, data } = await page(pathname);
    t.is(res.status, 200, pathname);
    t.truthy(data, `${pathname} carries its data`);
    for (const words of expected) t.true(text.includes(words), `${pathname} shows "${words}"`);
    // Drawn whole: no page shows its loading state in place of its content.
    t.false(/role="progressbar"/.test(text), pathname);
  }
});

test("the first page's data is what the app asks for first, so the browser draws it without a read", async (t) => {
  const home = await page('/');
  t.deepEqual(Object.keys(home.data!.reads).sort(), [
    '/news/latest?amount=4',
    '/ranking/list?amount=10&sorting=0&start=0',
    '/season/current',
  ]);
  const rankingPage = await page('/ranking');
  t.true(Object.hasOwn(rankingPage.data!.reads, `/ranking/list?amount=${RANKING_PAGE_SIZE}&sorting=0&start=0`));
  const category = await page('/forums/general_discussion');
  t.true(Object.hasOwn(category.data!.reads, `/forums/threads?amount=${FORUM_THREADS_INITIAL}&category_id=3&start=0`));
});

test('the page comes in the language of the lang cookie, else of Accept-Language, with <html lang> to match', async (t) => {
  const swedish = await page('/ranking', { cookie: 'lang=sv' });
  t.regex(swedish.html, /<html lang="sv"/);
  t.true(swedish.text.includes(ranking.sv['ranking.title']));
  t.is(swedish.data!.lang, 'sv');
  const browser = await page('/rules', { 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.5' });
  t.regex(browser.html, /<html lang="sv"/);
  t.true(browser.text.includes(rules.sv['rules.pageTitle']));
  const chosen = await page('/rules', { cookie: 'lang=en', 'accept-language': 'sv-SE,sv;q=0.9' });
  t.regex(chosen.html, /<html lang="en"/);
  t.true(chosen.text.includes(rules.en['rules.pageTitle']));
  t.is(swedish.res.headers.get('vary')?.includes('Cookie'), true);
  t.is(swedish.res.headers.get('vary')?.includes('Accept-Language'), true);
});

test('no script runs inline: the data is JSON that cannot end its element, and the policy allows no inline script', async (t) => {
  const changed = await server.knex('users').where('username', people.second).update({ first_name: '</script><b>x' });
  t.is(changed, 1);
  // A fresh page, after the cached one's lifetime.
  await new Promise((resolve) => setTimeout(resolve, RENDERED_PAGE_LIFETIME_MS + 1100));
  const { res, html } = await page('/ranking');
  const policy = res.headers.get('content-security-policy') ?? '';
  t.regex(policy, /script-src 'self'(;|$)/);
  t.false(/script-src[^;]*unsafe-inline/.test(policy));
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  for (const [, attributes, body] of scripts) {
    // Each script is a file of the site's own, or JSON.
    t.true(/\bsrc="\//.test(attributes!) || /type="application\/json"/.test(attributes!), attributes);
    if (/type="application\/json"/.test(attributes!)) {
      t.false(body!.includes('</'), 'nothing in the data can close its element');
    }
  }
  t.false(html.includes('</script><b>x'));
});

test('an address that names nothing is a 404 page, still drawn by the app', async (t) => {
  for (const pathname of ['/news/999999', '/player/nobody_at_all', `/forums/general_discussion/999999`]) {
    const { res, html } = await page(pathname);
    t.is(res.status, 404, pathname);
    t.regex(html, /<div id="root">/);
    t.regex(html, /<meta name="robots" content="noindex"/, pathname);
  }
});

test('the answer is compressed for browsers that accept it', async (t) => {
  for (const encoding of ['br', 'gzip']) {
    const res = await fetch(`${server.url}/ranking`, { headers: { 'accept-encoding': encoding } });
    t.is(res.headers.get('content-encoding'), encoding);
    t.true((await res.text()).includes(people.top));
  }
});

test('a screen that is not public keeps the app shell: nothing is drawn for a signed-in screen', async (t) => {
  for (const pathname of ['/settings', '/play', '/conflicts', '/forums/general_discussion/new_thread']) {
    const { res, html } = await page(pathname);
    t.is(res.status, 200, pathname);
    t.false(html.includes('id="page-data"'), pathname);
    t.regex(html, /class="boot"/, pathname);
  }
});

test('news words in the article page follow the language', async (t) => {
  const { text } = await page(`/news/${ids.news}`, { cookie: 'lang=sv' });
  t.true(text.includes(newsStrings.sv['news.more']));
});

test("a phone's browser gets the lists as cards, any other as tables, and the app's first render draws the same", async (t) => {
  const phone = await page('/ranking', {
    'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
  });
  const desktop = await page('/ranking', {
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  });
  t.regex(phone.html, /<ol aria-label=/);
  t.notRegex(phone.html, /<table/);
  t.regex(desktop.html, /<table/);
  t.true(phone.text.includes(people.top) && desktop.text.includes(people.top));
  t.is((phone.data as unknown as { narrow: boolean }).narrow, true);
  t.is((desktop.data as unknown as { narrow: boolean }).narrow, false);
  t.true(phone.res.headers.get('vary')?.includes('User-Agent'));
});

test("a drawn page names the app's code for /boot.js to fetch once it has painted: no script or preload in its head", async (t) => {
  const { html } = await page('/rules');
  const head = html.slice(0, html.indexOf('</head>'));
  t.false(/<script\b[^>]*type="module"/.test(head), 'no module script in the head');
  t.false(head.includes('modulepreload'), 'no module preloaded before the page paints');
  const named = /<script type="application\/json" id="app-code">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const code = JSON.parse(named ?? 'null') as { entry: string; preload: string[] } | null;
  t.regex(code?.entry ?? '', /^\/assets\/index-[\w-]+\.js$/);
  t.true((code?.preload.length ?? 0) > 0);
  for (const url of [code!.entry, ...code!.preload]) t.is((await fetch(`${server.url}${url}`)).status, 200, url);
  t.regex(html, /<script src="\/boot\.js" async><\/script>/);
  t.regex(await (await fetch(`${server.url}/boot.js`)).text(), /getElementById\('app-code'\)/);
});

test('a page drawn less than a second ago is answered again as it was, with the same headers', async (t) => {
  const headers = {
    'accept-encoding': 'br',
    'accept-language': 'sv',
    'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
  };
  const first = await fetch(`${server.url}/rules`, { headers: { ...headers, 'x-request-id': 'page-first' } });
  const again = await fetch(`${server.url}/rules`, { headers: { ...headers, 'x-request-id': 'page-again' } });
  t.is(again.status, first.status);
  const names = (res: Response) => [...res.headers.keys()].sort();
  t.deepEqual(names(again), names(first));
  for (const name of ['content-type', 'content-encoding', 'vary', 'cache-control', 'content-security-policy']) {
    t.is(again.headers.get(name), first.headers.get(name), name);
  }
  t.is(first.headers.get('x-request-id'), 'page-first');
  t.is(again.headers.get('x-request-id'), 'page-again');
  // The same bytes when the page was still fresh; drawn again (on a busy machine), only its time differs.
  const undated = async (res: Response) => (await res.text()).replace(/"renderedAt":\d+/, '');
  t.is(await undated(again), await undated(first));
  // A HEAD is answered with the length of the page a GET gets. A machine slow enough to draw the page again between
  // the two (its time differs, so may its compressed length) asks the pair again; a HEAD that is never right fails.
  const head = await waitFor(
    async () => {
      const get = await fetch(`${server.url}/rules`, { headers });
      await get.arrayBuffer();
      const answer = await fetch(`${server.url}/rules`, { method: 'HEAD', headers });
      const same = answer.headers.get('content-length') === get.headers.get('content-length');
      return answer.status === 200 && same && answer;
    },
    { what: "a HEAD answered 200 with the GET's content-length", timeoutMs: 10_000 },
  );
  t.truthy(head.headers.get('content-length'));
});
