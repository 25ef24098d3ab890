import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { QUEUE_NAMES, emailJobId } from '@ecup/domain';
import { client, type Credentials } from '../../helpers/http.ts';
import type { RunningProcess } from '../../helpers/process.ts';
import { signedInUser } from '../../helpers/sockets.ts';
import type { Suite, SuiteOptions, SuiteReport } from '../../security/suite.ts';
import { startSmtpSink } from '../smtp-sink.ts';
import { createFaultStack, seeded, sleep, waitFor } from '../stack.ts';

/** The required bound: a process told to stop with SIGTERM is gone within this. */
const EXIT_LIMIT_MS = 10_000;
/** How long the mail relay takes to accept one message: e-mail jobs are mid-send when the worker is stopped. */
const SMTP_DELAY_MS = 2_500;
/** The worker's e-mail concurrency (worker/src/server.ts): this many send-email jobs run at once. */
const EMAIL_CONCURRENCY = 4;
/** Bytes of a held-back request body sent only once the API has stopped accepting connections. */
const HELD_BYTES = 16;

const MARKER_WORDS = ['goal', 'pass', 'save', 'cross', 'tackle', 'corner', 'header', 'volley'];

type Kind = 'upload' | 'reply' | 'thread' | 'reset' | 'ranking';

/** The 50 requests of one round: which call, how many, and how many of them still send their body at SIGTERM. */
const REQUEST_MIX: { kind: Kind; count: number; held: number }[] = [
  { kind: 'upload', count: 10, held: 5 },
  { kind: 'reply', count: 15, held: 8 },
  { kind: 'thread', count: 5, held: 3 },
  { kind: 'reset', count: 8, held: 4 },
  { kind: 'ranking', count: 12, held: 0 },
];
/** The jobs in flight on the worker at SIGTERM: password-reset e-mails, queued the way the API queues them. */
const JOBS_PER_ROUND = 20;

interface Player {
  id: number;
  username: string;
  email: string;
  auth: Credentials;
}

interface Answer {
  status: number | null;
  body: string;
  /** The answer's Connection header: 'close' tells the client not to reuse a connection that is going away. */
  connection: string | undefined;
  error: string | null;
  at: number;
}

interface InFlight {
  kind: Kind;
  player: Player | null;
  held: boolean;
  /** The server has read the request's head and started on it (it answered `100 Continue`). */
  started: Promise<void>;
  /** Sends the held-back end of the body. */
  release(): void;
  answer: Promise<Answer>;
  /** What the request wrote, to find it in the database. */
  marker: string;
}

/**
 * One request on a keep-alive connection with `Expect: 100-continue`: the server answers `100 Continue` once it has
 * read the request's head and handed it to the app, so the suite knows the request is in flight before it sends
 * SIGTERM. A held request keeps back the last bytes of its body until `release()` (a client still uploading).
 */
function inFlight(
  agent: http.Agent,
  port: number,
  spec: {
    kind: Kind;
    player: Player | null;
    method: 'GET' | 'POST';
    path: string;
    headers: Record<string, string>;
    body: Buffer | null;
    held: boolean;
    marker: string;
  },
): InFlight {
  const { body, held } = spec;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: spec.method,
    path: spec.path,
    agent,
    headers: {
      ...spec.headers,
      Expect: '100-continue',
      ...(body ? { 'Content-Length': String(body.length) } : {}),
    },
  });
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  request.on('continue', () => {
    if (body && held) request.write(body.subarray(0, body.length - HELD_BYTES));
    else request.end(body ?? undefined);
    started();
  });
  const answer = new Promise<Answer>((resolve) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
          connection: response.headers.connection,
          error: null,
          at: Date.now(),
        }),
      );
      response.on('error', (error) =>
        resolve({
          status: response.statusCode ?? null,
          body: '',
          connection: undefined,
          error: error.message,
          at: Date.now(),
        }),
      );
    });
    request.on('error', (error) =>
      resolve({ status: null, body: '', connection: undefined, error: error.message, at: Date.now() }),
    );
  });
  // A request that failed before its head was read never starts: let the suite see its error instead of waiting.
  void answer.then(() => started());
  request.flushHeaders();
  return {
    kind: spec.kind,
    player: spec.player,
    held,
    started: startedPromise,
    release: () => {
      if (body && held) request.end(body.subarray(body.length - HELD_BYTES));
    },
    answer,
    marker: spec.marker,
  };
}

/** A request body as the player app sends it: JSON, or multipart built by the platform's FormData. */
async function multipart(fields: Record<string, string>, file: { name: string; data: Buffer; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('photo', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

/** When a process logged that it began to stop (db stopOnSignals: "SIGTERM: finishing …"), or null. */
function stopLineTime(proc: RunningProcess): number | null {
  const line = proc
    .output()
    .split('\n')
    .find((l) => l.includes('SIGTERM: finishing'));
  if (!line) return null;
  try {
    return Date.parse((JSON.parse(line) as { time: string }).time);
  } catch {
    return null;
  }
}

/** `promise`, or an error naming `what` after `ms` (the timer does not outlive it). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A process's exit code, or 'hung' when it is still running 30 s on (the stack's close kills it). */
async function exitCode(proc: RunningProcess): Promise<number | null | 'hung'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), 30_000)));
  try {
    return await Promise.race([proc.exited, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once nothing accepts connections on `port` any more (the process stopped listening, or is gone). */
async function stoppedAccepting(port: number, limitMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return Date.now();
    await sleep(10);
  }
  return null;
}

/**
 * Fault suite 6 (docs/conventions.md#shutdown): an API process and a worker process are stopped with SIGTERM while 50
 * requests are in flight on the API (avatar uploads re-encoded by sharp, forum replies and new threads, password
 * resets that queue e-mail jobs, ranking pages; some still sending their body, on keep-alive connections) and 20
 * password-reset e-mail jobs are in flight on the worker (four of them mid-send to a slow mail relay). Checked: every
 * request gets its real answer and its write is in the database, none is reset; both processes exit with code 0
 * within 10 s; no job is left active by the stopped worker, and a worker started afterwards sends every e-mail once
 * with no job stalled or failed.
 */
async function run({ fast, log }: SuiteOptions): Promise<SuiteReport> {
  const rounds = fast ? 1 : 3;
  const random = seeded(Number(process.env.FAULT_SEED ?? 20261121));
  const violations: string[] = [];
  const sink = await startSmtpSink(SMTP_DELAY_MS);
  // LOG_LEVEL info: the processes log when they begin to stop ("SIGTERM: finishing …"), with the time.
  const stack = await createFaultStack('faultstop', { SMTP_URL: sink.url, LOG_LEVEL: 'info' });
  const knex: Knex = stack.db.knex;
  const bull = { connection: stack.redis(), prefix: `${stack.prefix}bull` };
  const emailQueue = new Queue(QUEUE_NAMES.email, bull);
  const playQueue = new Queue(QUEUE_NAMES.play, bull);
  const events = new QueueEvents(QUEUE_NAMES.email, { ...bull, connection: stack.redis() });
  const playEvents = new QueueEvents(QUEUE_NAMES.play, { ...bull, connection: stack.redis() });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const stalled: string[] = [];
  const failed: string[] = [];
  const figures: Record<string, number | string> = {};
  const exitTimes = { api: [] as number[], worker: [] as number[], idleWorker: [] as number[] };
  const answers: { kind: Kind; held: boolean; answer: Answer; sigterm: number; apiStop: number }[] = [];
  try {
    await Promise.all([events.waitUntilReady(), playEvents.waitUntilReady()]);
    events.on('stalled', ({ jobId }) => stalled.push(jobId));
    events.on('failed', ({ jobId, failedReason }) => failed.push(`${jobId}: ${failedReason}`));
    // The play loop's tick runs every second: one is often in flight when the worker is stopped.
    playEvents.on('stalled', ({ jobId }) => stalled.push(`play/${jobId}`));
    playEvents.on('failed', ({ jobId, failedReason }) => failed.push(`play/${jobId}: ${failedReason}`));

    const people = async (n: number) => {
      const made: Player[] = [];
      for (let i = 0; i < n; i++) {
        const { user, auth } = await signedInUser(knex, { elo: 900 + Math.floor(random() * 300), games_played: 3 });
        made.push({ id: user.id, username: user.username, email: user.email, auth });
      }
      return made;
    };
    const count = (kind: Kind) => REQUEST_MIX.find((m) => m.kind === kind)!.count;
    // Each account writes or asks once per round: well inside the per-account limits over three rounds.
    const writers = await people(count('reply') + count('thread') + count('upload'));
    const resetters = await people(JOBS_PER_ROUND + count('reset'));
    const [host] = await people(1);
    const photos = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        const width = 1400 + i * 100;
        const height = 1000;
        const noise = Buffer.alloc(width * height * 3);
        for (let k = 0; k < noise.length; k++) noise[k] = Math.floor(random() * 256);
        return sharp(noise, { raw: { width, height, channels: 3 } })
          .jpeg({ quality: 92 })
          .toBuffer();
      }),
    );
    log(`${writers.length + resetters.length + 1} players; photos of ${photos.map((p) => p.length).join(', ')} bytes`);

    for (let round = 1; round <= rounds; round++) {
      const api = await stack.startApi();
      const port = Number(new URL(api.url).port);
      const worker = stack.startWorker();
      await waitFor('worker registered', async () => (await emailQueue.getWorkersCount()) >= 1, 60_000);
      const api_ = client(api.url, { spreadAddresses: true });
      const thread = await api_.postJson<{ id: number }>(
        '/forums/new_thread',
        { category_id: 1, title: `Stopping round ${round}`, message: 'Replies written while the API stops.' },
        { auth: host!.auth },
      );
      if (thread.status !== 200) throw new Error(`new_thread answered ${thread.status} ${JSON.stringify(thread.body)}`);

      // 20 jobs in flight on the worker: password resets, queued by the API; wait until four are mid-send.
      sink.setDelay(SMTP_DELAY_MS);
      const roundResetters = resetters.slice(0, JOBS_PER_ROUND);
      const lastEmail = Number((await knex('emails').max({ id: 'id' }))[0]?.id ?? 0);
      for (const p of roundResetters) {
        const asked = await api_.postJson('/user/forgot_password', { username: p.username, email: p.email });
        if (asked.status !== 200) throw new Error(`forgot_password answered ${asked.status}`);
      }
      const jobEmails = (await knex('emails')
        .whereIn(
          'to_address',
          roundResetters.map((p) => p.email),
        )
        .where('id', '>', lastEmail)
        .pluck('id')) as number[];
      if (jobEmails.length !== JOBS_PER_ROUND)
        throw new Error(`${jobEmails.length} e-mails queued, not ${JOBS_PER_ROUND}`);
      await waitFor(
        'four e-mails mid-send at the mail relay',
        async () => sink.receiving() >= EMAIL_CONCURRENCY,
        30_000,
      );
      // Stop just after a send has begun, so at least one job has most of the relay's delay still to run.
      await within(sink.nextData(), 30_000, 'the next e-mail at the mail relay');

      // 50 requests in flight on the API.
      const flights: InFlight[] = [];
      let w = 0;
      let r = JOBS_PER_ROUND;
      for (const { kind, count: n, held } of REQUEST_MIX) {
        for (let i = 0; i < n; i++) {
          const hold = i < held;
          const address = { 'X-Forwarded-For': `198.19.${round}.${flights.length + 1}` };
          // Football words, which the forum's safety filter leaves as typed (a long random number reads as a phone).
          const marker = `round ${round} ${kind} ${i} ${MARKER_WORDS[Math.floor(random() * MARKER_WORDS.length)]}`;
          const json = (player: Player, path: string, payload: Record<string, unknown>) =>
            inFlight(agent, port, {
              kind,
              player,
              method: 'POST',
              path,
              headers: {
                'Content-Type': 'application/json',
                Authorization: `Bearer ${player.auth.id}:${player.auth.token}`,
                ...address,
              },
              body: Buffer.from(JSON.stringify(payload)),
              held: hold,
              marker,
            });
          if (kind === 'upload') {
            const player = writers[w++]!;
            const { body, type } = await multipart(
              {},
              { name: 'me.jpg', data: photos[i % photos.length]!, type: 'image/jpeg' },
            );
            flights.push(
              inFlight(agent, port, {
                kind,
                player,
                method: 'POST',
                path: '/user/profile_picture/set',
                headers: {
                  'Content-Type': type,
                  Authorization: `Bearer ${player.auth.id}:${player.auth.token}`,
                  ...address,
                },
                body,
                held: hold,
                marker,
              }),
            );
          } else if (kind === 'reply') {
            flights.push(json(writers[w++]!, '/forums/new_post', { thread_id: thread.body.id, message: marker }));
          } else if (kind === 'thread') {
            flights.push(json(writers[w++]!, '/forums/new_thread', { category_id: 1, title: marker, message: marker }));
          } else if (kind === 'reset') {
            const player = resetters[r++]!;
            flights.push(
              inFlight(agent, port, {
                kind,
                player,
                method: 'POST',
                path: '/user/forgot_password',
                headers: { 'Content-Type': 'application/json', ...address },
                body: Buffer.from(JSON.stringify({ username: player.username, email: player.email })),
                held: hold,
                marker,
              }),
            );
          } else {
            flights.push(
              inFlight(agent, port, {
                kind,
                player: null,
                method: 'GET',
                path: `/ranking/list?sorting=${i % 2}&amount=250&search=${encodeURIComponent(String.fromCharCode(97 + i))}`,
                headers: address,
                body: null,
                held: false,
                marker,
              }),
            );
          }
        }
      }
      await within(Promise.all(flights.map((f) => f.started)), 60_000, 'every request begun by the API');

      // SIGTERM both at once; the held bodies follow once the API has stopped accepting connections.
      const activeAtStop = await emailQueue.getActiveCount();
      const sendingAtStop = sink.receiving();
      const sigterm = Date.now();
      api.proc.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
      const closedAt = await stoppedAccepting(port, EXIT_LIMIT_MS);
      for (const f of flights) f.release();
      const exited = async (proc: RunningProcess) => {
        const code = await exitCode(proc);
        return { code, ms: Date.now() - sigterm };
      };
      const [apiExit, workerExit] = await Promise.all([exited(api.proc), exited(worker)]);
      const results = await Promise.all(flights.map((f) => f.answer));
      exitTimes.api.push(apiExit.ms);
      exitTimes.worker.push(workerExit.ms);
      log(
        `round ${round}: ${flights.length} requests in flight (${flights.filter((f) => f.held).length} still sending), ` +
          `${activeAtStop} e-mail jobs active; API stopped accepting after ${closedAt === null ? '∞' : closedAt - sigterm} ms, ` +
          `exited ${apiExit.code} after ${apiExit.ms} ms; worker exited ${workerExit.code} after ${workerExit.ms} ms`,
      );
      for (const [what, exit] of [
        ['API', apiExit],
        ['worker', workerExit],
      ] as const) {
        if (exit.code !== 0) {
          const output = (what === 'API' ? api.proc : worker).output().trim().split('\n').slice(-5).join(' | ');
          violations.push(`round ${round}: the ${what} exited with ${exit.code} after SIGTERM: ${output}`);
        }
        if (exit.ms > EXIT_LIMIT_MS) violations.push(`round ${round}: the ${what} took ${exit.ms} ms to exit`);
      }
      if (closedAt === null) violations.push(`round ${round}: the API kept accepting connections after SIGTERM`);

      // Every request: its real answer, and its write in the database.
      for (const [i, f] of flights.entries()) {
        const a = results[i]!;
        answers.push({ kind: f.kind, held: f.held, answer: a, sigterm, apiStop: stopLineTime(api.proc) ?? sigterm });
        const label = `round ${round}: ${f.kind}${f.held ? ' (body sent after SIGTERM)' : ''} of player ${f.player?.id ?? '-'}`;
        if (a.error !== null || a.status !== 200) {
          violations.push(`${label}: ${a.error ?? `answered ${a.status} ${a.body.slice(0, 200)}`}`);
          continue;
        }
        const body = JSON.parse(a.body) as Record<string, unknown>;
        const p = f.player;
        if (f.kind === 'upload') {
          const stored = await knex('users').where('id', p!.id).first('avatar_hash');
          if (!body.avatar_hash || stored?.avatar_hash !== body.avatar_hash)
            violations.push(`${label}: answered ${a.body}, stored avatar ${stored?.avatar_hash}`);
        } else if (f.kind === 'reply') {
          const post = (body.post ?? {}) as { id?: number };
          const row = await knex('forum_posts')
            .where({ id: post.id ?? 0, user_id: p!.id })
            .first('message');
          if (row?.message !== f.marker) violations.push(`${label}: answered ${a.body.slice(0, 200)}, not stored`);
        } else if (f.kind === 'thread') {
          const row = await knex('forum_threads')
            .where({ id: Number(body.id ?? 0), user_id: p!.id })
            .first('title');
          if (row?.title !== f.marker) violations.push(`${label}: answered ${a.body.slice(0, 200)}, not stored`);
        } else if (f.kind === 'reset') {
          const rows = await knex('emails').where('to_address', p!.email).count({ n: '*' });
          if (Number(rows[0]!.n) !== round)
            violations.push(`${label}: ${rows[0]!.n} e-mails stored after ${round} rounds`);
        } else if (!Array.isArray(body.rankings)) {
          violations.push(`${label}: answered ${a.body.slice(0, 200)}`);
        }
      }

      // The stopped worker left no job active: each one it held finished before it exited.
      const leftActive = [
        ...(await emailQueue.getActive()).map((j: Job) => j.id),
        ...(await playQueue.getActive()).map((j: Job) => `play/${j.id}`),
      ];
      if (leftActive.length > 0)
        violations.push(`round ${round}: jobs left active by the stopped worker: ${leftActive.join(', ')}`);
      // …and took no job once it had begun to stop.
      const stopBegan = stopLineTime(worker);
      if (stopBegan === null) violations.push(`round ${round}: the worker never logged that it was stopping`);
      const byStopped = (await Promise.all(jobEmails.map((id) => emailQueue.getJob(emailJobId(id))))).filter(
        (job) => job?.processedBy === `${os.hostname()}/${worker.child.pid}`,
      );
      const doneDuringStop = byStopped.filter((job) => (job!.finishedOn ?? 0) > sigterm).length;
      const lateStarts = byStopped.filter((job) => stopBegan !== null && (job!.processedOn ?? 0) > stopBegan);
      for (const job of lateStarts)
        violations.push(
          `round ${round}: the stopping worker started job ${job!.id} ${job!.processedOn! - stopBegan!} ms after it began to stop`,
        );

      // A worker started afterwards sends every e-mail of the round (the 20 and those the in-flight resets asked
      // for) once, and stops as quickly when idle.
      sink.setDelay(20);
      const restarted = stack.startWorker();
      const roundEmails = (await knex('emails')
        .whereIn(
          'to_address',
          resetters.map((p) => p.email),
        )
        .pluck('id')) as number[];
      const drained = await waitFor(
        `round ${round}: every e-mail sent by the restarted worker`,
        async () =>
          Number((await knex('emails').whereIn('id', roundEmails).whereNull('sent_at').count({ n: '*' }))[0]!.n) === 0,
        60_000,
      ).catch(() => false);
      if (!drained) violations.push(`round ${round}: e-mails left unsent after a worker restarted`);
      const idleStop = Date.now();
      restarted.child.kill('SIGTERM');
      const idleCode = await exitCode(restarted);
      exitTimes.idleWorker.push(Date.now() - idleStop);
      if (idleCode !== 0) violations.push(`round ${round}: the restarted worker exited with ${idleCode} after SIGTERM`);
      figures[`round ${round}`] =
        `${results.filter((a) => a.at > sigterm).length} of ${flights.length} requests answered after SIGTERM; ` +
        `${activeAtStop} e-mail jobs active (${sendingAtStop} mid-send) and ${jobEmails.length - activeAtStop} waiting at SIGTERM, ` +
        `${doneDuringStop} finished by the stopping worker, the rest by the next`;
    }

    // Every e-mail: one row sent once, one message at the relay, one attempt, no job stalled or failed.
    const emails = (await knex('emails').select('id', 'sent_at', 'attempts')) as {
      id: number;
      sent_at: Date | null;
      attempts: number;
    }[];
    const perMessage = new Map<string, number>();
    for (const m of sink.messages) perMessage.set(m.messageId, (perMessage.get(m.messageId) ?? 0) + 1);
    for (const e of emails) {
      const n = [...perMessage.entries()]
        .filter(([id]) => id.startsWith(`<ecup-email-${e.id}@`))
        .reduce((s, [, c]) => s + c, 0);
      if (n !== 1) violations.push(`e-mail ${e.id}: ${n} messages at the mail relay`);
      if (e.attempts !== 1) violations.push(`e-mail ${e.id}: ${e.attempts} send attempts`);
    }
    const jobs = await Promise.all(emails.map((e) => emailQueue.getJob(emailJobId(e.id))));
    const stalledJobs = jobs.filter((j) => (j?.stalledCounter ?? 0) > 0).map((j) => j!.id);
    if (stalled.length > 0) violations.push(`stalled jobs: ${stalled.join(', ')}`);
    if (stalledJobs.length > 0) violations.push(`jobs with a stalled count: ${stalledJobs.join(', ')}`);
    if (failed.length > 0) violations.push(`failed jobs: ${failed.join('; ')}`);

    const afterStop = answers.filter((a) => a.answer.at > a.sigterm);
    const afterApiStop = answers.filter((a) => a.answer.at > a.apiStop);
    const keptOpen = afterApiStop.filter((a) => a.answer.connection !== 'close');
    const byKind = (kind: Kind) => answers.filter((a) => a.kind === kind && a.answer.status === 200).length;
    Object.assign(figures, {
      rounds,
      'requests the API had begun (100 Continue) before SIGTERM': answers.length,
      'of which still sending their body at SIGTERM': answers.filter((a) => a.held).length,
      'requests answered 200': `${answers.filter((a) => a.answer.status === 200).length} of ${answers.length}`,
      'answered after SIGTERM (in flight when it came)': afterStop.length,
      'answered after the API began to stop / of those with Connection: close': `${afterApiStop.length} / ${
        afterApiStop.filter((a) => a.answer.connection === 'close').length
      }${keptOpen.length ? ` (kept alive: ${keptOpen.map((a) => `${a.kind} ${a.answer.at - a.apiStop} ms after`).join(', ')})` : ''}`,
      'failed requests (reset, error or not 200)': answers.filter(
        (a) => a.answer.error !== null || a.answer.status !== 200,
      ).length,
      'by kind (200)': REQUEST_MIX.map((m) => `${m.kind} ${byKind(m.kind)}/${m.count * rounds}`).join(', '),
      'API exit ms after SIGTERM': exitTimes.api.join(', '),
      'worker exit ms after SIGTERM (finishing its active e-mail jobs)': exitTimes.worker.join(', '),
      'idle worker exit ms': exitTimes.idleWorker.join(', '),
      'e-mails sent': `${emails.filter((e) => e.sent_at !== null).length} of ${emails.length}`,
      'messages at the mail relay': sink.messages.length,
      'stalled jobs': stalled.length + stalledJobs.length,
      'failed jobs': failed.length,
    });
    return { figures, violations };
  } finally {
    agent.destroy();
    await events.close();
    await playEvents.close();
    await emailQueue.close();
    await playQueue.close();
    await stack.close();
    await sink.close();
  }
}

export const suite: Suite = {
  name: 'graceful-shutdown',
  description:
    'SIGTERM to an API with 50 requests in flight and a worker with 20 e-mail jobs in flight: every answer real, no stalled job, both gone within 10 s',
  run,
};
