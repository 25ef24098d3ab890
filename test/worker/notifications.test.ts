import test from 'ava';
import type { Knex } from 'knex';
import {
  ALL_PERMISSIONS,
  weekStart,
  type NotificationChannel,
  type NotificationKind,
  type PushPayload,
} from '@ecup/domain';
import {
  confirmGuardian,
  createPost,
  createThread,
  endpointHash,
  executeCommand,
  resolveConflict,
  submitResult,
  warnExpiringTrophies,
  type AfterCommit,
  type CommandOutcome,
} from '@ecup/db';
import { hashToken } from '@ecup/security';
import { openWindow } from '@ecup/worker';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { pushesReceived, startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { waitForMail } from '../helpers/outbox.ts';
import { waitFor } from '../helpers/poll.ts';

// Every kind end to end: the command (or sweep, or calendar job) commits, its `notify` event queues the worker's
// notification job, the worker signs and encrypts a Web Push message to a local push service that checks the VAPID
// signature and decrypts the payload with the subscription's own keys, and writes the e-mail to the outbox.

let server: TestServer;
let push: PushEndpoint;
let after: AfterCommit;
test.before(async () => {
  server = await startTestServer({ label: 'notify', worker: true });
  push = await startPushEndpoint(server.config.vapid.publicKey);
  after = {
    log: { warn: () => undefined, error: () => undefined },
    sendEmails: (ids) => server.deps.jobs.sendEmails(ids),
    notify: (list) => server.deps.jobs.notify(list),
  };
});
test.after.always(async () => {
  await server?.close();
  await push?.close();
});

const run = <T>(command: (trx: Knex.Transaction) => Promise<CommandOutcome<T>>) =>
  executeCommand(server.knex, command, after);

/** A player who chose `kinds` on `channels`, with one browser subscribed at the test push service in `lang`. */
async function player(
  kinds: NotificationKind[],
  options: { lang?: 'en' | 'sv'; channels?: NotificationChannel[]; birth_date?: Date } = {},
) {
  const user = await buildUser(server.knex, options.birth_date ? { birth_date: options.birth_date } : {});
  const channels = options.channels ?? ['push'];
  const rows = channels.flatMap((channel) => kinds.map((kind) => ({ user_id: user.id, channel, kind, enabled: true })));
  if (rows.length > 0) await server.knex('notification_choices').insert(rows);
  const subscription = push.subscribe(options.lang ?? 'en');
  await server.knex('push_subscriptions').insert({
    user_id: user.id,
    endpoint: subscription.endpoint,
    endpoint_hash: endpointHash(subscription.endpoint),
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    lang: subscription.lang,
  });
  return { user, endpoint: subscription.endpoint };
}

/** Waits for the messages of one endpoint. */
const pushesTo = (endpoint: string, count = 1, timeoutMs = 15_000): Promise<PushPayload[]> =>
  pushesReceived(push, endpoint, count, timeoutMs);

/** Lets the worker run the jobs queued so far (a notification that is not coming must have had its chance). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

test('result_submitted reaches the opponent in English and Swedish, urgent and with a 15-minute TTL; not the submitter', async (t) => {
  const a = await player(['result_submitted']);
  const b = await player(['result_submitted'], { lang: 'sv' });
  const created_at = new Date(Date.now() - 13 * 60 * 1000);
  const id = await buildGame(server.knex, { user_1_id: a.user.id, user_2_id: b.user.id, created_at });
  await run((trx) =>
    submitResult(trx, {
      game_id: id,
      actor: { id: a.user.id, permissions: 0 },
      score_1: 2,
      score_2: 1,
      now: new Date(),
    }),
  );
  const [payload] = await pushesTo(b.endpoint);
  t.deepEqual(payload, {
    kind: 'result_submitted',
    title: 'Bekräfta resultatet',
    body: 'Din motståndare har rapporterat ett resultat. Bekräfta det inom 15 minuter.',
    url: `/game/${id}`,
    tag: `game-${id}`,
  });
  const received = push.received.find((r) => r.payload === payload)!;
  t.is(received.urgency, 'high');
  t.is(received.ttl, 15 * 60);
  await settle();
  t.deepEqual(push.receivedBy(a.endpoint), [], 'the submitter is not told');
  const row = await server.knex('push_subscriptions').where('endpoint_hash', endpointHash(b.endpoint)).first();
  t.truthy(row!.last_success_at);

  const c = await player(['result_submitted']);
  const d = await player(['result_submitted']);
  const other = await buildGame(server.knex, { user_1_id: c.user.id, user_2_id: d.user.id, created_at });
  await run((trx) =>
    submitResult(trx, {
      game_id: other,
      actor: { id: d.user.id, permissions: 0 },
      score_1: 0,
      score_2: 0,
      now: new Date(),
    }),
  );
  t.like((await pushesTo(c.endpoint))[0], {
    title: 'Verify the result',
    body: 'Your opponent submitted a result. Verify it within 15 minutes.',
    url: `/game/${other}`,
  });
});

test('conflict_solved reaches both players', async (t) => {
  const a = await player(['conflict_solved']);
  const b = await player(['conflict_solved'], { lang: 'sv' });
  const moderator = await buildUser(server.knex, { permissions: ALL_PERMISSIONS });
  const id = await buildGame(server.knex, {
    user_1_id: a.user.id,
    user_2_id: b.user.id,
    created_at: new Date(Date.now() - 40 * 60 * 1000),
    state: 'conflict',
    conflict: true,
    score_1: 3,
    score_2: 0,
    submitted_user_id: a.user.id,
    submitted_at: new Date(Date.now() - 20 * 60 * 1000),
  });
  await run((trx) =>
    resolveConflict(trx, {
      actor: { id: moderator.id, permissions: ALL_PERMISSIONS },
      game_id: id,
      score_1: 1,
      score_2: 1,
      ip: null,
      now: new Date(),
    }),
  );
  t.like((await pushesTo(a.endpoint))[0], {
    kind: 'conflict_solved',
    title: 'Conflict solved',
    body: 'A moderator solved the conflict of your game.',
    url: `/game/${id}`,
  });
  t.like((await pushesTo(b.endpoint))[0], { title: 'Konflikten är löst', url: `/game/${id}` });
});

test('forum_reply reaches the thread starter, not when they reply themselves', async (t) => {
  const starter = await player(['forum_reply']);
  const replier = await buildUser(server.knex);
  const category = await server.knex('forum_categories').orderBy('id').first('id', 'slug');
  const thread = await run((trx) =>
    createThread(trx, {
      user_id: starter.user.id,
      category_id: category!.id,
      title: 'Best formation?',
      message: 'What do you play?',
      now: new Date(),
    }),
  );
  await run((trx) =>
    createPost(trx, { user_id: starter.user.id, thread_id: thread.id, message: 'Me first.', now: new Date() }),
  );
  await settle();
  t.deepEqual(push.receivedBy(starter.endpoint), [], 'no notice of their own reply');
  await run((trx) =>
    createPost(trx, { user_id: replier.id, thread_id: thread.id, message: '4-3-3.', now: new Date() }),
  );
  t.deepEqual((await pushesTo(starter.endpoint))[0], {
    kind: 'forum_reply',
    title: 'New reply',
    body: 'Someone replied in "Best formation?".',
    url: `/forums/${category!.slug}/${thread.id}`,
    tag: `thread-${thread.id}`,
  });
});

test('guardian_approved reaches the player', async (t) => {
  const minor = await player(['guardian_approved'], { lang: 'sv' });
  await server
    .knex('users')
    .where('id', minor.user.id)
    .update({
      guardian_email: `g-${minor.user.id}@example.com`,
      guardian_token_hash: hashToken('a'.repeat(64)),
      guardian_token_issued_at: new Date(),
    });
  await run((trx) => confirmGuardian(trx, { uid: minor.user.id, token: 'a'.repeat(64), now: new Date() }));
  t.deepEqual((await pushesTo(minor.endpoint))[0], {
    kind: 'guardian_approved',
    title: 'Kontot är godkänt',
    body: 'Din förälder eller vårdnadshavare har godkänt ditt konto.',
    url: '/settings',
    tag: 'guardian',
  });
});

test('trophy_expiring reaches the holder once, two hours before the trophy expires', async (t) => {
  const holder = await player(['trophy_expiring']);
  const season = await server.knex('seasons').where('active', true).orderBy('id', 'desc').first('id', 'time_zone');
  const now = new Date();
  await server
    .knex('trophy_pools')
    .insert({ season_id: season!.id, week_start: weekStart(now, season!.time_zone) })
    .onConflict(['season_id', 'week_start'])
    .ignore();
  const pool = await server.knex('trophy_pools').where('season_id', season!.id).orderBy('id', 'desc').first('id');
  const expires_at = new Date(now.getTime() + 90 * 60 * 1000);
  const [trophyId] = await server.knex('trophies').insert({
    pool_id: pool!.id,
    state: 'held',
    holder_user_id: holder.user.id,
    wins: 1,
    taken_at: new Date(expires_at.getTime() - 2 * 24 * 60 * 60 * 1000),
    expires_at,
  });
  // The worker's play tick runs the sweep every second.
  t.deepEqual((await pushesTo(holder.endpoint))[0], {
    kind: 'trophy_expiring',
    title: 'Your trophy expires soon',
    body: 'Your trophy expires in 2 hours.',
    url: '/trophyhunt',
    tag: 'trophy',
  });
  const row = await server.knex('trophies').where('id', trophyId).first('expiry_notified_for');
  t.is(new Date(row!.expiry_notified_for!).getTime(), expires_at.getTime());
  t.deepEqual(await warnExpiringTrophies(server.knex, new Date()), [], 'announced once');
  await settle();
  t.is(push.receivedBy(holder.endpoint).length, 1);
});

test('window_open reaches every player who opted in, by push and e-mail, but never e-mails a player under 18', async (t) => {
  const adult = await player(['window_open'], { channels: ['push', 'email'], lang: 'sv' });
  const minorBirth = new Date(Date.UTC(new Date().getUTCFullYear() - 15, 0, 1));
  const minor = await player(['window_open'], { channels: ['push', 'email'], birth_date: minorBirth });
  const off = await player([]);
  const result = await openWindow({ knex: server.knex, now: () => new Date(), after });
  t.true(result.notified >= 2);
  t.like((await pushesTo(adult.endpoint))[0], {
    kind: 'window_open',
    title: 'Fönstret är öppet',
    url: '/play',
  });
  t.like((await pushesTo(minor.endpoint))[0], {
    title: 'The window is open',
    body: 'The weekly window is open. Time to play!',
  });
  const mail = await waitForMail(server.outbox, adult.user.email);
  t.regex(mail, /Veckans spelfönster är öppet/);
  await settle();
  t.deepEqual(push.receivedBy(off.endpoint), [], 'no push when the kind is off');
  const minorMails = await server.knex('emails').where({ user_id: minor.user.id });
  t.deepEqual(minorMails, [], 'no window_open e-mail to a player under 18');
});

test('a kind turned off sends nothing; a 410 from the push service removes the subscription', async (t) => {
  const off = await player(['result_submitted']);
  const a = await player([]);
  const created_at = new Date(Date.now() - 13 * 60 * 1000);
  const id = await buildGame(server.knex, { user_1_id: a.user.id, user_2_id: off.user.id, created_at });
  await server.knex('notification_choices').where({ user_id: off.user.id }).update({ enabled: false });
  await run((trx) =>
    submitResult(trx, {
      game_id: id,
      actor: { id: a.user.id, permissions: 0 },
      score_1: 1,
      score_2: 0,
      now: new Date(),
    }),
  );
  await settle();
  t.deepEqual(push.receivedBy(off.endpoint), []);

  const gone = await player(['guardian_approved']);
  push.gone(gone.endpoint);
  await server
    .knex('users')
    .where('id', gone.user.id)
    .update({
      guardian_email: `g-${gone.user.id}@example.com`,
      guardian_token_hash: hashToken('b'.repeat(64)),
      guardian_token_issued_at: new Date(),
    });
  await run((trx) => confirmGuardian(trx, { uid: gone.user.id, token: 'b'.repeat(64), now: new Date() }));
  await waitFor(async () => (await server.knex('push_subscriptions').where('user_id', gone.user.id)).length === 0, {
    what: 'the subscription the push service called gone removed',
    timeoutMs: 15_000,
  });
  t.true(push.refused.some((r) => r.status === 410 && gone.endpoint.endsWith(r.id)));
});

test('a notification e-mail carries List-Unsubscribe headers whose one-click POST turns that kind off', async (t) => {
  const { user } = await player(['guardian_approved'], { channels: ['email'] });
  await server
    .knex('users')
    .where('id', user.id)
    .update({
      guardian_email: `g-${user.id}@example.com`,
      guardian_token_hash: hashToken('c'.repeat(64)),
      guardian_token_issued_at: new Date(),
    });
  await run((trx) => confirmGuardian(trx, { uid: user.id, token: 'c'.repeat(64), now: new Date() }));
  const mail = await waitForMail(server.outbox, user.email);
  t.regex(mail, /^Subject: eCup: Account approved$/m);
  t.regex(mail, /Your parent or guardian approved your account\./);
  // A long header is folded onto the next line (RFC 5322), as nodemailer writes it.
  const header = /^List-Unsubscribe:\s+<(http:\/\/localhost:3000\/unsubscribe\?token=[^>]+)>$/m.exec(mail);
  t.truthy(header, mail);
  t.regex(mail, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const link = new URL(header![1]!);
  t.true(mail.includes(link.href), 'the link is in the text too');
  // What a mail client does on one click (RFC 8058): POST the link with List-Unsubscribe=One-Click.
  const res = await fetch(`${server.url}/unsubscribe${link.search}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  t.is(res.status, 200);
  t.like(await res.json(), {
    unsubscribed: true,
    kind: 'guardian_approved',
    message: 'You will no longer get these e-mails.',
  });
  const choice = await server
    .knex('notification_choices')
    .where({ user_id: user.id, channel: 'email', kind: 'guardian_approved' })
    .first();
  t.false(Boolean(choice!.enabled));
});
