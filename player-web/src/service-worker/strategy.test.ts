import test from 'ava';
import { isStorable, strategyFor } from './strategy.ts';

const ORIGIN = 'https://ecup.example';
const PRECACHED = new Set(['/index.html', '/offline.html', '/boot.js', '/assets/index-abc.js', '/icons/icon-192.png']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

test("the shell's files come from the stored shell", (t) => {
  t.is(strategyFor(get('/assets/index-abc.js', 'no-cors'), ORIGIN, PRECACHED), 'precached');
  t.is(strategyFor(get('/boot.js'), ORIGIN, PRECACHED), 'precached');
  t.is(strategyFor(get('/icons/icon-192.png'), ORIGIN, PRECACHED), 'precached');
  t.is(strategyFor(get('/boot.js?x=1'), ORIGIN, PRECACHED), 'network', 'not with a query the build never wrote');
});

test("fonts and pictures of the build and public pictures are static; players' photos and evidence are not", (t) => {
  t.is(strategyFor(get('/assets/rubik-cyrillic-400-normal-x1.woff2'), ORIGIN, PRECACHED), 'static');
  t.is(strategyFor(get('/assets/pitch-x1.svg'), ORIGIN, PRECACHED), 'static');
  t.is(strategyFor(get('/images/news/ab/abcdef.jpg'), ORIGIN, PRECACHED), 'static');
  t.is(strategyFor(get('/images/news_thumb/ab/abcdef.jpg'), ORIGIN, PRECACHED), 'static');
  t.is(strategyFor(get('/images/team/ab/abcdef.jpg'), ORIGIN, PRECACHED), 'static');
  for (const kind of ['avatar_small', 'avatar_medium', 'avatar_orig', 'evidence', 'evidence_thumb']) {
    t.is(strategyFor(get(`/images/${kind}/ab/abcdef.jpg`), ORIGIN, PRECACHED), 'network', kind);
  }
  t.is(strategyFor(get('/assets/other-chunk-x1.js'), ORIGIN, PRECACHED), 'network', "another build's code");
});

test("the API's answers and everything not a GET of our own origin go to the network only", (t) => {
  for (const path of [
    '/user/auth',
    '/user/login',
    '/news/get?page=1',
    '/ranking/get',
    '/game/get_active',
    '/season/current',
    '/matchmaking/status',
    '/socket.io/?EIO=4&transport=polling',
    '/health',
    '/sw.js',
  ]) {
    t.is(strategyFor(get(path), ORIGIN, PRECACHED), 'network', path);
  }
  t.is(strategyFor({ ...get('/boot.js'), method: 'POST' }, ORIGIN, PRECACHED), 'network');
  t.is(strategyFor(get('/index.html', 'navigate'), ORIGIN, PRECACHED), 'app-page');
  t.is(
    strategyFor({ method: 'GET', url: 'https://fonts.example/assets/x.woff2', mode: 'cors' }, ORIGIN, PRECACHED),
    'network',
  );
});

test("pages: the app's routes fall back to the shell, the console's only to the offline page", (t) => {
  for (const path of ['/', '/play', '/game/42', '/forums/general/7', '/guardian/confirm/1/abc', '/user/auth']) {
    t.is(strategyFor(get(path, 'navigate'), ORIGIN, PRECACHED), 'app-page', path);
  }
  t.is(strategyFor(get('/admin', 'navigate'), ORIGIN, PRECACHED), 'other-page');
  t.is(strategyFor(get('/admin/#/games', 'navigate'), ORIGIN, PRECACHED), 'other-page');
  t.is(strategyFor(get('/administrator', 'navigate'), ORIGIN, PRECACHED), 'app-page');
});

test('only complete, immutable answers of our own origin are stored', (t) => {
  const answer = (status: number, type: string, control: string | null) => ({
    status,
    type,
    headers: { get: (name: string) => (name.toLowerCase() === 'cache-control' ? control : null) },
  });
  t.true(isStorable(answer(200, 'basic', 'public, max-age=31536000, immutable')));
  t.true(isStorable(answer(200, 'basic', 'max-age=31536000,immutable')));
  t.false(isStorable(answer(200, 'basic', 'public, max-age=60')), "a missing picture's placeholder");
  t.false(isStorable(answer(200, 'basic', null)));
  t.false(isStorable(answer(200, 'opaque', 'immutable')));
  t.false(isStorable(answer(206, 'basic', 'immutable')));
  t.false(isStorable(answer(404, 'basic', 'immutable')));
  t.false(isStorable(answer(200, 'basic', 'private, immutable')));
  t.false(isStorable(answer(200, 'basic', 'no-store, immutable')));
});
