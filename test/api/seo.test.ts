import test from 'ava';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { forumCategories, message } from '@ecup/domain';
import { type NewRow } from '@ecup/db';
import { storeAvatar } from '@ecup/storage';
import { CARD_HEIGHT, CARD_WIDTH, svgColour, wrap } from '@ecup/api/features/seo/cards.ts';
import { SEO_WORDS } from '@ecup/api/features/seo/words.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ROUTES } from '../security/inventory.ts';
import { buildUser, pngImage } from '../helpers/factories.ts';
import { ranking } from '../../player-web/src/features/ranking/i18n.ts';
import { groups } from '../../player-web/src/features/groups/i18n.ts';
import { forums } from '../../player-web/src/features/forums/i18n.ts';
import { rules } from '../../player-web/src/features/rules/i18n.ts';
import { trophyHunt as trophy } from '../../player-web/src/features/trophyhunt/i18n.ts';
import { player as playerStrings } from '../../player-web/src/features/player/i18n.ts';

/**
 * Link previews and search: every public page's head in the app shell (title, description, canonical,
 * Open Graph and Twitter tags, once each, escaped, in the reader's language), the preview cards, /sitemap.xml and
 * /robots.txt.
 */
const PUBLIC_URL = 'http://localhost:3000';
let server: TestServer;
let dist: string;
let product: string;
const ids = { news: 0, draft: 0, future: 0, thread: 0, hiddenThread: 0, quoted: 0 };
const people = { ranked: '', newcomer: '', photo: '' };

test.before(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'ecup-seo-'));
  await copyFile(path.join(import.meta.dirname, '../../player-web/index.html'), path.join(dist, 'index.html'));
  server = await startTestServer({ label: 'seo', env: { PLAYER_WEB_DIST: dist } });
  const { knex } = server;
  product = (await knex('seasons').where('active', true).first('product_name'))!.product_name;
  const ranked = await buildUser(knex, { elo: 1234, games_played: 10, wins: 6, ties: 1, losses: 3 });
  const newcomer = await buildUser(knex, { games_played: 0 });
  const avatar = await storeAvatar(
    server.deps.images,
    await sharp(await pngImage(300, 300, '#3366cc'))
      .jpeg()
      .toBuffer(),
  );
  const photo = await buildUser(knex, { elo: 1100, games_played: 4, wins: 2, losses: 2, avatar_hash: avatar });
  Object.assign(people, { ranked: ranked.username, newcomer: newcomer.username, photo: photo.username });
  const now = Date.now();
  const news = (fields: Partial<NewRow<'news'>> & { title: string }) =>
    knex('news')
      .insert({
        excerpt: 'An excerpt.',
        content: '<p>x</p>',
        category_id: 0,
        published_at: new Date(now - 3600_000),
        ...fields,
      })
      .then(([id]) => id!);
  ids.news = await news({
    title: 'Cup final on Sunday',
    excerpt: 'The two best players meet.',
    image_hash: 'ab'.repeat(16),
  });
  ids.quoted = await news({
    title: 'Say "hi" to <b>Zlatan</b> & co',
    excerpt: "It's <script>here</script>",
    published_at: new Date(now - 7200_000),
  });
  ids.draft = await news({ title: 'Draft', published: false });
  ids.future = await news({ title: 'Tomorrow', published_at: new Date(now + 86_400_000) });
  const thread = async (title: string, hidden: boolean) => {
    const [id] = await knex('forum_threads').insert({
      category_id: 3,
      user_id: ranked.id,
      title,
      reply_count: 0,
      created_at: new Date(now),
      last_post_at: new Date(now),
    });
    await knex('forum_posts').insert({
      thread_id: id!,
      user_id: ranked.id,
      message: `First post of ${title}, long enough to describe it.`,
      created_at: new Date(now),
      ...(hidden ? { hidden_at: new Date(now), hidden_reason: 'spam' } : {}),
    });
    return id!;
  };
  ids.thread = await thread('Best formation for <4-4-2>?', false);
  ids.hiddenThread = await thread('Hidden spam', true);
});

test.after.always(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

async function page(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${pathname}`, { headers });
  const html = await res.text();
  return { res, html };
}

/** The content of the only meta tag with this name or property (fails the test on none or several). */
function metaOf(html: string, key: string): string | undefined {
  const found = [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g'))];
  return found.length === 1 ? found[0]![1] : found.length === 0 ? undefined : `${found.length} tags`;
}
const titleOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
const canonicalOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);

test("each public page has one title as the app's own, one description and its canonical link", async (t) => {
  const pages: [string, string, string][] = [
    ['/', product, '/'],
    ['/ranking', `${ranking.en['ranking.title']} – ${product}`, '/ranking'],
    ['/ranking/countries', `${groups.en['groups.countries.title']} – ${product}`, '/ranking/countries'],
    ['/ranking/clubs', `${groups.en['groups.clubs.title']} – ${product}`, '/ranking/clubs'],
    ['/news', `Cup final on Sunday – ${product}`, `/news/${ids.news}`],
    ['/forums', `${forums.en['forums.title']} – ${product}`, '/forums'],
    [
      '/forums/general_discussion',
      `${forums.en['forums.category.3.title']} – ${product}`,
      '/forums/general_discussion',
    ],
    ['/rules', `${rules.en['rules.pageTitle']} – ${product}`, '/rules'],
    ['/terms', `${rules.en['terms.pageTitle']} – ${product}`, '/terms'],
    ['/trophyhunt', `${trophy.en['trophy.title']} – ${product}`, '/trophyhunt'],
    [`/player/${people.ranked}`, `Player ${people.ranked} – ${product}`, `/player/${people.ranked}`],
  ];
  for (const [pathname, title, canonical] of pages) {
    const { res, html } = await page(pathname);
    t.is(res.status, 200, pathname);
    t.regex(res.headers.get('content-type') ?? '', /text\/html/);
    t.deepEqual(titleOf(html), [title], pathname);
    t.truthy(metaOf(html, 'description'), pathname);
    t.notRegex(metaOf(html, 'description')!, /tags$/, pathname);
    t.deepEqual(canonicalOf(html), [`${PUBLIC_URL}${canonical}`], pathname);
    t.is(metaOf(html, 'og:url'), `${PUBLIC_URL}${canonical}`, pathname);
    t.is(metaOf(html, 'robots'), undefined, pathname);
  }
  // The shell's boot screen and scripts are still there.
  t.true((await page('/ranking')).html.includes('data-boot-text'));
});

test('a news article has Open Graph and Twitter tags with its own image', async (t) => {
  const { html } = await page(`/news/${ids.news}`);
  t.deepEqual(titleOf(html), [`Cup final on Sunday – ${product}`]);
  t.is(metaOf(html, 'description'), 'The two best players meet.');
  t.is(metaOf(html, 'og:type'), 'article');
  t.is(metaOf(html, 'og:title'), `Cup final on Sunday – ${product}`);
  t.is(metaOf(html, 'og:description'), 'The two best players meet.');
  const image = `${PUBLIC_URL}/images/news/ab/${'ab'.repeat(16)}.jpg`;
  t.is(metaOf(html, 'og:image'), image);
  t.is(metaOf(html, 'twitter:image'), image);
  t.is(metaOf(html, 'twitter:card'), 'summary_large_image');
  t.truthy(metaOf(html, 'article:published_time'));
});

test('a forum thread and a player profile have a generated 1200×630 card as their image', async (t) => {
  const thread = await page(`/forums/general_discussion/${ids.thread}`);
  t.deepEqual(titleOf(thread.html), [`Best formation for &lt;4-4-2&gt;? – ${product}`]);
  t.is(metaOf(thread.html, 'og:type'), 'article');
  t.regex(metaOf(thread.html, 'description')!, /^First post of Best formation/);
  t.is(metaOf(thread.html, 'og:image'), `${PUBLIC_URL}/og/thread/${ids.thread}.png`);
  t.is(metaOf(thread.html, 'twitter:card'), 'summary_large_image');
  // The thread's own category names the canonical address, whatever category the link named.
  const wrongCategory = await page(`/forums/gothia_cup/${ids.thread}`);
  t.deepEqual(canonicalOf(wrongCategory.html), [`${PUBLIC_URL}/forums/general_discussion/${ids.thread}`]);

  const profile = await page(`/player/${people.ranked}`);
  t.is(metaOf(profile.html, 'og:type'), 'profile');
  t.regex(metaOf(profile.html, 'description')!, /Rank 1\. .*Elo 1234, 10 games \(6 won, 1 drawn, 3 lost\)/);
  t.is(metaOf(profile.html, 'og:image'), `${PUBLIC_URL}/og/player/${people.ranked}.png`);
  t.is(metaOf(profile.html, 'twitter:image'), `${PUBLIC_URL}/og/player/${people.ranked}.png`);

  for (const card of [
    `/og/thread/${ids.thread}.png`,
    `/og/player/${people.ranked}.png`,
    `/og/player/${people.photo}.png`,
  ]) {
    const res = await fetch(`${server.url}${card}`);
    t.is(res.status, 200, card);
    t.is(res.headers.get('content-type'), 'image/png');
    t.regex(res.headers.get('cache-control') ?? '', /public, max-age=\d+/);
    const png = Buffer.from(await res.arrayBuffer());
    t.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], card);
    const meta = await sharp(png).metadata();
    t.deepEqual([meta.format, meta.width, meta.height], ['png', CARD_WIDTH, CARD_HEIGHT], card);
    // A browser holding the card gets a 304 (fetch's own no-cache on a conditional request is replaced).
    const etag = res.headers.get('etag');
    t.truthy(etag);
    const again = await fetch(`${server.url}${card}`, {
      headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' },
    });
    t.is(again.status, 304);
  }
  t.is(CARD_WIDTH, 1200);
  t.is(CARD_HEIGHT, 630);
});

test('a card for a missing topic or player answers 404 with the API message', async (t) => {
  for (const [card, refusal] of [
    ['/og/thread/999999.png', 'threadNotFound'],
    ['/og/thread/abc.png', 'threadNotFound'],
    [`/og/thread/${ids.thread}.jpg`, 'threadNotFound'],
    ['/og/player/nobody_here.png', 'playerNotFound'],
  ] as const) {
    const res = await fetch(`${server.url}${card}`);
    t.is(res.status, 404, card);
    t.deepEqual(await res.json(), message(refusal), card);
  }
});

test('titles and descriptions are escaped: quotes and angle brackets cannot leave the tag', async (t) => {
  const { html } = await page(`/news/${ids.quoted}`);
  const escaped = 'Say &quot;hi&quot; to &lt;b&gt;Zlatan&lt;/b&gt; &amp; co';
  t.deepEqual(titleOf(html), [`${escaped} – ${product}`]);
  t.is(metaOf(html, 'og:title'), `${escaped} – ${product}`);
  t.is(metaOf(html, 'description'), 'It&#39;s &lt;script&gt;here&lt;/script&gt;');
  t.false(html.includes('<b>Zlatan'));
  t.false(html.includes('<script>here'));
});

test('unknown, unpublished and hidden pages answer 404 with a sensible head that keeps them out of search', async (t) => {
  for (const [pathname, title] of [
    [`/news/${ids.draft}`, `News – ${product}`],
    [`/news/${ids.future}`, `News – ${product}`],
    ['/news/999999', `News – ${product}`],
    ['/news/nonsense', `News – ${product}`],
    [`/forums/general_discussion/${ids.hiddenThread}`, `${forums.en['forums.category.3.title']} – ${product}`],
    ['/forums/general_discussion/999999', `${forums.en['forums.category.3.title']} – ${product}`],
    ['/player/nobody_here', `nobody_here – ${product}`],
    ['/player/%3Cscript%3E', `&lt;script&gt; – ${product}`],
  ] as const) {
    const { res, html } = await page(pathname);
    t.is(res.status, 404, pathname);
    t.deepEqual(titleOf(html), [title], pathname);
    t.is(metaOf(html, 'robots'), 'noindex', pathname);
    t.notRegex(html, /Draft|Tomorrow|Hidden spam/, pathname);
    t.is(canonicalOf(html).length, 1, pathname);
  }
});

test('pages that are not public keep the shell as it is: one title, no canonical link', async (t) => {
  for (const pathname of [
    '/settings',
    '/game/5',
    '/conflicts',
    '/play',
    '/forums/general_discussion/new_thread',
    '/forums/nowhere',
  ]) {
    const { html } = await page(pathname);
    t.deepEqual(titleOf(html), ['eCup'], pathname);
    t.deepEqual(canonicalOf(html), [], pathname);
    t.is(metaOf(html, 'og:title'), undefined, pathname);
  }
});

test('Swedish readers get Swedish titles and descriptions: by the lang cookie, else by Accept-Language', async (t) => {
  const bySwedishBrowser = await page('/ranking', { 'Accept-Language': 'sv-SE,sv;q=0.9,en;q=0.5' });
  t.deepEqual(titleOf(bySwedishBrowser.html), [`${ranking.sv['ranking.title']} – ${product}`]);
  t.regex(bySwedishBrowser.html, /<html lang="sv"/);
  t.is(metaOf(bySwedishBrowser.html, 'og:locale'), 'sv_SE');
  t.regex(bySwedishBrowser.res.headers.get('vary') ?? '', /Accept-Language/);
  t.regex(bySwedishBrowser.res.headers.get('vary') ?? '', /Cookie/);

  const cookieWins = await page('/trophyhunt', { 'Accept-Language': 'en', Cookie: 'lang=sv' });
  t.deepEqual(titleOf(cookieWins.html), [`${trophy.sv['trophy.title']} – ${product}`]);
  const englishCookie = await page('/forums', { 'Accept-Language': 'sv', Cookie: 'lang=en' });
  t.deepEqual(titleOf(englishCookie.html), [`${forums.en['forums.title']} – ${product}`]);
  t.regex(englishCookie.html, /<html lang="en"/);

  const profile = await page(`/player/${people.ranked}`, { Cookie: 'lang=sv' });
  t.deepEqual(titleOf(profile.html), [
    `${playerStrings.sv['player.title'].replace('{name}', people.ranked)} – ${product}`,
  ]);
  const category = await page('/forums/trophy_hunt', { Cookie: 'lang=sv' });
  t.deepEqual(titleOf(category.html), [`${forums.sv['forums.category.2.title']} – ${product}`]);
  t.is(metaOf(category.html, 'description'), forums.sv['forums.category.2.description']);
});

test("the previews' page titles are the player app's own, in both languages", (t) => {
  for (const lang of ['en', 'sv'] as const) {
    const words = SEO_WORDS[lang];
    t.is<string, string>(words.rankingTitle, ranking[lang]['ranking.title']);
    t.is<string, string>(words.countriesTitle, groups[lang]['groups.countries.title']);
    t.is<string, string>(words.clubsTitle, groups[lang]['groups.clubs.title']);
    t.is<string, string>(words.countriesDescription, groups[lang]['groups.countries.intro']);
    t.is<string, string>(words.clubsDescription, groups[lang]['groups.clubs.intro']);
    t.is<string, string>(words.forumsTitle, forums[lang]['forums.title']);
    t.is<string, string>(words.rulesTitle, rules[lang]['rules.pageTitle']);
    t.is<string, string>(words.termsTitle, rules[lang]['terms.pageTitle']);
    t.is<string, string>(words.trophyTitle, trophy[lang]['trophy.title']);
    t.is<string, string>(words.playerTitle, playerStrings[lang]['player.title']);
    t.is<string, string>(words.category2Title, forums[lang]['forums.category.2.title']);
    t.is<string, string>(words.category3Title, forums[lang]['forums.category.3.title']);
    for (const id of [0, 1, 2, 3] as const) {
      t.is<string, string>(words[`category${id}Description`], forums[lang][`forums.category.${id}.description`]);
    }
  }
});

/** The sitemap's addresses and their lastmod, after checking the document is the sitemaps.org shape throughout. */
function parseSitemap(xml: string): Map<string, string | undefined> {
  const lines = xml.trim().split('\n');
  if (lines[0] !== '<?xml version="1.0" encoding="UTF-8"?>') throw new Error('no XML declaration');
  if (lines[1] !== '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">') throw new Error('no urlset');
  if (lines.at(-1) !== '</urlset>') throw new Error('urlset not closed');
  const urls = new Map<string, string | undefined>();
  for (const line of lines.slice(2, -1)) {
    const match = /^ {2}<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>$/.exec(line);
    if (!match) throw new Error(`not a url entry: ${line}`);
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(match[1]!)) throw new Error(`unescaped &: ${line}`);
    const loc = match[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
    if (match[2] !== undefined && Number.isNaN(Date.parse(match[2]))) throw new Error(`bad lastmod: ${line}`);
    urls.set(loc, match[2]);
  }
  return urls;
}

test('the sitemap lists the public pages, published news, visible threads and ranked players', async (t) => {
  const res = await fetch(`${server.url}/sitemap.xml`);
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /application\/xml/);
  t.regex(res.headers.get('cache-control') ?? '', /public, max-age=\d+/);
  const urls = parseSitemap(await res.text());
  for (const pathname of [
    '/',
    '/ranking',
    '/ranking/countries',
    '/ranking/clubs',
    '/news',
    '/forums',
    '/rules',
    '/terms',
    '/trophyhunt',
  ]) {
    t.true(urls.has(`${PUBLIC_URL}${pathname}`), pathname);
  }
  for (const category of forumCategories(product)) t.true(urls.has(`${PUBLIC_URL}/forums/${category.slug}`));
  t.truthy(urls.get(`${PUBLIC_URL}/news/${ids.news}`));
  t.true(urls.has(`${PUBLIC_URL}/news/${ids.quoted}`));
  t.truthy(urls.get(`${PUBLIC_URL}/forums/general_discussion/${ids.thread}`));
  t.true(urls.has(`${PUBLIC_URL}/player/${people.ranked}`));
  t.true(urls.has(`${PUBLIC_URL}/player/${people.photo}`));

  t.false(urls.has(`${PUBLIC_URL}/news/${ids.draft}`));
  t.false(urls.has(`${PUBLIC_URL}/news/${ids.future}`));
  t.false(urls.has(`${PUBLIC_URL}/forums/general_discussion/${ids.hiddenThread}`));
  t.false(urls.has(`${PUBLIC_URL}/player/${people.newcomer}`));
  // Every address is a page the app shell gives a head to.
  for (const loc of urls.keys()) {
    const { html } = await page(loc.slice(PUBLIC_URL.length));
    t.is(canonicalOf(html).length, 1, loc);
  }
});

test('robots.txt keeps crawlers out of the private screens and the API, and names the sitemap', async (t) => {
  const res = await fetch(`${server.url}/robots.txt`);
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /text\/plain/);
  const text = await res.text();
  const disallowed = [...text.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]!);
  for (const prefix of [
    '/admin/',
    '/settings',
    '/game/',
    '/conflicts',
    '/auth/',
    '/news/get',
    '/news/latest',
    '/ranking/list',
    '/forums/threads',
    '/socket.io/',
  ]) {
    t.true(
      disallowed.some((rule) => prefix.startsWith(rule)),
      `${prefix} is disallowed`,
    );
  }
  // Every API route the inventory lists is covered, but the pictures, previews and these files (and the test
  // clock, which this server does not serve).
  for (const route of ROUTES.filter((entry) => !entry.testOnly)) {
    const prefix = route.path.replace(/[:{(*].*$/, '');
    if (['/images/', '/og/', '/sitemap.xml', '/robots.txt'].some((open) => prefix.startsWith(open))) continue;
    t.true(
      disallowed.some((rule) => prefix.startsWith(rule)),
      `${route.method} ${route.path} is disallowed`,
    );
  }
  t.regex(text, /^User-agent: \*$/m);
  t.regex(text, new RegExp(`^Sitemap: ${PUBLIC_URL}/sitemap.xml$`, 'm'));
  // No rule covers a public page, a preview image or the sitemap.
  const open = [
    '/',
    '/ranking',
    '/ranking/countries',
    '/ranking/clubs',
    '/news',
    `/news/${ids.news}`,
    '/forums',
    '/forums/general_discussion',
    `/forums/general_discussion/${ids.thread}`,
    '/rules',
    '/terms',
    '/trophyhunt',
    `/player/${people.ranked}`,
    `/og/player/${people.ranked}.png`,
    `/og/thread/${ids.thread}.png`,
    `/images/news/ab/${'ab'.repeat(16)}.jpg`,
    '/sitemap.xml',
    '/icons/icon-512.png',
  ];
  for (const pathname of open) {
    t.false(
      disallowed.some((rule) => pathname.startsWith(rule)),
      `${pathname} is open`,
    );
  }
});

test("cards draw a player's colour as SVG reads it, and wrap a long title in at most three lines", (t) => {
  t.is(svgColour('hsl(0 100% 50%)'), '#ff0000');
  t.is(svgColour('hsl(120 100% 25%)'), '#008000');
  t.is(svgColour('hsl(240, 100%, 50%)'), '#0000ff');
  t.is(svgColour('#123456'), '#123456');
  t.deepEqual(wrap('one two three four five six seven eight nine ten', 9, 3), ['one two', 'three', 'four fiv…']);
  t.deepEqual(wrap('short', 9, 3), ['short']);
  t.deepEqual(wrap('abcdefghijklmnop', 5, 3), ['abcde', 'fghij', 'klmn…']);
});
