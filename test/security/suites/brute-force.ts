/**
 * Security suite 5: brute force and enumeration (docs/decisions.md#api-contract). Per account at most
 * LOGIN_FAILURES_PER_ACCOUNT failed sign-ins per window (a success clears them; parallel guesses and other spellings
 * of the name count too), per address LOGIN_ATTEMPTS_PER_ADDRESS a minute, a rotating X-Forwarded-For resets
 * nothing (without TRUST_PROXY, from an untrusted peer, and through a trusted proxy that appends), forgot-password
 * mails an account at most FORGOT_PASSWORD_PER_ACCOUNT times an hour, an unknown user and a wrong password answer
 * alike and in the same time, reset links work once, for 60 minutes, until the password changes, and refused
 * sign-ups from one address stop at SIGNUP_REFUSALS_PER_ADDRESS (in parallel too, whatever X-Forwarded-For says).
 */
import { performance } from 'node:perf_hooks';
import {
  FORGOT_PASSWORD_PER_ACCOUNT,
  LOGIN_ATTEMPTS_PER_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT,
  MESSAGES,
  SIGNUP_REFUSALS_PER_ADDRESS,
  message,
} from '@ecup/domain';
import { HASHING_LIMITS, hashPassword, setHashingLimits } from '@ecup/security';
import { TEST_HASHING_LIMITS, startTestServer, type TestServer } from '../../helpers/server.ts';
import { buildUser, signupFields } from '../../helpers/factories.ts';
import { client, type Answer, type Credentials } from '../../helpers/http.ts';
import type { Suite } from '../suite.ts';

const WRONG = 'not the password 1';
/** Headers that differ between any two answers (a timestamp and the request's own id). */
const VOLATILE_HEADERS = new Set(['date', 'x-request-id']);

let addressCounter = 0;
/** A fresh documentation-range address for a proxied request (TEST-NET-2/3 and benchmarking ranges). */
function freshAddress(): string {
  const n = addressCounter++;
  return `198.19.${(n >> 8) & 255}.${n & 255}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function headerMap(answer: Answer): Record<string, string> {
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!VOLATILE_HEADERS.has(name.toLowerCase())) out[name.toLowerCase()] = value;
  });
  return out;
}

/** Differences between two answers (status, body, headers but the volatile ones); empty when identical. */
function differences(a: Answer, b: Answer): string[] {
  const out: string[] = [];
  if (a.status !== b.status) out.push(`status ${a.status} vs ${b.status}`);
  if (JSON.stringify(a.body) !== JSON.stringify(b.body)) {
    out.push(`body ${JSON.stringify(a.body)} vs ${JSON.stringify(b.body)}`);
  }
  const ha = headerMap(a);
  const hb = headerMap(b);
  for (const name of new Set([...Object.keys(ha), ...Object.keys(hb)])) {
    if (ha[name] !== hb[name]) out.push(`header ${name}: ${ha[name] ?? '(none)'} vs ${hb[name] ?? '(none)'}`);
  }
  return out;
}

/** A lower-case username with an 'a' in it (so accented spellings exist), unique per call. */
function usernameWithA(): string {
  return `a${Math.random().toString(36).slice(2, 12)}`.slice(0, 15);
}

/** Spellings MariaDB's utf8mb4_general_ci matches to `name` (case and accents) that differ as strings. */
function spellings(name: string): string[] {
  const accents = ['à', 'á', 'â', 'ä', 'å', 'ã', 'ā', 'À', 'Á', 'Â', 'Ä', 'Å'];
  return [name.toUpperCase(), ...accents.map((accent) => accent + name.slice(1))];
}

/**
 * A name longer than any account's: answered 'Wrong username or password.' before any hashing, yet counted by the
 * address's limit like every attempt, so the per-address checks cost no scrypt time.
 */
function longName(i: number): string {
  return `nobody_at_all_${i}`.padEnd(16, 'x');
}

interface Figures {
  [key: string]: number | string;
}

export const suite: Suite = {
  name: 'brute-force',
  description:
    'sign-in and reset limits per account and address, spoofed X-Forwarded-For, enumeration by answer and time',
  async run({ fast, log }) {
    const violations: string[] = [];
    const figures: Figures = {};
    let requests = 0;
    const timingTries = fast ? 30 : 200;
    // The attack meets the product's hashing line (32, refused beyond about 5 s), not a test process's longer one.
    await setHashingLimits(HASHING_LIMITS);

    const [direct, untrusted, proxied] = await Promise.all([
      startTestServer({ label: 'bfdirect' }),
      startTestServer({ label: 'bfuntrusted', env: { TRUST_PROXY: 'on', TRUSTED_PROXIES: '192.0.2.250' } }),
      // The enumeration timing compares a real account's check with the dummy's, both at this server's cost: 2^15
      // shows an unknown user answered without the hash far above the noise, at a quarter of the product's 2^17.
      startTestServer({ label: 'bfproxied', env: { TRUST_PROXY: 'on', PASSWORD_COST: '15' } }),
    ]);
    try {
      // The test client sits on loopback, which `proxied` trusts as its load balancer: each request claims the
      // address the balancer saw, so per-address limits stay out of the way unless a check pins one.
      const viaProxy = client(proxied.url);
      const asClient = (address = freshAddress()) => ({ headers: { 'X-Forwarded-For': address } });
      const login = async (
        server: TestServer,
        fields: Record<string, string>,
        headers: Record<string, string> = {},
      ) => {
        requests++;
        return client(server.url).post('/user/login', fields, { headers });
      };

      // --- Per account: only failures count, at most 5, in parallel too, under any spelling of the name.
      log('per-account limit');
      {
        const user = await buildUser(proxied.knex);
        const statuses: number[] = [];
        for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
          statuses.push(
            (await login(proxied, { username: user.username, password: WRONG }, asClient().headers)).status,
          );
        }
        const locked = await login(proxied, { username: user.username, password: user.password }, asClient().headers);
        requests++;
        if (statuses.some((s) => s !== 401)) violations.push(`the first 5 wrong passwords answered ${statuses}`);
        if (locked.status !== 429) {
          violations.push(
            `after ${LOGIN_FAILURES_PER_ACCOUNT} wrong passwords the right one answered ${locked.status}, not 429`,
          );
        } else if (
          !(Number(locked.headers.get('retry-after')) > 0) ||
          !/^Too many attempts/.test(String(locked.body.error))
        ) {
          violations.push(`the account's 429 lacks Retry-After or the message: ${JSON.stringify(locked.body)}`);
        }
        figures['account lock after failures'] = statuses.length;
      }
      {
        // Successes never count, and a success clears the failures before it.
        const user = await buildUser(proxied.knex);
        const seen: number[] = [];
        for (let i = 0; i < 8; i++) {
          seen.push(
            (await login(proxied, { username: user.username, password: user.password }, asClient().headers)).status,
          );
        }
        for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT - 1; i++) {
          seen.push((await login(proxied, { username: user.username, password: WRONG }, asClient().headers)).status);
        }
        seen.push(
          (await login(proxied, { username: user.username, password: user.password }, asClient().headers)).status,
        );
        for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
          seen.push((await login(proxied, { username: user.username, password: WRONG }, asClient().headers)).status);
        }
        const expected = [
          ...Array(8).fill(200),
          ...Array(LOGIN_FAILURES_PER_ACCOUNT - 1).fill(401),
          200,
          ...Array(LOGIN_FAILURES_PER_ACCOUNT).fill(401),
        ];
        if (JSON.stringify(seen) !== JSON.stringify(expected)) {
          violations.push(`successes must not count and must clear failures: got ${seen}, expected ${expected}`);
        }
      }
      {
        const parallel = fast ? 20 : 50;
        const user = await buildUser(proxied.knex);
        const answers = await Promise.all(
          Array.from({ length: parallel }, () =>
            login(proxied, { username: user.username, password: WRONG }, asClient().headers),
          ),
        );
        const evaluated = answers.filter((a) => a.status === 401).length;
        const other = answers.filter((a) => a.status !== 401 && a.status !== 429).map((a) => a.status);
        figures['parallel wrong passwords sent to one account'] = parallel;
        figures['parallel wrong passwords evaluated'] = evaluated;
        if (evaluated > LOGIN_FAILURES_PER_ACCOUNT) {
          violations.push(
            `${evaluated} of ${parallel} parallel wrong passwords were checked (limit ${LOGIN_FAILURES_PER_ACCOUNT})`,
          );
        }
        if (other.length > 0) violations.push(`parallel sign-ins answered ${other}`);
      }
      {
        const username = usernameWithA();
        const user = await buildUser(proxied.knex, { username });
        const variants = spellings(username);
        // Each spelling finds the account (so it is the same account to the database)...
        const found = await proxied.knex('users').whereIn('username', variants).count({ n: '*' }).first();
        let evaluated = 0;
        for (const variant of variants) {
          const res = await login(proxied, { username: variant, password: WRONG }, asClient().headers);
          if (res.status === 401) evaluated++;
        }
        figures['spellings of one username tried'] = variants.length;
        figures['spellings evaluated'] = evaluated;
        if (Number(found?.n) === 0) violations.push('the database no longer matches accented spellings; pick others');
        if (evaluated > LOGIN_FAILURES_PER_ACCOUNT) {
          violations.push(
            `${evaluated} wrong passwords under ${variants.length} spellings of ${user.username} were checked`,
          );
        }
      }

      // --- Per address: 20 a minute, and X-Forwarded-For changes nothing it should not.
      log('per-address limit and X-Forwarded-For');
      const perAddress = async (
        label: string,
        server: TestServer,
        headersFor: (i: number) => Record<string, string>,
      ) => {
        const attempts = LOGIN_ATTEMPTS_PER_ADDRESS + 10;
        let passed = 0;
        let retryAfter = 0;
        for (let i = 0; i < attempts; i++) {
          const res = await login(server, { username: longName(i), password: WRONG }, headersFor(i));
          if (res.status === 429) retryAfter = Math.max(retryAfter, Number(res.headers.get('retry-after')));
          else passed++;
        }
        figures[`${label}: attempts / let through`] = `${attempts} / ${passed}`;
        if (passed !== LOGIN_ATTEMPTS_PER_ADDRESS) {
          violations.push(
            `${label}: ${passed} of ${attempts} sign-ins from one address got through (limit ${LOGIN_ATTEMPTS_PER_ADDRESS})`,
          );
        }
        if (!(retryAfter > 0 && retryAfter <= 60))
          violations.push(`${label}: Retry-After ${retryAfter}, not within a minute`);
      };
      const rotating = (i: number) => ({ 'X-Forwarded-For': `203.0.113.${i % 250}` });
      await perAddress('no TRUST_PROXY, rotating X-Forwarded-For', direct, rotating);
      await perAddress('TRUST_PROXY from an untrusted peer, rotating X-Forwarded-For', untrusted, rotating);
      const pinned = freshAddress();
      await perAddress('trusted proxy appending to a rotating X-Forwarded-For', proxied, (i) => ({
        'X-Forwarded-For': `203.0.113.${i % 250}, 10.${i % 250}.0.1, ${pinned}`,
      }));
      {
        // The limit is the client's own: another client behind the same proxy still gets in.
        const other = await login(proxied, { username: 'nobody_else', password: WRONG }, asClient().headers);
        if (other.status !== 401) violations.push(`another client behind the proxy answered ${other.status}, not 401`);
        const parallel = LOGIN_ATTEMPTS_PER_ADDRESS * 2;
        const one = freshAddress();
        const answers = await Promise.all(
          Array.from({ length: parallel }, (_, i) =>
            login(proxied, { username: longName(i), password: WRONG }, { 'X-Forwarded-For': one }),
          ),
        );
        const passed = answers.filter((a) => a.status !== 429).length;
        figures['parallel sign-ins from one address / let through'] = `${parallel} / ${passed}`;
        if (passed > LOGIN_ATTEMPTS_PER_ADDRESS)
          violations.push(`${passed} of ${parallel} parallel sign-ins from one address got through`);
      }

      // --- Sign-up: refused attempts per address stop a script at their cap, in parallel and whatever the header
      // says, while the accounts a class creates do not count toward it.
      log('refused sign-ups per address');
      {
        const signup = async (server: TestServer, fields: Record<string, string>, headers: Record<string, string>) => {
          requests++;
          return client(server.url).post('/user/signup', fields, { headers });
        };
        const parallel = SIGNUP_REFUSALS_PER_ADDRESS + 100;
        const one = freshAddress();
        const answers = await Promise.all(
          Array.from({ length: parallel }, () =>
            signup(proxied, signupFields({ username: 'x' }), { 'X-Forwarded-For': one }),
          ),
        );
        const refused = answers.filter((a) => a.status === 400).length;
        const limited = answers.filter((a) => a.status === 429).length;
        figures['parallel refused sign-ups from one address / evaluated'] = `${parallel} / ${refused}`;
        if (refused > SIGNUP_REFUSALS_PER_ADDRESS || refused + limited !== parallel) {
          violations.push(
            `${refused} of ${parallel} parallel refused sign-ups from one address were evaluated (cap ${SIGNUP_REFUSALS_PER_ADDRESS}), ${limited} answered 429`,
          );
        }
        const valid = await signup(proxied, signupFields(), { 'X-Forwarded-For': one });
        if (valid.status !== 429) violations.push(`a sign-up after the refused cap answered ${valid.status}, not 429`);

        // Without TRUST_PROXY a script rotating X-Forwarded-For is still one address.
        let evaluated = 0;
        for (let i = 0; i < SIGNUP_REFUSALS_PER_ADDRESS + 20; i += 20) {
          const batch = await Promise.all(
            Array.from({ length: 20 }, (_, j) =>
              signup(direct, signupFields({ username: 'x' }), { 'X-Forwarded-For': `203.0.113.${(i + j) % 250}` }),
            ),
          );
          evaluated += batch.filter((a) => a.status === 400).length;
        }
        figures['refused sign-ups with a rotating X-Forwarded-For / evaluated'] =
          `${SIGNUP_REFUSALS_PER_ADDRESS + 20} / ${evaluated}`;
        if (evaluated > SIGNUP_REFUSALS_PER_ADDRESS) {
          violations.push(`a rotating X-Forwarded-For let ${evaluated} refused sign-ups through`);
        }
      }

      // --- Forgot-password: at most 3 e-mails an hour per account, whatever the spelling or the parallelism.
      log('forgot-password');
      {
        const mails = async (userId: number) =>
          Number(
            (await proxied.knex('emails').where({ user_id: userId, kind: 'password-reset' }).count({ n: '*' }).first())
              ?.n,
          );
        const username = usernameWithA();
        const user = await buildUser(proxied.knex, { username });
        const names = [username, ...spellings(username)];
        let sent = 0;
        for (const name of names) {
          sent++;
          requests++;
          await viaProxy.post('/user/forgot_password', { username: name, email: user.email }, asClient());
        }
        const other = await buildUser(proxied.knex);
        const parallel = fast ? 10 : 30;
        const answers = await Promise.all(
          Array.from({ length: parallel }, () =>
            viaProxy.post('/user/forgot_password', { username: other.username, email: other.email }, asClient()),
          ),
        );
        requests += parallel;
        const bad = answers.filter((a) => a.status !== 200 && a.status !== 429).map((a) => a.status);
        const [m1, m2] = [await mails(user.id), await mails(other.id)];
        figures['forgot-password requests (sequential, spellings / parallel)'] = `${sent} / ${parallel}`;
        figures['reset e-mails sent to one account (max)'] = Math.max(m1, m2);
        if (m1 > FORGOT_PASSWORD_PER_ACCOUNT)
          violations.push(`${m1} reset e-mails to one account from ${sent} spellings`);
        if (m2 > FORGOT_PASSWORD_PER_ACCOUNT)
          violations.push(`${m2} reset e-mails to one account from ${parallel} parallel requests`);
        if (bad.length > 0) violations.push(`parallel forgot-password answered ${bad}`);
        const known = await buildUser(proxied.knex);
        const a = await viaProxy.post(
          '/user/forgot_password',
          { username: known.username, email: known.email },
          asClient(),
        );
        const b = await viaProxy.post(
          '/user/forgot_password',
          { username: 'ghost_player9', email: 'ghost9@example.com' },
          asClient(),
        );
        requests += 2;
        for (const d of differences(a, b)) violations.push(`forgot-password, known vs unknown account: ${d}`);
      }

      // --- Enumeration: same answer, same time, for an unknown user as for a wrong password.
      log(`enumeration timing (${timingTries} tries each)`);
      {
        // Accounts hashed at the server's cost, as real accounts are (the factories use a cheaper one).
        const realHash = await hashPassword('the real password 1', proxied.config.passwordCost);
        const perUser = LOGIN_FAILURES_PER_ACCOUNT - 1;
        const warmUp = 5;
        const users = await Promise.all(
          Array.from({ length: Math.ceil((timingTries + warmUp) / perUser) }, () => buildUser(proxied.knex)),
        );
        await proxied
          .knex('users')
          .whereIn(
            'id',
            users.map((u) => u.id),
          )
          .update({ password_hash: realHash });
        const wrongTimes: number[] = [];
        const unknownTimes: number[] = [];
        let first: { wrong: Answer; unknown: Answer } | null = null;
        let mismatches = 0;
        const timed = async (fields: Record<string, string>) => {
          const started = performance.now();
          const res = await viaProxy.post('/user/login', fields, asClient());
          requests++;
          return { res, ms: performance.now() - started };
        };
        for (let i = 0; i < timingTries + warmUp; i++) {
          const user = users[Math.floor(i / perUser)]!;
          const wrongFields = { username: user.username, password: WRONG };
          const unknownFields = { username: `zz${usernameWithA()}`.slice(0, 15), password: WRONG };
          // Alternate the order so neither kind always follows the other.
          let wrong: Awaited<ReturnType<typeof timed>>;
          let unknown: Awaited<ReturnType<typeof timed>>;
          if (i % 2 === 0) {
            wrong = await timed(wrongFields);
            unknown = await timed(unknownFields);
          } else {
            unknown = await timed(unknownFields);
            wrong = await timed(wrongFields);
          }
          if (i < warmUp) continue;
          wrongTimes.push(wrong.ms);
          unknownTimes.push(unknown.ms);
          const diff = differences(wrong.res, unknown.res);
          if (diff.length > 0) {
            mismatches++;
            if (mismatches <= 3) violations.push(`unknown user vs wrong password: ${diff.join('; ')}`);
          }
          if (wrong.res.status !== 401) violations.push(`a wrong password answered ${wrong.res.status}`);
          first ??= { wrong: wrong.res, unknown: unknown.res };
        }
        const mw = median(wrongTimes);
        const mu = median(unknownTimes);
        figures['timing tries (wrong password / unknown user)'] = `${wrongTimes.length} / ${unknownTimes.length}`;
        figures['median wrong password ms'] = mw.toFixed(2);
        figures['median unknown user ms'] = mu.toFixed(2);
        figures['median difference ms'] = Math.abs(mw - mu).toFixed(2);
        // Each pair is timed back to back, so the median of the pairs' differences is not moved by load that comes
        // and goes during the run.
        const paired = Math.abs(median(wrongTimes.map((ms, index) => ms - unknownTimes[index]!)));
        figures['median paired difference ms'] = paired.toFixed(2);
        figures['answer mismatches'] = mismatches;
        // The full run holds the required 5 ms. The CI size runs beside other suites on two shared cores, where the
        // low-priority hashing thread's share of a core comes and goes by tens of milliseconds: it only catches the
        // real leak, an unknown user answered without the password-hash work, where the faster kind takes a small
        // part of the slower one's time (a difference of many times the faster median).
        const allowedMs = fast ? Math.max(5, 0.5 * Math.min(mw, mu)) : 5;
        if (Math.abs(mw - mu) > allowedMs && paired > allowedMs) {
          violations.push(
            `medians differ by ${Math.abs(mw - mu).toFixed(2)} ms, paired by ${paired.toFixed(2)} ms ` +
              `(wrong ${mw.toFixed(2)}, unknown ${mu.toFixed(2)}; allowed ${allowedMs.toFixed(2)})`,
          );
        }
        if (first && JSON.stringify(first.wrong.body) !== JSON.stringify(message('wrongCredentials'))) {
          violations.push(`a wrong password answered ${JSON.stringify(first.wrong.body)}`);
        }
        // The console's sign-in answers alike too.
        const staff = users[users.length - 1]!;
        const a = await viaProxy.postJson(
          '/admin/api/auth/login',
          { username: staff.username, password: WRONG },
          asClient(),
        );
        const b = await viaProxy.postJson(
          '/admin/api/auth/login',
          { username: 'zz_nobody_at_al', password: WRONG },
          asClient(),
        );
        requests += 2;
        for (const d of differences(a, b)) violations.push(`console sign-in, unknown user vs wrong password: ${d}`);
      }

      // --- Reset links: one success out of 20 parallel uses, 60 minutes, dead after use and password change.
      log('reset links');
      {
        const resetLink = async (user: { id: number; username: string; email: string }) => {
          const before = await proxied
            .knex('emails')
            .where({ user_id: user.id, kind: 'password-reset' })
            .max({ id: 'id' })
            .first();
          await viaProxy.post('/user/forgot_password', { username: user.username, email: user.email }, asClient());
          requests++;
          const row = await proxied
            .knex('emails')
            .where({ user_id: user.id, kind: 'password-reset' })
            .where('id', '>', Number(before?.id ?? 0))
            .first('text_body');
          const match = /\/resetpassword\/(\d+)\/(\d+)\/([^\s"<>]+)/.exec(String(row?.text_body ?? ''));
          if (!match) throw new Error(`no reset link mailed to ${user.username}`);
          return { id: match[1]!, uid: match[2]!, token: match[3]! };
        };
        const use = async (link: { id: string; uid: string; token: string }, password = 'a brand new one 1') => {
          requests++;
          return viaProxy.post('/user/reset_password', { ...link, password }, asClient());
        };
        const invalid = (res: Answer, what: string) => {
          if (res.status !== 400 || (res.body as { error?: string }).error !== MESSAGES.resetLinkInvalid) {
            violations.push(
              `${what}: answered ${res.status} ${JSON.stringify(res.body)}, not 400 '${MESSAGES.resetLinkInvalid}'`,
            );
          }
        };

        const racer = await buildUser(proxied.knex);
        const link = await resetLink(racer);
        const results = await Promise.all(Array.from({ length: 20 }, (_, i) => use(link, `parallel password ${i}`)));
        const successes = results.filter((r) => r.status === 200).length;
        figures['parallel uses of one reset link / successes'] = `20 / ${successes}`;
        if (successes !== 1) violations.push(`${successes} of 20 parallel uses of one reset link succeeded`);
        // A use refused because the password-hashing line is full changes nothing either (docs/api.md).
        const busy = (r: Answer) =>
          r.status === 503 &&
          (r.body as { error?: string }).error === MESSAGES.hashingBusy &&
          r.headers.has('Retry-After');
        for (const r of results.filter((r) => r.status !== 200 && !busy(r))) invalid(r, 'a losing parallel use');
        invalid(await use(link), 'a used reset link');

        const late = await buildUser(proxied.knex);
        const lateLink = await resetLink(late);
        const onTime = await buildUser(proxied.knex);
        const onTimeLink = await resetLink(onTime);
        try {
          proxied.clock.advance(59 * 60_000);
          const ok = await use(onTimeLink);
          if (ok.status !== 200)
            violations.push(`a reset link 59 minutes old answered ${ok.status} ${JSON.stringify(ok.body)}`);
          proxied.clock.advance(2 * 60_000);
          invalid(await use(lateLink), 'a reset link 61 minutes old');
        } finally {
          proxied.clock.set(new Date());
        }

        const changer = await buildUser(proxied.knex);
        const changerLink = await resetLink(changer);
        const session = await viaProxy.post<Credentials>(
          '/user/login',
          { username: changer.username, password: changer.password },
          asClient(),
        );
        const changed = await viaProxy.post(
          '/user/password/change',
          {
            current_password: changer.password,
            new_password: 'changed password 1',
            repeat_password: 'changed password 1',
          },
          { auth: session.body, ...asClient() },
        );
        requests += 2;
        if (changed.status !== 200)
          violations.push(`password change answered ${changed.status} ${JSON.stringify(changed.body)}`);
        invalid(await use(changerLink), 'a reset link mailed before a password change');

        const twice = await buildUser(proxied.knex);
        const [first, second] = [await resetLink(twice), await resetLink(twice)];
        if ((await use(first)).status !== 200) violations.push('the first of two reset links did not work');
        invalid(await use(second), 'a second reset link after the first was used');
      }

      figures['requests sent'] = requests;
    } finally {
      await Promise.all([direct.close(), untrusted.close(), proxied.close()]);
      await setHashingLimits(TEST_HASHING_LIMITS);
    }
    return { figures, violations };
  },
};
