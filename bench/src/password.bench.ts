/**
 * Password hashing at OWASP's minimum: what a sign-in costs, and what a crowd of sign-ins does to every
 * other call. The API runs as its own process on loopback (as `npm run api`), its sign-ins arriving each from an
 * address of its own through X-Forwarded-For (TRUST_PROXY=on from loopback), so the per-address limit does not
 * refuse the crowd.
 *
 * 1. Sign-ins per core-second: POST /user/login with the right password, BENCH_PASSWORD_LANES (4) at a time for
 *    BENCH_PASSWORD_RATE_SECONDS (8), at the old setting (scrypt N=2^17 p=1, 128 MiB: the API with PASSWORD_COST=17
 *    and accounts hashed at 17) and at the default (N=2^14 p=5, 16 MiB, an OWASP equal); the API process's CPU
 *    seconds from /proc.
 * 2. Other calls while BENCH_PASSWORD_CROWD (500) players sign in at once: autocannon in its own process calls
 *    GET /ranking/list, GET /season/current and a signed-in GET /user/auth in turn (BENCH_PASSWORD_OTHER_RATE, 100
 *    a second over 10 connections), first alone for BENCH_PASSWORD_BASE_SECONDS (10) as the baseline, then while the
 *    crowd signs in. A player refused with 503 comes back after its Retry-After and a second of jitter, as a player
 *    pressing the button again would, until all are in or BENCH_PASSWORD_CROWD_SECONDS (150) have passed.
 */
import { cpus } from 'node:os';
import type { AutocannonResult as Result } from './tools.ts';
import { createSession } from '@ecup/db';
import { hashPassword, PASSWORD_COST, scryptParallelism } from '@ecup/security';
import { cpuSeconds, startChild, type ChildMessage } from './child.ts';
import { mark, percentile } from './goals.ts';
import { benchDatabase, createAccounts, startApiProcess } from './setup.ts';

const LANES = Number(process.env.BENCH_PASSWORD_LANES ?? 4);
const RATE_SECONDS = Number(process.env.BENCH_PASSWORD_RATE_SECONDS ?? 8);
const CROWD = Number(process.env.BENCH_PASSWORD_CROWD ?? 500);
const OTHER_RATE = Number(process.env.BENCH_PASSWORD_OTHER_RATE ?? 100);
const BASE_SECONDS = Number(process.env.BENCH_PASSWORD_BASE_SECONDS ?? 10);
const CROWD_SECONDS = Number(process.env.BENCH_PASSWORD_CROWD_SECONDS ?? 150);
const OLD_COST = 17;
const PASSWORD = 'password-bench-1';
const P99_GOAL_MS = 250;
const PROXY = { TRUST_PROXY: 'on', TRUSTED_PROXIES: '127.0.0.1/32,::1' };

let nextAddress = 1;
const address = () => {
  const a = nextAddress++;
  return `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`;
};

/** One sign-in as the player app sends it, from an address of its own: the status, Retry-After and the time. */
async function signIn(url: string, username: string): Promise<{ status: number; retryAfter: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${url}/user/login`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': address(),
    },
    body: new URLSearchParams({ username, password: PASSWORD }).toString(),
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: Number(res.headers.get('Retry-After') ?? 0), ms: performance.now() - t0 };
}

/** Sign-ins `LANES` at a time for RATE_SECONDS against an API whose accounts `{prefix}n` hash at `cost`. */
async function signInRate(
  db: Awaited<ReturnType<typeof benchDatabase>>,
  cost: number,
  prefix: string,
): Promise<{ perCoreSecond: number; perSecond: number; ok: number; other: number; p50: number }> {
  const api = await startApiProcess(db, { ...PROXY, PASSWORD_COST: String(cost) });
  try {
    // One sign-in first, so the API's hashing threads and connections are up before the measured part.
    await signIn(api.url, `${prefix}1`);
    let ok = 0;
    let other = 0;
    const ms: number[] = [];
    let next = 1;
    const cpuBefore = await cpuSeconds(api.pid);
    const started = performance.now();
    const deadline = started + RATE_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (performance.now() < deadline) {
          const answer = await signIn(api.url, `${prefix}${(next++ % 200) + 1}`);
          if (answer.status === 200) {
            ok++;
            ms.push(answer.ms);
          } else other++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = (await cpuSeconds(api.pid)) - cpuBefore;
    return { perCoreSecond: ok / cpu, perSecond: ok / seconds, ok, other, p50: percentile(ms, 0.5) };
  } finally {
    await api.stop();
  }
}

interface Crowd {
  firstOk: number;
  firstBusy: number;
  busy: number;
  otherStatuses: Map<number, number>;
  signedIn: number;
  lastInS: number;
  okMs: number[];
}

/** CROWD players press "sign in" at once; a 503 comes back after Retry-After plus up to a second, until `until`. */
async function crowd(url: string, until: number): Promise<Crowd> {
  const result: Crowd = {
    firstOk: 0,
    firstBusy: 0,
    busy: 0,
    otherStatuses: new Map(),
    signedIn: 0,
    lastInS: 0,
    okMs: [],
  };
  const started = performance.now();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.all(
    Array.from({ length: CROWD }, async (_, i) => {
      for (let attempt = 0; performance.now() < until; attempt++) {
        let answer: Awaited<ReturnType<typeof signIn>>;
        try {
          answer = await signIn(url, `crowd${i + 1}`);
        } catch {
          answer = { status: 0, retryAfter: 0, ms: 0 };
        }
        if (answer.status === 200) {
          if (attempt === 0) result.firstOk++;
          result.signedIn++;
          result.okMs.push(answer.ms);
          result.lastInS = (performance.now() - started) / 1000;
          return;
        }
        if (answer.status === 503) {
          if (attempt === 0) result.firstBusy++;
          result.busy++;
          await sleep(answer.retryAfter * 1000 + Math.random() * 1000);
          continue;
        }
        result.otherStatuses.set(answer.status, (result.otherStatuses.get(answer.status) ?? 0) + 1);
        return;
      }
    }),
  );
  return result;
}

interface Other extends ChildMessage {
  error: string | null;
  result: Result;
}

/** scrypt's setting at `cost` as the product hashes it. */
const setting = (cost: number) =>
  `scrypt N=2^${cost}, r=8, p=${scryptParallelism(cost)} (${(128 * 2 ** cost * 8) / 2 ** 20} MiB)`;

function describe(result: Result): string {
  const errors = result.errors + result.non2xx + result.timeouts;
  return (
    `${result.requests.total} calls (${result.requests.average.toFixed(0)}/s), ${errors} errors, ` +
    `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`
  );
}

export async function run(): Promise<void> {
  const db = await benchDatabase();
  const other = await startChild('other-calls.ts');
  try {
    const [old, current] = await Promise.all([hashPassword(PASSWORD, OLD_COST), hashPassword(PASSWORD, PASSWORD_COST)]);
    await createAccounts(db.knex, 'old', 200, old);
    await createAccounts(db.knex, 'new', 200, current);
    await createAccounts(db.knex, 'crowd', CROWD, current);
    await createAccounts(db.knex, 'reader', 1, current);
    console.log(
      `${cpus().length} cores; API as its own process (npm run api), sign-ins each from an address of its own ` +
        `(X-Forwarded-For from loopback)`,
    );

    console.log(`\n1. sign-ins per core-second (POST /user/login, ${LANES} at a time for ${RATE_SECONDS} s)`);
    for (const [label, cost, prefix] of [
      [`before: ${setting(OLD_COST)}`, OLD_COST, 'old'],
      [`after:  ${setting(PASSWORD_COST)}`, PASSWORD_COST, 'new'],
    ] as const) {
      const rate = await signInRate(db, cost, prefix);
      console.log(
        `${label}: ${rate.perCoreSecond.toFixed(1)} sign-ins per core-second of the API process, ` +
          `${rate.perSecond.toFixed(1)}/s on the machine (${rate.ok} signed in, ${rate.other} other answers, ` +
          `p50 ${rate.p50.toFixed(0)} ms)`,
      );
    }

    const api = await startApiProcess(db, { ...PROXY });
    try {
      const reader = (await db.knex('users').where('username', 'reader1').first('id')) as { id: number };
      const { result: session } = await createSession(db.knex, { user_id: reader.id, ip: null, user_agent: 'bench' });
      const start = {
        type: 'start',
        url: api.url,
        paths: ['/ranking/list?sorting=0&start=0&amount=50', '/season/current', '/user/auth'],
        headers: { Accept: 'application/json', Authorization: `Bearer ${reader.id}:${session.token}` },
        connections: 10,
        rate: OTHER_RATE,
      };
      console.log(
        `\n2. other calls (GET /ranking/list top 50, GET /season/current, signed-in GET /user/auth in turn; ` +
          `autocannon in its own process, ${OTHER_RATE}/s over 10 connections) while ${CROWD} players sign in at once`,
      );
      const base = await other.request<Other>({ ...start, seconds: BASE_SECONDS }, (BASE_SECONDS + 30) * 1000);
      console.log(`baseline, no sign-ins, ${BASE_SECONDS} s: ${describe(base.result)}`);

      const loaded = other.request<Other>({ ...start, seconds: CROWD_SECONDS + 10 }, (CROWD_SECONDS + 60) * 1000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const cpuBefore = await cpuSeconds(api.pid);
      const started = performance.now();
      const signedIn = await crowd(api.url, started + CROWD_SECONDS * 1000);
      const seconds = (performance.now() - started) / 1000;
      const cpu = (await cpuSeconds(api.pid)) - cpuBefore;
      await other.request({ type: 'stop' });
      const during = (await loaded).result;
      const others = [...signedIn.otherStatuses].map(([status, n]) => `${n} × ${status || 'network error'}`);
      console.log(`during the crowd, ${seconds.toFixed(1)} s: ${describe(during)}`);
      console.log(
        `the crowd: ${signedIn.signedIn} of ${CROWD} signed in, the last ${signedIn.lastInS.toFixed(1)} s after they ` +
          `pressed; on the first press ${signedIn.firstOk} signed in and ${signedIn.firstBusy} were told 503 "busy" ` +
          `(Retry-After); ${signedIn.busy} 503s in all; other answers: ${others.join(', ') || 'none'}; successful ` +
          `sign-ins p50 ${percentile(signedIn.okMs, 0.5).toFixed(0)} ms, p99 ${percentile(signedIn.okMs, 0.99).toFixed(0)} ms; ` +
          `API process ${(signedIn.signedIn / cpu).toFixed(1)} sign-ins per core-second`,
      );
      const p99 = during.latency.p99;
      const errors = during.errors + during.non2xx + during.timeouts;
      console.log(
        `other calls' p99 during the crowd: ${p99} ms (baseline ${base.result.latency.p99} ms); goal < ${P99_GOAL_MS} ms ` +
          `${mark(p99 < P99_GOAL_MS)}; their errors: ${errors}, goal 0 ${mark(errors === 0)}; sign-in answers other ` +
          `than 200 and 503: ${others.length}, goal 0 ${mark(others.length === 0)}`,
      );
    } finally {
      await api.stopAndReport();
    }
  } finally {
    await other.stop();
    await db.drop();
  }
}
