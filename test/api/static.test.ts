import test from 'ava';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import { serveApp } from '@ecup/api/static.ts';

/**
 * The static server of the built apps: hashed assets cached for a year and sent as the build's brotli or
 * gzip copy to browsers that accept it, with `Vary: Accept-Encoding`; other paths get index.html, never cached.
 */
const SCRIPT = 'console.log("the player app");'.repeat(40);
let root: string;
let url: string;
let close: () => Promise<void>;

test.before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ecup-static-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>eCup</title>');
  await writeFile(path.join(root, 'assets/app-abc123.js'), SCRIPT);
  await writeFile(path.join(root, 'assets/app-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(root, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
  await writeFile(path.join(root, 'assets/plain-def456.js'), SCRIPT);
  const app = new Koa();
  app.use(serveApp(root, '/'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

test.after.always(async () => {
  await close?.();
  await rm(root, { recursive: true, force: true });
});

/** Node's fetch decodes what it accepts, so the encoding is read from the headers and the size from the raw body. */
async function get(pathname: string, acceptEncoding: string) {
  const res = await fetch(`${url}${pathname}`, { headers: { 'Accept-Encoding': acceptEncoding } });
  return { res, text: await res.text() };
}

test('a hashed asset goes out as its brotli copy to a browser that accepts br, cached for a year', async (t) => {
  const { res, text } = await get('/assets/app-abc123.js', 'gzip, deflate, br');
  t.is(res.status, 200);
  t.is(res.headers.get('content-encoding'), 'br');
  t.regex(res.headers.get('content-type') ?? '', /javascript/);
  t.regex(res.headers.get('vary') ?? '', /Accept-Encoding/i);
  t.regex(res.headers.get('cache-control') ?? '', /max-age=31536000/);
  t.regex(res.headers.get('cache-control') ?? '', /immutable/);
  t.is(text, SCRIPT);
});

test('a browser without brotli gets the gzip copy, and one that accepts neither gets the file as it is', async (t) => {
  const gzip = await get('/assets/app-abc123.js', 'gzip');
  t.is(gzip.res.headers.get('content-encoding'), 'gzip');
  t.is(gzip.text, SCRIPT);
  const identity = await get('/assets/app-abc123.js', 'identity');
  t.is(identity.res.headers.get('content-encoding'), null);
  t.is(identity.text, SCRIPT);
  t.regex(identity.res.headers.get('vary') ?? '', /Accept-Encoding/i);
});

test('an asset without compressed copies is sent as it is', async (t) => {
  const { res, text } = await get('/assets/plain-def456.js', 'gzip, br');
  t.is(res.headers.get('content-encoding'), null);
  t.is(text, SCRIPT);
});

test("any other path gets index.html with 'no-cache', and a missing asset is not answered with the app", async (t) => {
  const page = await get('/ranking', 'gzip, br');
  t.is(page.res.status, 200);
  t.is(page.res.headers.get('cache-control'), 'no-cache');
  t.true(page.text.includes('<title>eCup</title>'));
  const missing = await fetch(`${url}/assets/gone-000000.js`);
  t.is(missing.status, 404);
});
