import test from 'ava';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import {
  CHAT_THROTTLE_AFTER_SUCCESS_MS,
  FORUM_MESSAGE_MIN,
  RESULT_ENTRY_DELAY_MS,
  gameRoom,
  type ChatMessagePayload,
  type ChatSendResponse,
  type ForumNewPostResponse,
  type ForumNewThreadResponse,
  type ForumThreadResponse,
  type GamePayload,
  type GamePlayer,
  type GameSummary,
  type PlayerProfilePayload,
  type PushPayload,
} from '@ecup/domain';
import { SPREAD_WINDOW_MS } from '@ecup/domain/chat-safety/index.ts';
import { corpusLines, parseAttempt, survives, type CorpusAttempt } from '@ecup/domain/testing/contact-corpus.ts';
import { endpointHash } from '@ecup/db';
import { threadCardEtag } from '../helpers/cards.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint.ts';
import { buildGame, signupFields } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { nextEvent, openSocket, signedInUser, subscribe, type Player } from '../helpers/sockets.ts';
import { waitFor } from '../helpers/poll.ts';

/**
 * The corpus of contact-detail attempts (test/fixtures/chat-safety, chat's shapes and street addresses) written into
 * every field a player can write, then read as a 13-year-old through every surface the text travels: the API, socket
 * events, the server-drawn page, the preview card, the push payload and the e-mail (docs/rules.md "Player text" and
 * "Forum titles and posts"). Uses the built player app (`npm test` builds it). Each channel logs its figures; nothing of an attempt's marked detail may arrive, and
 * the ordinary football lines must arrive intact.
 */
let server: TestServer;
let api: ReturnType<typeof client>;
/** Each sign-up from an address of its own, so the per-address sign-up limits stay out of the way. */
let spread: ReturnType<typeof client>;
let push: PushEndpoint;
let product: string;

const fixture = async (name: string) =>
  corpusLines(await readFile(path.join(import.meta.dirname, '../fixtures/chat-safety', name), 'utf8'));
let attempts: CorpusAttempt[];
let ordinary: string[];

test.before(async () => {
  server = await startTestServer({
    label: 'textchannels',
    worker: true,
    env: { TRUST_PROXY: 'on' },
  });
  api = client(server.url);
  spread = client(server.url, { spreadAddresses: true });
  push = await startPushEndpoint(server.config.vapid.publicKey);
  product = (await server.knex('seasons').where('active', true).first('product_name'))!.product_name;
  attempts = (await fixture('contact-attempts.txt')).map(parseAttempt);
  ordinary = await fixture('football-chat.txt');
});
test.after.always(async () => {
  await server?.close();
  await push?.close();
});

const GENERAL = 3;
/** The forum's per-player limit is 10 posts in 5 minutes: each writer writes at most this many. */
const PER_WRITER = 9;
const yearsAgo = (years: number) => new Date(Date.UTC(server.clock.now().getUTCFullYear() - years, 0, 1));
const adult = (): Promise<Player> => signedInUser(server.knex, { birth_date: yearsAgo(30) });
/** Thirteen on the current date, whatever the day. */
const thirteen = (): Promise<Player> => {
  const now = server.clock.now();
  return signedInUser(server.knex, {
    birth_date: new Date(Date.UTC(now.getUTCFullYear() - 14, now.getUTCMonth(), now.getUTCDate() + 2)),
  });
};

/** A text of a drawn page as a reader's browser shows it. */
function htmlText(html: string): string {
  return html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The attempts whose marked detail can still be read in `shown(attempt)`. */
function arrived(list: CorpusAttempt[], shown: (attempt: CorpusAttempt, index: number) => string): string[] {
  return list.flatMap((attempt, k) => {
    const text = shown(attempt, k);
    return attempt.secrets.some((secret) => survives(secret, text)) ? [`${attempt.source}  →  ${text}`] : [];
  });
}

function report(t: { log(...values: unknown[]): void }, channel: string, total: number, through: string[]) {
  t.log(`${channel}: ${total - through.length}/${total} attempts stopped, ${through.length} arrived`);
  for (const line of through) t.log(`  arrived: ${line}`);
}

async function pushesTo(endpoint: string, count: number, timeoutMs = 120_000): Promise<PushPayload[]> {
  return waitFor(
    () => {
      const received = push.receivedBy(endpoint);
      return received.length >= count && received;
    },
    { what: () => `${push.receivedBy(endpoint).length}/${count} pushes to ${endpoint}`, timeoutMs },
  );
}

/** A 13-year-old who starts threads and hears of replies by push and e-mail. */
async function listeningChild(): Promise<Player & { endpoint: string }> {
  const child = await thirteen();
  await server.knex('notification_choices').insert(
    (['push', 'email'] as const).map((channel) => ({
      user_id: child.user.id,
      channel,
      kind: 'forum_reply',
      enabled: true,
    })),
  );
  const subscription = push.subscribe('en');
  await server.knex('push_subscriptions').insert({
    user_id: child.user.id,
    endpoint: subscription.endpoint,
    endpoint_hash: endpointHash(subscription.endpoint),
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    lang: 'en',
  });
  return { ...child, endpoint: subscription.endpoint };
}

test.serial(
  'forum: no detail of the corpus reaches a 13-year-old through the API, the drawn page, the card, the push or the e-mail',
  async (t) => {
    t.timeout(10 * 60_000);
    const reader = await thirteen();
    const threads: Array<{ id: number; starter: Player & { endpoint: string }; reply: number }> = [];
    let starter: (Player & { endpoint: string }) | undefined;
    let writer: Player | undefined;
    for (const [k, attempt] of attempts.entries()) {
      if (k % PER_WRITER === 0) [starter, writer] = [await listeningChild(), await adult()];
      // A child starts the thread with the attempt as its title; an adult replies with it.
      const opened = await api.postJson<ForumNewThreadResponse>(
        '/forums/new_thread',
        { category_id: GENERAL, title: attempt.lines.join(' '), message: 'who wants a game tonight?' },
        { auth: starter!.auth },
      );
      t.is(opened.status, 200, `${attempt.source}: ${JSON.stringify(opened.body)}`);
      const replied = await api.postJson<ForumNewPostResponse>(
        '/forums/new_post',
        { thread_id: opened.body.id, message: attempt.lines.join('\n') },
        { auth: writer!.auth },
      );
      t.is(replied.status, 200, `${attempt.source}: ${JSON.stringify(replied.body)}`);
      threads.push({ id: opened.body.id, starter: starter!, reply: replied.body.post.id });
    }

    // The API, as the 13-year-old reads the thread.
    const read = await Promise.all(
      threads.map(async ({ id }) => {
        const answer = await api.get<ForumThreadResponse>('/forums/posts', {
          query: { thread_id: id },
          auth: reader.auth,
        });
        return answer.body;
      }),
    );
    const titles = arrived(attempts, (_, k) => read[k]!.title);
    const posts = arrived(attempts, (_, k) => read[k]!.posts.find((post) => post.id === threads[k]!.reply)!.message);
    report(t, 'forum titles (API)', attempts.length, titles);
    report(t, 'forum posts (API)', attempts.length, posts);

    // The drawn page and the preview card carry exactly what the API gives: the stored, checked text.
    const etagOf = (headline: string) => threadCardEtag(product, GENERAL, headline, 2);
    const drawnWrong: string[] = [];
    const cardWrong: string[] = [];
    for (const [k, { id }] of threads.entries()) {
      const stored = read[k]!;
      const html = await (await fetch(`${server.url}/forums/general_discussion/${id}`)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      if (htmlText(title) !== `${stored.title} – ${product}`)
        drawnWrong.push(`${attempts[k]!.source}: <title>${title}`);
      const typed = attempts[k]!.lines.join(' ');
      if (typed !== stored.title && htmlText(html).includes(typed)) drawnWrong.push(`${attempts[k]!.source}: typed`);
      const card = await fetch(`${server.url}/og/thread/${id}.png`);
      await card.arrayBuffer();
      if (card.headers.get('etag') !== etagOf(stored.title)) cardWrong.push(attempts[k]!.source);
    }
    t.log(`drawn pages carrying other than the stored title: ${drawnWrong.length}/${threads.length}`);
    t.log(`preview cards drawn from other than the stored title: ${cardWrong.length}/${threads.length}`);
    t.deepEqual(drawnWrong, []);
    t.deepEqual(cardWrong, []);

    // The reply's push and e-mail to the 13-year-old who started the thread.
    const starters = [...new Set(threads.map((thread) => thread.starter))];
    const pushed = new Map<number, string>();
    for (const child of starters) {
      const own = threads.filter((thread) => thread.starter === child);
      for (const payload of await pushesTo(child.endpoint, own.length)) {
        const thread = Number(/thread-(\d+)/.exec(payload.tag)?.[1]);
        pushed.set(thread, `${payload.title} ${payload.body}`);
      }
    }
    const pushes = arrived(attempts, (_, k) => pushed.get(threads[k]!.id) ?? '');
    report(t, 'forum reply pushes', attempts.length, pushes);
    t.is(pushed.size, threads.length);

    const mails = await waitFor(
      async () => {
        const mails: Array<{ user_id: number; subject: string; text_body: string }> = await server
          .knex('emails')
          .whereIn(
            'user_id',
            starters.map((child) => child.user.id),
          )
          .select('user_id', 'subject', 'text_body');
        return mails.length >= threads.length && mails;
      },
      { what: `${threads.length} forum reply e-mails`, timeoutMs: 120_000, intervalMs: 250 },
    );
    t.is(mails.length, threads.length);
    const mailed = arrived(attempts, (_, k) => {
      const mail = mails.find((row) => row.text_body.includes(`/forums/general_discussion/${threads[k]!.id}`));
      // The server's own links (the thread, the unsubscribe token) are not the player's words: their digits would
      // read as a number's.
      return mail ? `${mail.subject}\n${mail.text_body}`.replace(/https?:\/\/\S+/g, '') : '';
    });
    report(t, 'forum reply e-mails', attempts.length, mailed);

    t.deepEqual([...titles, ...posts, ...pushes, ...mailed], []);
  },
);

test.serial('forum: the ordinary football lines arrive intact (at most 1% changed)', async (t) => {
  t.timeout(5 * 60_000);
  const reader = await thirteen();
  let writer: Player | undefined;
  const opened = await api.postJson<ForumNewThreadResponse>(
    '/forums/new_thread',
    { category_id: GENERAL, title: 'Match talk', message: 'post your games here' },
    { auth: (await adult()).auth },
  );
  const changed: string[] = [];
  const ids: number[] = [];
  // A post has FORUM_MESSAGE_MIN characters at least ("gg" is a chat line, not a post).
  const lines = ordinary.filter((line) => line.trim().length >= FORUM_MESSAGE_MIN);
  for (const [k, line] of lines.entries()) {
    if (k % PER_WRITER === 0) writer = await adult();
    const replied = await api.postJson<ForumNewPostResponse>(
      '/forums/new_post',
      { thread_id: opened.body.id, message: line },
      { auth: writer!.auth },
    );
    t.is(replied.status, 200, `${line}: ${JSON.stringify(replied.body)}`);
    ids.push(replied.body.post.id);
  }
  const thread = await api.get<ForumThreadResponse>('/forums/posts', {
    query: { thread_id: opened.body.id, amount: 500 },
    auth: reader.auth,
  });
  for (const [k, line] of lines.entries()) {
    const shown = thread.body.posts.find((post) => post.id === ids[k])?.message;
    if (shown !== line) changed.push(`${line}  →  ${shown}`);
  }
  t.log(`ordinary forum posts changed: ${changed.length}/${lines.length}`);
  for (const line of changed) t.log(`  changed: ${line}`);
  t.true(lines.length >= 300);
  t.true(changed.length / lines.length <= 0.01);
});

test.serial(
  'chat between two 13-year-olds: no detail of the corpus, addresses included, arrives through the socket',
  async (t) => {
    t.timeout(10 * 60_000);
    const [sender, reader] = [await thirteen(), await thirteen()];
    const game = await buildGame(server.knex, { user_1_id: sender.user.id, user_2_id: reader.user.id });
    const socket: Socket = await openSocket(server.url, reader.auth);
    t.teardown(() => socket.close());
    t.true((await subscribe(socket, gameRoom(game))).ok);
    const shown = new Map<number, string>();
    socket.on('message', (line: ChatMessagePayload) => shown.set(line.id, line.content));
    socket.on('message-update', (line: ChatMessagePayload) => shown.set(line.id, line.content));

    const sent: number[][] = [];
    for (const attempt of attempts) {
      const ids: number[] = [];
      for (const line of attempt.lines) {
        server.clock.advance(CHAT_THROTTLE_AFTER_SUCCESS_MS + 250);
        const answer = await api.postJson<ChatSendResponse>(
          '/game/chat/send_message',
          { game_id: game, message: line },
          { auth: sender.auth },
        );
        t.is(answer.status, 200, `${line}: ${JSON.stringify(answer.body)}`);
        if (answer.body.message) ids.push(answer.body.message.id);
      }
      sent.push(ids);
      // The next attempt is a new conversation: no number spreads from one attempt's lines into the next's.
      server.clock.advance(SPREAD_WINDOW_MS + 1);
    }
    const last = sent.flat().at(-1)!;
    await waitFor(() => shown.has(last), { what: 'the last chat line shown', timeoutMs: 30_000, intervalMs: 50 });
    const through = arrived(attempts, (_, k) => sent[k]!.map((id) => shown.get(id) ?? '').join('\n'));
    report(t, 'chat between minors (socket)', attempts.length, through);
    t.is(sent.flat().filter((id) => !shown.has(id)).length, 0, 'every line reached the reader');
    t.deepEqual(through, []);
  },
);

/** The texts of a player's card a reader is shown: names, club, FIFA team, gamer tag. */
const cardText = (card: Partial<GamePlayer> | PlayerProfilePayload | undefined) =>
  card
    ? [card.username, card.first_name, card.last_name, card.gamer_tag, card.team?.name, card.fifa_team_name]
        .filter((part) => typeof part === 'string')
        .join('\n')
    : '';

test.serial(
  'identity fields: no detail of the corpus is stored, so none reaches a 13-year-old through the API, the socket or the drawn page',
  async (t) => {
    t.timeout(10 * 60_000);
    const [grown, child] = [await adult(), await thirteen()];
    const game = await buildGame(server.knex, {
      user_1_id: grown.user.id,
      user_2_id: child.user.id,
      created_at: new Date(server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
    });
    /** The adult's card as the 13-year-old reads it: in the game, on the profile, and the drawn profile page. */
    const surfaces = async (): Promise<[string, string, string]> => {
      const [inGame, profile] = await Promise.all([
        api.get<GamePayload>('/game/get', { query: { id: game }, auth: child.auth }),
        api.get<{ player: PlayerProfilePayload }>('/players/get', {
          query: { username: grown.user.username },
          auth: child.auth,
        }),
      ]);
      const html = await (await fetch(`${server.url}/player/${grown.user.username}`)).text();
      // The time it was drawn is the one part of a page that changes by itself.
      const page = htmlText(html).replace(/"renderedAt":\d+/, '');
      return [cardText(inGame.body.user_1), cardText(profile.body.player), page];
    };
    const card = async () => (await surfaces()).join('\n');
    const writes: Array<[string, (text: string) => Promise<number>]> = [
      [
        'first name',
        async (text) =>
          (
            await api.post(
              '/user/profile/update',
              { first_name: text, last_name: 'Player', email: grown.user.email },
              {
                auth: grown.auth,
              },
            )
          ).status,
      ],
      [
        'last name',
        async (text) =>
          (
            await api.post(
              '/user/profile/update',
              { first_name: 'Test', last_name: text, email: grown.user.email },
              {
                auth: grown.auth,
              },
            )
          ).status,
      ],
      [
        'IRL team',
        async (text) =>
          (await api.post('/user/team/update', { irl_team: text, fifa_team: 'Real Madrid' }, { auth: grown.auth }))
            .status,
      ],
      [
        'FIFA team',
        async (text) =>
          (await api.post('/user/team/update', { irl_team: 'IFK Göteborg', fifa_team: text }, { auth: grown.auth }))
            .status,
      ],
      [
        'gamer tag',
        async (text) =>
          (await api.post('/user/console/update', { console: '1', gamer_tag: text }, { auth: grown.auth })).status,
      ],
    ];
    const before = await card();
    for (const [field, write] of writes) {
      const through: string[] = [];
      let accepted = 0;
      for (const attempt of attempts) {
        const status = await write(attempt.lines.join(' '));
        if (status === 200) {
          accepted += 1;
          const shown = await card();
          if (attempt.secrets.some((secret) => survives(secret, shown))) through.push(`${attempt.source}  →  accepted`);
        } else {
          t.is(status, 400, `${field}: ${attempt.source}`);
        }
      }
      t.log(`${field}: ${attempts.length - accepted}/${attempts.length} refused, ${through.length} arrived`);
      for (const line of through) t.log(`  arrived: ${line}`);
      t.deepEqual(through, [], field);
    }
    // Refused writes changed nothing a reader sees.
    const restored = await Promise.all(
      writes.map(([, write], k) => write(['Test', 'Player', 'IFK Göteborg', 'Real Madrid', grown.user.gamer_tag][k]!)),
    );
    t.deepEqual(restored, [200, 200, 200, 200, 200]);
    t.is(await card(), before);

    // A username at sign-up: usernames are letters, digits and _, so most attempts fail its form; none may pass.
    let signedUp = 0;
    const usernames: string[] = [];
    for (const attempt of attempts) {
      const answer = await spread.post('/user/signup', signupFields({ username: attempt.lines.join(' ') }));
      if (answer.status === 200) {
        signedUp += 1;
        if (attempt.secrets.some((secret) => survives(secret, attempt.lines.join(' ')))) usernames.push(attempt.source);
      }
    }
    t.log(`usernames: ${attempts.length - signedUp}/${attempts.length} refused, ${usernames.length} arrived`);
    t.deepEqual(usernames, []);

    // What a player writes in these fields does reach the 13-year-old, by every surface read above and the socket.
    const socket: Socket = await openSocket(server.url, child.auth);
    t.teardown(() => socket.close());
    t.true((await subscribe(socket, gameRoom(game))).ok);
    const changed = await api.post(
      '/user/team/update',
      { irl_team: 'IFK Göteborg', fifa_team: 'Gothenburg Gunners' },
      {
        auth: grown.auth,
      },
    );
    t.is(changed.status, 200);
    const scored = nextEvent<GameSummary>(socket, 'score');
    const submitted = await api.postJson(
      '/game/submit',
      { game_id: game, score_1: 2, score_2: 1 },
      { auth: grown.auth },
    );
    t.is(submitted.status, 200, JSON.stringify(submitted.body));
    t.true(cardText((await scored).user_1).includes('Gothenburg Gunners'));
    // A page drawn moments ago is answered again as it was for a short while: read until it is drawn anew.
    const [inGame, profile, page] = await waitFor(
      async () => {
        const read = await surfaces();
        return />Gothenburg Gunners<\/dd>/.test(read[2]) && read;
      },
      { what: 'the player page drawn anew with the new team', timeoutMs: 5000 },
    );
    t.true(inGame.includes('Gothenburg Gunners'), 'the game card');
    t.true(profile.includes('Gothenburg Gunners'), 'the profile');
    t.regex(page, />Gothenburg Gunners<\/dd>/, 'the drawn page');
  },
);

test.serial('identity fields: ordinary football words are accepted as team names (at most 1% refused)', async (t) => {
  const grown = await adult();
  const refused: string[] = [];
  const names = ordinary.filter((line) => line.trim().length >= 2 && line.length <= 100);
  for (const line of names) {
    const answer = await api.post<{ code?: string }>(
      '/user/team/update',
      { irl_team: 'IFK Göteborg', fifa_team: line },
      {
        auth: grown.auth,
      },
    );
    if (answer.status !== 200 && String(answer.body.code).endsWith('ContactDetails')) refused.push(line);
  }
  t.log(`ordinary lines refused as a FIFA team's name: ${refused.length}/${names.length}`);
  for (const line of refused) t.log(`  refused: ${line}`);
  t.true(names.length >= 300);
  t.true(refused.length / names.length <= 0.01);
});
