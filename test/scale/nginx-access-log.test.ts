import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { newToken } from '@ecup/security';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { ROOT } from '../helpers/process.ts';
import { findSecrets, secretKinds } from '../log-secrets.ts';

/**
 * deploy/nginx.conf's access log holds no token: no query string (a reset link's check, an unsubscribe link), and
 * the path of every link that carries its token in the path (a password reset, a sign-in link, a guardian's
 * approval, an e-mail confirmation, any path with a token-like segment) with the token cut out. nginx runs the file
 * as it is in front of two stand-in API processes that answer 200 to everything.
 */
const TOKENS = {
  reset: newToken(),
  signIn: newToken(),
  guardian: newToken(),
  approval: newToken(),
  emailPath: newToken(),
  emailQuery: newToken(),
  unsubscribe: newToken(),
  resetCheck: newToken(),
  // A token of another shape (43 base64url characters) in a link that does not exist yet.
  other: 'Zq3_x-9KfP0aLmW2bYc7dE5gH1iJ4kN6oR8sT0uVw2y',
};

/** Each request, and the path the access log must show for it. */
const REQUESTS: { method: 'GET' | 'POST'; path: string; logged: string }[] = [
  { method: 'GET', path: `/resetpassword/12/34/${TOKENS.reset}`, logged: '/resetpassword/[redacted]' },
  { method: 'GET', path: `/auth/7/${TOKENS.signIn}`, logged: '/auth/[redacted]' },
  { method: 'GET', path: `/guardian/confirm/5/${TOKENS.guardian}`, logged: '/guardian/confirm/[redacted]' },
  { method: 'POST', path: `/guardian/approval/5/${TOKENS.approval}`, logged: '/guardian/approval/[redacted]' },
  { method: 'GET', path: `/user/email/confirm/9/${TOKENS.emailPath}`, logged: '/user/email/confirm/[redacted]' },
  { method: 'GET', path: `/user/email/confirm?id=9&token=${TOKENS.emailQuery}`, logged: '/user/email/confirm' },
  { method: 'POST', path: `/unsubscribe?token=${TOKENS.unsubscribe}`, logged: '/unsubscribe' },
  { method: 'GET', path: `/user/reset_password?id=1&uid=2&token=${TOKENS.resetCheck}`, logged: '/user/reset_password' },
  { method: 'GET', path: `/some/future/link/${TOKENS.other}/done`, logged: '/some/future/link/[redacted]' },
  // Ordinary addresses are logged as they are, without their query.
  { method: 'GET', path: '/ranking?sort=trophies&x=1', logged: '/ranking' },
  { method: 'GET', path: '/player/demo_player', logged: '/player/demo_player' },
  { method: 'GET', path: '/forums/general_discussion/12', logged: '/forums/general_discussion/12' },
];

let dir: string;
let nginx: RunningNginx | undefined;
const apis: http.Server[] = [];

test.before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-nginx-log-'));
  const ports: number[] = [];
  for (let i = 0; i < 2; i++) {
    const api = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apis.push(api);
    ports.push((api.address() as AddressInfo).port);
  }
  nginx = await startNginx(dir, ports);
});

test.after.always(async () => {
  await nginx?.stop();
  for (const api of apis) await new Promise((resolve) => api.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

test('the access log format holds no variable with the query string, and every access log uses it', async (t) => {
  const conf = await readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const code = conf.replace(/#.*$/gm, '');
  const formats = [...code.matchAll(/\blog_format\s+(\S+)([^;]*);/g)];
  t.deepEqual(
    formats.map((format) => format[1]),
    ['ecup'],
  );
  const format = formats[0]![2]!;
  for (const variable of ['$request', '$request_uri', '$args', '$query_string', '$is_args', '$arg_', '$uri']) {
    const name = variable.slice(1);
    const pattern = name.endsWith('_') ? new RegExp(`\\$${name}`) : new RegExp(`\\$${name}(?![A-Za-z0-9_])`);
    t.false(pattern.test(format), `the format has no ${variable}`);
  }
  t.regex(format, /\$ecup_log_path\b/);
  const logs = [...code.matchAll(/\baccess_log\s+([^;]*);/g)].map((line) => line[1]!.trim().split(/\s+/));
  t.true(logs.length > 0);
  for (const log of logs) t.true(log[0] === 'off' || log[1] === 'ecup', `access_log ${log.join(' ')} uses ecup`);
});

test('tokens in the path or the query of a link never reach the access log; other paths are logged whole', async (t) => {
  for (const request of REQUESTS) {
    const res = await fetch(`${nginx!.site}${request.path}`, { method: request.method });
    t.is(res.status, 200, request.path);
  }
  // nginx writes a request's line just after its answer: wait for the last one.
  await nginx!.upstreamsOf(`"GET ${REQUESTS.at(-1)!.logged} HTTP/1.1"`);
  const log = await readFile(nginx!.accessLog, 'utf8');
  for (const [what, token] of Object.entries(TOKENS)) t.false(log.includes(token), `the ${what} token is not logged`);
  t.deepEqual(findSecrets(log, 'access.log', secretKinds({})), []);
  const paths = log
    .split('\n')
    .map((line) => /"(GET|POST) (\S+) HTTP\/1\.1"/.exec(line))
    .filter((match) => match !== null && !match[2]!.startsWith('/nginx-probe/') && match[2] !== '/health')
    .map((match) => `${match![1]} ${match![2]}`);
  t.deepEqual(
    paths,
    REQUESTS.map((request) => `${request.method} ${request.logged}`),
  );
});
