import test from 'ava';
import { MESSAGES, englishOf, message } from '@ecup/domain';
import { ApiError, createApiClient, retryDelay, type ApiClientDeps, type PopoverContent } from './api-client.ts';

function harness(answers: Array<Response | Error>, credentials: { id: number; token: string } | null = null) {
  const requests: { url: string; init: RequestInit }[] = [];
  const popovers: [string, PopoverContent][] = [];
  const sleeps: number[] = [];
  const deps: ApiClientDeps = {
    credentials: () => credentials,
    popover: (title, content) => popovers.push([title, content]),
    translate: (ref) => englishOf(ref),
    fetch: async (url, init) => {
      requests.push({ url: String(url), init: init ?? {} });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    },
    sleep: async (ms) => void sleeps.push(ms),
    now: () => 1700000000000,
  };
  return { api: createApiClient(deps), deps, requests, popovers, sleeps };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

test('retry delays are 50 ms times the attempt, capped at 750 ms or a custom cap', (t) => {
  t.deepEqual(
    [1, 2, 3, 15, 16, 40].map((n) => retryDelay(n)),
    [50, 100, 150, 750, 750, 750],
  );
  t.is(retryDelay(10, 200), 200);
});

test('GET adds the query, a cache-busting timestamp and the credentials header', async (t) => {
  const { api, requests } = harness([json(200, { ok: 1 })], { id: 3, token: 'abc' });
  t.deepEqual(await api.get('/ranking/list', { sorting: 0, search: undefined }), { ok: 1 });
  t.is(requests[0]!.url, '/ranking/list?sorting=0&_=1700000000000');
  t.is((requests[0]!.init.headers as Record<string, string>).Authorization, 'Bearer 3:abc');
});

test('POST sends form fields; with no payload it sends id and token', async (t) => {
  const { api, requests } = harness([json(200, {}), json(200, {})], { id: 3, token: 'abc' });
  await api.post('/user/login', { username: 'alva', password: 'x y' });
  t.is(requests[0]!.init.body, 'username=alva&password=x+y');
  await api.post('/user/auth');
  t.is(requests[1]!.init.body, 'id=3&token=abc');
});

test('POST with a file sends multipart', async (t) => {
  const { api, requests } = harness([json(200, {})]);
  await api.post('/user/profile_picture/set', { photo: new File(['x'], 'me.png', { type: 'image/png' }) });
  t.true(requests[0]!.init.body instanceof FormData);
});

test('a 500 is retried twice, then the "Oh no!" popover shows and the call fails', async (t) => {
  const { api, requests, popovers, sleeps } = harness([json(500, {}), json(502, {}), json(500, { error: 'x' })]);
  const error = await t.throwsAsync(api.get('/news/latest'), { instanceOf: ApiError });
  t.is(error.status, 500);
  t.is(requests.length, 3);
  t.deepEqual(sleeps, [50, 100]);
  t.deepEqual(popovers, [['Error', MESSAGES.serverErrorPopover]]);
});

test('a 500 that recovers on retry answers normally without a popover', async (t) => {
  const { api, popovers } = harness([json(500, {}), json(200, [1])]);
  t.deepEqual(await api.get('/news/latest'), [1]);
  t.deepEqual(popovers, []);
});

test('a 503 with Retry-After (a crowd signing in) is not retried and shows its message; without, it is retried', async (t) => {
  const busy = () =>
    new Response(JSON.stringify(message('hashingBusy')), {
      status: 503,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '5' },
    });
  const first = harness([busy()]);
  const error = await t.throwsAsync(first.api.post('/user/signup', {}), { instanceOf: ApiError });
  t.is(error.status, 503);
  t.is(error.message, MESSAGES.hashingBusy);
  t.is(first.requests.length, 1);
  t.deepEqual(first.popovers, [['Error', message('hashingBusy')]]);
  const signIn = harness([busy()]);
  const refused = await t.throwsAsync(signIn.api.post('/user/login', {}, { defaultErrorHandler: false }));
  t.is(refused.message, MESSAGES.hashingBusy);
  t.deepEqual(signIn.popovers, [], 'the sign-in form shows it itself');
  const outage = harness([json(503, message('serviceUnavailable')), json(200, 'ok')]);
  t.is(await outage.api.get('/news/latest'), 'ok');
  t.is(outage.requests.length, 2);
});

test('a network failure (status 0) is retried', async (t) => {
  const { api, requests } = harness([new TypeError('offline'), new TypeError('offline'), json(200, 'ok')]);
  t.is(await api.get('/news/latest'), 'ok');
  t.is(requests.length, 3);
});

test('a 400 with a message shows the Error popover, unless the caller handles it', async (t) => {
  const first = harness([json(400, message('usernameTooShort'))]);
  const error = await t.throwsAsync(first.api.post('/user/signup', {}), { instanceOf: ApiError });
  t.is(error.message, 'Your username is too short.');
  t.true(error.is('usernameTooShort'));
  t.deepEqual(first.popovers, [['Error', message('usernameTooShort')]]);
  const second = harness([json(400, message('usernameTooShort'))]);
  await t.throwsAsync(second.api.post('/user/signup', {}, { defaultErrorHandler: false }));
  t.deepEqual(second.popovers, []);
});

test('status 1–499 is not retried and the error carries status and message', async (t) => {
  const { api, requests } = harness([json(401, message('notSignedIn'))]);
  const error = await t.throwsAsync(api.get('/user/auth'), { instanceOf: ApiError });
  t.is(error.status, 401);
  t.is(error.message, 'You must be signed in to do that.');
  t.deepEqual(error.refusal, message('notSignedIn'));
  t.is(requests.length, 1);
});

test('an answer that cannot be parsed is an error', async (t) => {
  const { api } = harness([new Response('<html>', { status: 200 })]);
  const error = await t.throwsAsync(api.get('/news/latest'), { instanceOf: ApiError });
  t.is(error.status, 200);
});

test('a ban (403), a conflict (409), a file too large (413) and a rate limit (429) show their message too', async (t) => {
  for (const status of [403, 409, 413, 429]) {
    const refusal = message('rateLimited', { seconds: status });
    const { api, popovers } = harness([json(status, refusal)]);
    await t.throwsAsync(api.post('/user/login', {}));
    t.deepEqual(popovers, [['Error', refusal]], String(status));
  }
  const quiet = harness([json(401, message('notSignedIn')), json(404, message('notFound'))]);
  await t.throwsAsync(quiet.api.get('/user/auth'));
  await t.throwsAsync(quiet.api.get('/news/get'));
  t.deepEqual(quiet.popovers, [], 'no popover for 401 or 404');
});

test('a 401 "Your session has ended." on a signed-in call tells the app once per call; signed out it does not', async (t) => {
  const ended: string[] = [];
  const signedIn = harness([json(401, message('sessionExpired'))], { id: 7, token: 'a'.repeat(64) });
  signedIn.deps.sessionEnded = () => ended.push('ended');
  await t.throwsAsync(signedIn.api.get('/user/auth'), { instanceOf: ApiError });
  t.deepEqual(ended, ['ended']);
  t.deepEqual(signedIn.popovers, [], 'the app, not the client, says so');
  const anonymous = harness([json(401, message('sessionExpired'))]);
  anonymous.deps.sessionEnded = () => ended.push('anonymous');
  await t.throwsAsync(anonymous.api.get('/user/auth'));
  const other = harness([json(401, message('notSignedIn'))], { id: 7, token: 'a'.repeat(64) });
  other.deps.sessionEnded = () => ended.push('other');
  await t.throwsAsync(other.api.get('/user/auth'));
  t.deepEqual(ended, ['ended']);
});

test('an error answer without a code (a proxy in between) carries no refusal; its popover says something went wrong', async (t) => {
  const { api, popovers } = harness([json(400, { error: 'Bad request' })]);
  const error = await t.throwsAsync(api.post('/user/signup', {}), { instanceOf: ApiError });
  t.is(error.refusal, null);
  t.deepEqual(popovers, [['Error', MESSAGES.somethingWentWrong]]);
});
