import type { Knex } from 'knex';
import { MESSAGES, OPEN_GAME_STATES, flagNames, formatDateTime, isStaff, type ImageKind } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import { findUserByRef } from '../../queries/user-data.ts';

/**
 * A player's erasure, which anonymises them without breaking anyone else's history (right to be forgotten).
 * docs/decisions.md#permissions: "A player's data can be exported and erased (anonymised without breaking opponents' history)".
 * docs/cli.md `users:erase`; the export is the read `exportUserData` (queries/user-data.ts).
 */

/** What an erasure changes (or, in a dry run, would change), table by table. */
export interface ErasureChanges {
  users: number;
  sessions: number;
  password_resets: number;
  email_changes: number;
  queue_entries: number;
  emails: number;
  bans: number;
  chat_messages: number;
  forum_posts: number;
  reports: number;
  blocks: number;
  user_warnings: number;
  audit_log_ips: number;
  image_files: number;
}

/** Rows an erasure keeps as they are, so opponents' histories, Elo and the ranking stay consistent. */
export interface ErasureKept {
  games: number;
  unfinished_games: number;
  matches: number;
  forum_threads: number;
  evidence: number;
  trophies: number;
}

export interface ErasureResult {
  user_id: number;
  username: string;
  anonymous_username: string;
  dry_run: boolean;
  changes: ErasureChanges;
  kept: ErasureKept;
  /** Image files to delete once the transaction has committed (none in a dry run). */
  files: { kind: ImageKind; id: string }[];
}

/** The neutral values an erased account gets: no name, address or date of birth of anyone, and no way in. */
function anonymousProfile(id: number, now: Date) {
  const name = `deleted-${id}`;
  return {
    // A hyphen can never be part of a chosen username (docs/product.md#validation), so this never meets a real player's name.
    username: name,
    first_name: 'Deleted',
    last_name: 'Player',
    email: `${name}@erased.invalid`,
    // Not a hash any verifier accepts: the account cannot be signed in to even if the erased_at checks were gone.
    password_hash: '!erased',
    avatar_hash: null,
    permissions: 0,
    gamer_tag: name,
    birth_date: '1900-01-01',
    team_name: '',
    team_avatar_hash: null,
    fifa_team_name: '',
    guardian_email: null,
    guardian_token_hash: null,
    guardian_token_issued_at: null,
    guardian_confirmed_at: null,
    banned_until: null,
    ban_reason: null,
    totp_secret: null,
    totp_enabled: false,
    erased_at: now,
    updated_at: now,
  };
}

interface ErasureStep {
  name: Exclude<keyof ErasureChanges, 'users' | 'image_files'>;
  /** The rows the step changes; the dry run counts them, the erasure changes exactly these. */
  scope: (trx: Knex, id: number) => Knex.QueryBuilder;
  /** Rows that go with the step's own (the staff-only originals of masked lines); not counted. */
  alongside?: (trx: Knex, id: number) => Knex.QueryBuilder[];
  apply: (rows: Knex.QueryBuilder) => Promise<number>;
}

const blank = (column: string) => (rows: Knex.QueryBuilder) => rows.update({ [column]: MESSAGES.contentRemoved });
const remove = (rows: Knex.QueryBuilder) => rows.delete();

const STEPS: ErasureStep[] = [
  { name: 'sessions', scope: (trx, id) => trx('sessions').where('user_id', id), apply: remove },
  { name: 'password_resets', scope: (trx, id) => trx('password_resets').where('user_id', id), apply: remove },
  // Old and new addresses of e-mail changes (docs/rules.md "Account changes").
  { name: 'email_changes', scope: (trx, id) => trx('email_changes').where('user_id', id), apply: remove },
  // A pending match the player was in times out through the worker (docs/decisions.md#matchmaking); the opponent goes back.
  { name: 'queue_entries', scope: (trx, id) => trx('queue_entries').where('user_id', id), apply: remove },
  // Unsent ones are never sent; sent ones held the address and reset links.
  { name: 'emails', scope: (trx, id) => trx('emails').where('user_id', id), apply: remove },
  { name: 'bans', scope: (trx, id) => trx('bans').where('user_id', id), apply: remove },
  {
    name: 'chat_messages',
    scope: (trx, id) => trx('chat_messages').where('user_id', id).whereNot('content', MESSAGES.contentRemoved),
    apply: blank('content'),
    alongside: (trx, id) => [trx('chat_originals').where('user_id', id)],
  },
  {
    name: 'forum_posts',
    scope: (trx, id) => trx('forum_posts').where('user_id', id).whereNot('message', MESSAGES.contentRemoved),
    apply: blank('message'),
    // Their thread titles stay (as the threads do), but not what a masked one was as typed.
    alongside: (trx, id) => [
      trx('forum_post_originals').where('user_id', id),
      trx('forum_thread_originals').where('user_id', id),
    ],
  },
  {
    name: 'reports',
    scope: (trx, id) =>
      trx('reports').where('reporter_user_id', id).whereNotNull('text').whereNot('text', MESSAGES.contentRemoved),
    apply: blank('text'),
  },
  {
    name: 'blocks',
    scope: (trx, id) => trx('blocks').where((q) => q.where('blocker_user_id', id).orWhere('blocked_user_id', id)),
    apply: remove,
  },
  { name: 'user_warnings', scope: (trx, id) => trx('user_warnings').where('user_id', id), apply: remove },
  // The log keeps who did what and when; the address the erased person acted from goes.
  {
    name: 'audit_log_ips',
    scope: (trx, id) => trx('audit_log').where('actor_user_id', id).whereNotNull('ip'),
    apply: (rows) => rows.update({ ip: null }),
  },
];

async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const [row]: { n: number }[] = await query.clearSelect().count({ n: '*' });
  return row?.n ?? 0;
}

/**
 * The right to be forgotten (docs/decisions.md#permissions), in the caller's transaction: anonymises the user row (anonymousProfile,
 * erased_at set, so sign-in, sessions and the ranking leave them out), deletes sessions, reset requests, queue
 * entries, e-mails, bans, blocks and warnings, replaces the words of their forum posts, chat lines and reports with
 * MESSAGES.contentRemoved (deleting the staff-only originals of their masked lines, posts and thread titles), and clears the IP of
 * their own audit rows. Games, scores, Elo, matches, trophies, threads
 * and evidence stay, so opponents' histories and ratings and the ranking do not move. Writes one audit row with the
 * CLI as actor (actor_user_id null) and no personal data. The avatar and team photo files are answered in `files`
 * for the caller to delete after commit.
 *
 * Refuses an unknown user, an account already erased, a `confirm` that does not repeat the username (unless
 * `dry_run`, where it may be left out) and a staff account with permissions unless `force`. `dry_run` counts and
 * changes nothing.
 */
export async function eraseUser(
  trx: Knex,
  input: { ref: string; confirm: string | undefined; force: boolean; dry_run: boolean; now: Date },
): Promise<CommandOutcome<ErasureResult>> {
  const user = await findUserByRef(trx, input.ref, !input.dry_run);
  const { id } = user;
  if (user.erased_at !== null) {
    throw new CommandRejected('conflict', {
      operator: `User ${id} was already erased on ${formatDateTime(user.erased_at)}. Nothing was changed.`,
    });
  }
  if (input.confirm === undefined ? !input.dry_run : input.confirm !== user.username) {
    throw new CommandRejected('invalid', {
      operator:
        input.confirm === undefined
          ? `To erase ${user.username} (id ${id}), repeat the username: --confirm ${user.username}`
          : `--confirm "${input.confirm}" does not match the username "${user.username}" of user ${id}. Nothing was changed.`,
    });
  }
  if (isStaff(user.permissions) && !input.force) {
    throw new CommandRejected('forbidden', {
      operator:
        `${user.username} (id ${id}) is staff (permissions ${user.permissions}: ${flagNames(user.permissions).join(', ')}). ` +
        'Take the permissions away first, or add --force to erase the account anyway.',
    });
  }

  const files: ErasureResult['files'] = [];
  if (user.avatar_hash) {
    for (const kind of ['avatar_orig', 'avatar_medium', 'avatar_small'] as const) {
      files.push({ kind, id: user.avatar_hash });
    }
  }
  if (user.team_avatar_hash) files.push({ kind: 'team', id: user.team_avatar_hash });

  const played = (q: Knex.QueryBuilder) => q.where('user_1_id', id).orWhere('user_2_id', id);
  const [games, unfinished_games, matches, forum_threads, evidence, trophies] = await Promise.all([
    countOf(trx('games').where(played)),
    countOf(trx('games').where(played).whereIn('state', OPEN_GAME_STATES)),
    countOf(trx('matches').where(played)),
    countOf(trx('forum_threads').where('user_id', id)),
    countOf(trx('evidence').where('user_id', id)),
    countOf(trx('trophies').where('holder_user_id', id)),
  ]);
  const kept: ErasureKept = { games, unfinished_games, matches, forum_threads, evidence, trophies };

  const changes = { users: 1, image_files: files.length } as ErasureChanges;
  for (const step of STEPS) {
    const rows = step.scope(trx, id);
    changes[step.name] = input.dry_run ? await countOf(rows) : await step.apply(rows);
    if (!input.dry_run && step.alongside) for (const rows of step.alongside(trx, id)) await rows.delete();
  }
  const anonymous_username = `deleted-${id}`;
  if (!input.dry_run) {
    // Guarded by erased_at, under the row lock taken above: two erasures at once change the row once.
    const updated = await trx('users').where({ id }).whereNull('erased_at').update(anonymousProfile(id, input.now));
    if (updated !== 1)
      throw new CommandRejected('conflict', { operator: `User ${id} was already erased. Nothing was changed.` });
    await writeAudit(trx, {
      actor_user_id: null,
      action: 'user.erase',
      entity: 'user',
      entity_id: id,
      before: { erased: false },
      after: { erased: true, by: 'cli', changes, kept },
      ip: null,
      now: input.now,
    });
  }
  return {
    result: {
      user_id: id,
      username: user.username,
      anonymous_username,
      dry_run: input.dry_run,
      changes,
      kept,
      files: input.dry_run ? [] : files,
    },
    events: [],
  };
}
