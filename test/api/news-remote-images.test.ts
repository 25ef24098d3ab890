import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, MESSAGES, PERMISSIONS } from '@ecup/domain';
import { isSpecialAddress } from '@ecup/storage';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { pngImage } from '../helpers/factories.ts';
import { consoleUser } from '../helpers/sockets.ts';
import type { Credentials } from '../helpers/http.ts';

// Players' browsers load images only from the site: an article's image from another site is copied when the
// article is saved, or the save is refused naming the image. The other site here is a server on loopback, which the
// copy refuses like any private address unless IMAGE_FETCH_ALLOW_PRIVATE=on (never in production). The tests that
// count requests to that server or files on disk run one at a time.

let site: TestServer;
let strict: TestServer;
let other: Server;
let otherUrl: string;
const hits = new Map<string, number>();

test.before(async () => {
  const photo = await pngImage(64, 48, '#d02030');
  other = createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    if (req.url?.startsWith('/photo')) {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(photo);
    } else if (req.url === '/moved.png') {
      res.writeHead(302, { Location: '/photo-moved.png' }).end();
    } else if (req.url === '/page.png') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>not an image</html>');
    } else if (req.url === '/huge.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(IMAGE_MAX_BYTES + 1));
    } else if (req.url === '/fake.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from('GIF89a not really'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  [site, strict] = await Promise.all([
    startTestServer({ label: 'remoteimg', env: { IMAGE_FETCH_ALLOW_PRIVATE: 'on' } }),
    startTestServer({ label: 'remoteimgstrict' }),
  ]);
});
test.after.always(async () => {
  await Promise.all([site?.close(), strict?.close()]);
  other?.close();
});

async function editor(server: TestServer): Promise<Credentials> {
  return (await consoleUser(server.knex, { permissions: PERMISSIONS.canPublishNews })).auth;
}

async function send(server: TestServer, auth: Credentials, method: 'POST' | 'PUT', url: string, body: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.id}:${auth.token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const article = (title: string, content: string) => ({ title, content, category_id: 1 });

/** The news images stored on a server's disk. */
async function storedNewsImages(server: TestServer): Promise<string[]> {
  const dir = path.join(server.uploads, 'news');
  try {
    return (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.jpg'));
  } catch {
    return [];
  }
}

test('the Content-Security-Policy lets pages load images only from the site, data: and blob:', async (t) => {
  const res = await fetch(`${site.url}/`);
  const csp = res.headers.get('content-security-policy') ?? '';
  const imgSrc = csp.split(';').find((part) => part.trim().startsWith('img-src'));
  t.is(imgSrc?.trim(), "img-src 'self' data: blob:");
  // No directive lets in every https site (only YouTube's no-cookie player, as a frame).
  t.notRegex(csp, /\shttps?:(;|\s|$)/);
});

test.serial(
  'an image from another site is copied once when the article is saved, and the article shows the copy',
  async (t) => {
    const auth = await editor(site);
    const remote = `${otherUrl}/photo-crowd.png`;
    const created = await send(
      site,
      auth,
      'POST',
      '/admin/api/news',
      article('Away day', `<p>Look:</p><img src="${remote}" alt="the crowd"><p>again</p><img src="${remote}">`),
    );
    t.is(created.status, 201, JSON.stringify(created.body));
    t.is(hits.get('/photo-crowd.png'), 1);
    const content = String(created.body.content);
    t.false(content.includes(otherUrl));
    const sources = [...content.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    t.is(sources.length, 2);
    t.regex(sources[0]!, /^\/images\/news\/[0-9a-f]{2}\/[0-9a-f]{32}\.jpg$/);
    t.is(sources[1], sources[0]);
    t.true(content.includes('alt="the crowd"'));
    // Stored like an uploaded news image: a JPEG the site serves, with the remote picture in it.
    const image = await fetch(`${site.url}${sources[0]}`);
    t.is(image.status, 200);
    t.is(image.headers.get('content-type'), 'image/jpeg');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    t.like(meta, { format: 'jpeg', width: 64, height: 48 });
    // What a player reads names only the site.
    const read = await fetch(`${site.url}/news/get?id=${created.body.id}`);
    const body = (await read.json()) as { content: string };
    t.false(body.content.includes('127.0.0.1'));
    t.true(body.content.includes(sources[0]!));
  },
);

test.serial('an edit that adds an image from another site copies it too, after a redirect', async (t) => {
  const auth = await editor(site);
  const created = await send(site, auth, 'POST', '/admin/api/news', article('Plain', '<p>Text only.</p>'));
  t.is(created.status, 201);
  const updated = await send(site, auth, 'PUT', `/admin/api/news/${created.body.id}`, {
    content: `<p>Now with a picture</p><img src="${otherUrl}/moved.png">`,
  });
  t.is(updated.status, 200, JSON.stringify(updated.body));
  t.regex(String(updated.body.content), /<img src="\/images\/news\/[0-9a-f]{2}\/[0-9a-f]{32}\.jpg" \/>/);
  const stored = await site.knex('news').where('id', Number(created.body.id)).first();
  t.false(String(stored!.content).includes(otherUrl));
});

for (const [what, file] of [
  ['a page that is not an image', 'page.png'],
  ['a file over the upload limit', 'huge.png'],
  ['a file that only claims to be a PNG', 'fake.png'],
  ['an address that answers 404', 'gone.png'],
] as const) {
  test.serial(`${what} refuses the save with a message naming its address, and nothing is stored`, async (t) => {
    const auth = await editor(site);
    const url = `${otherUrl}/${file}`;
    const filesBefore = (await storedNewsImages(site)).length;
    const title = `Refused ${file}`;
    const res = await send(
      site,
      auth,
      'POST',
      '/admin/api/news',
      article(title, `<p>ok</p><img src="${otherUrl}/photo-first.png"><img src="${url}">`),
    );
    t.is(res.status, 400);
    t.is(res.body.error, MESSAGES.newsRemoteImageFailed(url));
    t.is(res.body.error, `The image at ${url} could not be copied to the site. Upload it instead.`);
    t.is(await site.knex('news').where('title', title).first(), undefined);
    // The image copied before the refused one is removed again.
    t.is((await storedNewsImages(site)).length, filesBefore);
  });
}

test.serial('an edit of an article that no longer exists keeps no copy of its images', async (t) => {
  const auth = await editor(site);
  const filesBefore = (await storedNewsImages(site)).length;
  const res = await send(site, auth, 'PUT', '/admin/api/news/999999', {
    content: `<p>x</p><img src="${otherUrl}/photo-orphan.png">`,
  });
  t.is(res.status, 404);
  t.is(hits.get('/photo-orphan.png'), 1);
  t.is((await storedNewsImages(site)).length, filesBefore);
});

test.serial('by default an image on a loopback or private address is refused without being fetched', async (t) => {
  const auth = await editor(strict);
  for (const url of [
    `${otherUrl}/photo-private.png`,
    `${otherUrl.replace('127.0.0.1', 'localhost')}/photo-private.png`,
    `http://[::1]:1/photo.png`,
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/x.png',
  ]) {
    const title = `Private ${url}`.slice(0, 100);
    const res = await send(strict, auth, 'POST', '/admin/api/news', article(title, `<p>x</p><img src="${url}">`));
    t.is(res.status, 400, url);
    t.is(res.body.error, MESSAGES.newsRemoteImageFailed(url));
    t.is(hits.get('/photo-private.png'), undefined, url);
    t.is(await strict.knex('news').where('title', title).first(), undefined);
  }
  t.deepEqual(await storedNewsImages(strict), []);
});

test('images already on the site are kept as they are', async (t) => {
  const auth = await editor(strict);
  const content = '<p>ours</p><img src="/images/news/ab/abababababababababababababababab.jpg" alt="ours" />';
  const res = await send(strict, auth, 'POST', '/admin/api/news', article('Ours', content));
  t.is(res.status, 201);
  t.is(res.body.content, content);
});

test('private, loopback, link-local and reserved addresses are told apart from public ones', (t) => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ]) {
    t.true(isSpecialAddress(address), address);
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
    t.false(isSpecialAddress(address), address);
  }
});

test('IMAGE_FETCH_ALLOW_PRIVATE=on is refused with NODE_ENV=production', async (t) => {
  const { loadConfig } = await import('@ecup/db');
  t.throws(() => loadConfig({ NODE_ENV: 'production', IMAGE_FETCH_ALLOW_PRIVATE: 'on' }), {
    message: /IMAGE_FETCH_ALLOW_PRIVATE=on .* refused with NODE_ENV=production/,
  });
  t.false(loadConfig({}).imageFetchAllowPrivate);
});
