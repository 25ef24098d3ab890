import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { bindModels, createKnex, createSession, dropDatabase, parseDatabaseUrl } from '@ecup/db';
import { TEST_DATABASE_SERVER, testRedisPrefix } from './db.ts';
import { FACTORY_COST } from './factories.ts';
import { deleteRedisPrefix } from './server.ts';
import { freePort, runEntry, waitForOutput, type RunningProcess } from './process.ts';

export interface RunningProduct {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Where the product writes e-mails (read them with waitForMail from outbox.ts). */
  outbox: string;
  /** A connection to the product's own database, for checks and for arranging data. */
  knex: Knex;
  process: RunningProcess;
  stop(): Promise<void>;
}

/**
 * The whole product as the README starts it (`npm start`: migrations, demo seed, API, worker, both web apps) on a
 * free port with its own database, Redis prefix, upload folder and outbox. The web apps must be built already
 * (`npm test` builds them first).
 */
export async function startProduct(label = 'e2e', env: NodeJS.ProcessEnv = {}): Promise<RunningProduct> {
  const base = parseDatabaseUrl(TEST_DATABASE_SERVER);
  const database = `ecup_t_${label.replace(/[^a-z0-9]/gi, '').slice(0, 16)}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const target = { ...base, database };
  const dir = await mkdtemp(path.join(os.tmpdir(), `ecup-${label}-`));
  const prefix = testRedisPrefix(label);
  const port = await freePort();
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const outbox = path.join(dir, 'outbox');
  const proc = runEntry('scripts/src/start.ts', {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `mysql://${base.user}${base.password ? `:${base.password}` : ''}@${base.host}:${base.port}/${database}`,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX: outbox,
    // A test file asks for many drawn pages at once (AVA runs its tests together), more than a production process
    // draws at once: each would otherwise get the app shell at random. test/api/drawn-page-limits.test.ts tests the limit.
    RENDER_LIMIT: '64',
    // The factories' cheaper scrypt cost, so their users are not rehashed at every test's sign-in (production
    // refuses a cost below the default: there the product's own applies).
    ...(env?.NODE_ENV === 'production' ? {} : { PASSWORD_COST: String(FACTORY_COST) }),
    // The tests' own push service (harness/src/push-endpoint.ts) listens on a loopback port chosen once the server
    // runs: any port of 127.0.0.1 may take subscriptions. Test-only, and refused in production.
    ...(env?.NODE_ENV === 'production' ? {} : { PUSH_ENDPOINT_HOSTS_FOR_TESTS: '127.0.0.1' }),
    ...env,
  });
  try {
    await waitForOutput(proc, 'is running on', 120_000);
  } catch (error) {
    proc.child.kill('SIGKILL');
    throw error;
  }
  const knex = createKnex(target, { pool: { min: 0, max: 4 } });
  bindModels(knex);
  return {
    url: `http://127.0.0.1:${port}`,
    outbox,
    knex,
    process: proc,
    async stop() {
      proc.child.kill('SIGTERM');
      await Promise.race([proc.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await knex.destroy();
      await dropDatabase(target);
      await rm(dir, { recursive: true, force: true });
      await deleteRedisPrefix(redisUrl, prefix);
    },
  };
}

/** Moves a running product's clock forward (test-only POST /test/clock). */
export async function advanceClock(product: RunningProduct, ms: number): Promise<void> {
  const res = await fetch(`${product.url}/test/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ advance_ms: String(ms) }),
  });
  if (res.status !== 200) throw new Error(`/test/clock answered ${res.status}: ${await res.text()}`);
}

/**
 * Signs `userId` in on `page` as the player app keeps a session: a new session row, and its pair and `lang` in the
 * page's local storage (the page first opens the product's home so the storage is the product's).
 */
export async function signInOnPage(page: Page, product: RunningProduct, userId: number, lang = 'en'): Promise<void> {
  const session = await createSession(product.knex, { user_id: userId, ip: null, user_agent: null });
  await page.goto(product.url);
  await page.evaluate(
    ({ id, token, lang }) => {
      localStorage.setItem('ecup.lang', lang);
      localStorage.setItem('ecup.id', String(id));
      localStorage.setItem('ecup.token', token);
    },
    { id: userId, token: session.result.token, lang },
  );
}
