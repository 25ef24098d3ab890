import type { Knex } from 'knex';
import { flagNames, type ImageKind } from '@ecup/domain';
import { CommandRejected } from '../commands/types.ts';
import { imageRelativePath } from '@ecup/storage';
import type { Game } from '../models/Game.ts';
import type { User } from '../models/User.ts';

/**
 * The right of access (docs/decisions.md#permissions: "A player's data can be exported and erased"): the export of everything stored
 * about a player (docs/cli.md `users:export`), and the one rule for naming a user on the command line. The erasure is
 * the command `eraseUser` (commands/ops/user-data.ts).
 */

type Row = Record<string, unknown>;

const HEAD_COLUMNS = ['id', 'username', 'permissions', 'avatar_hash', 'team_avatar_hash', 'erased_at'] as const;

/** The user columns an operator looks a player up by; never a secret. */
type UserHead = Pick<User, (typeof HEAD_COLUMNS)[number]>;

/**
 * Finds a user by numeric id or by username, as an operator types either. Refuses an unknown one; an erased account
 * has lost its username, so the message says to use the id.
 */
export async function findUserByRef(knex: Knex, ref: string, forUpdate = false): Promise<UserHead> {
  const text = ref.trim();
  const byId = /^\d+$/.test(text);
  const query = knex('users')
    .where(byId ? { id: Number(text) } : { username: text })
    .first(HEAD_COLUMNS);
  if (forUpdate) query.forUpdate();
  const row = (await query) as UserHead | undefined;
  if (!row) {
    throw new CommandRejected('not_found', {
      operator: byId
        ? `There is no user with id ${text}.`
        : `There is no user named "${text}". An erased account has no username any more: give its numeric id.`,
    });
  }
  return row;
}

const isoDate = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value === null ? null : String(value);

/** Reset and confirmation links carry tokens; an export shows that a link was sent, never a live token. */
const redactTokens = (text: string) => text.replace(/[0-9a-f]{32,}/gi, '[token removed]');

const parseJson = (text: unknown) => {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Everything stored about one player, as `users:export` writes it (dates as ISO strings once serialised). */
export interface UserDataExport {
  format: 'ecup-user-data/1';
  exported_at: Date;
  /** The profile without the password hash, token hashes or the two-factor secret. */
  profile: Row;
  sessions: Row[];
  password_resets: Row[];
  /** E-mail changes asked for in settings: both addresses and what became of each (no link tokens). */
  email_changes: Row[];
  queue_entry: Row | null;
  matches: Row[];
  /** Every game with the opponent's username and both scores from the player's side. */
  games: Row[];
  /** Chat messages the player wrote (not the opponents' lines). */
  chat_messages: Row[];
  evidence: Row[];
  forum_threads: Row[];
  forum_posts: Row[];
  /** Reports the player made about opponents, their chat lines and forum posts (never reports about the player: who reported stays private). */
  reports: Row[];
  /** Players the player blocked (never who blocked the player). */
  blocks: Row[];
  /** Moderators' warnings to the player. */
  warnings: Row[];
  trophies: Row[];
  trophy_moves: Row[];
  /** E-mails sent to the player (or their guardian on their behalf), links' tokens removed. */
  emails: Row[];
  bans: Row[];
  /** Staff actions about the player (without who did them or from where) and the player's own logged actions. */
  audit_log: Row[];
  /** Uploaded images, as paths under the upload folder (UPLOAD_DIR). */
  images: { kind: ImageKind; id: string; path: string }[];
}

/** The columns of a player's matches, games and trophy moves the export reads. */
const MATCH_COLUMNS = [
  'id',
  'season_id',
  'user_1_id',
  'user_2_id',
  'state',
  'user_1_accepted_at',
  'user_2_accepted_at',
  'declined_user_id',
  'created_at',
  'closed_at',
] as const;
const GAME_COLUMNS = [
  'id',
  'season_id',
  'match_id',
  'user_1_id',
  'user_2_id',
  'score_1',
  'score_2',
  'state',
  'submitted_user_id',
  'confirmed_user_id',
  'dropped_user_id',
  'conflict',
  'conflict_solved',
  'elo_1_before',
  'elo_2_before',
  'elo_1_after',
  'elo_2_after',
  'created_at',
  'submitted_at',
  'final_at',
] as const;
const TROPHY_MOVE_COLUMNS = [
  'id',
  'trophy_id',
  'game_id',
  'kind',
  'from_user_id',
  'to_user_id',
  'created_at',
  'reversed_at',
] as const;

/**
 * The right of access (docs/decisions.md#permissions): one document with everything stored about a player. Other players appear
 * only by id and public username (opponents, never their e-mail or names); secrets (password hash, session and
 * reset token hashes, the TOTP secret, tokens inside e-mailed links) are left out. Read-only.
 */
export async function exportUserData(knex: Knex, input: { ref: string; now: Date }): Promise<UserDataExport> {
  const { id, permissions } = await findUserByRef(knex, input.ref);
  const profile = (await knex('users as u')
    .leftJoin('countries as c', 'c.id', 'u.country_id')
    .where('u.id', id)
    .first(
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.avatar_hash',
      'u.permissions',
      'u.console',
      'u.gamer_tag',
      'u.country_id',
      'c.name as country_name',
      'u.birth_date',
      'u.team_name',
      'u.team_avatar_hash',
      'u.fifa_team_name',
      'u.hide_real_name',
      'u.wins',
      'u.losses',
      'u.ties',
      'u.games_played',
      'u.scored_goals',
      'u.conceded_goals',
      'u.secured_trophies',
      'u.unsecured_trophies',
      'u.elo',
      'u.forum_post_count',
      'u.guardian_email',
      'u.guardian_confirmed_at',
      'u.terms_accepted_at',
      'u.banned_until',
      'u.ban_reason',
      'u.totp_enabled',
      'u.erased_at',
      'u.created_at',
      'u.updated_at',
    )) as Row;
  profile.birth_date = isoDate(profile.birth_date);
  profile.totp_enabled = Boolean(profile.totp_enabled);
  profile.hide_real_name = Boolean(profile.hide_real_name);
  profile.permission_names = flagNames(permissions);

  const eitherPlayer = (q: Knex.QueryBuilder) => q.where('user_1_id', id).orWhere('user_2_id', id);
  const [
    sessions,
    passwordResets,
    emailChanges,
    queueEntry,
    matchRows,
    gameRows,
    chatMessages,
    evidence,
    forumThreads,
    forumPosts,
    trophies,
    trophyMoves,
    emails,
    bans,
    auditAbout,
    auditBy,
    reports,
    blocks,
    warnings,
  ] = await Promise.all([
    knex('sessions')
      .where('user_id', id)
      .orderBy('id')
      .select('id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'totp_verified_at'),
    knex('password_resets').where('user_id', id).orderBy('id').select('id', 'created_at', 'expires_at', 'used_at'),
    knex('email_changes')
      .where('user_id', id)
      .orderBy('id')
      .select('id', 'old_email', 'new_email', 'created_at', 'confirmed_at', 'undone_at'),
    knex('queue_entries').where('user_id', id).first('season_id', 'elo', 'entered_at', 'keepalive_at', 'match_id'),
    knex('matches')
      .where(eitherPlayer)
      .orderBy('id')
      .select(...MATCH_COLUMNS),
    knex('games')
      .where(eitherPlayer)
      .orderBy('id')
      .select(...GAME_COLUMNS),
    knex('chat_messages').where('user_id', id).orderBy('id').select('id', 'game_id', 'content', 'created_at'),
    knex('evidence')
      .where('user_id', id)
      .orderBy('id')
      .select('id', 'game_id', 'youtube_id', 'evidence_hash', 'created_at'),
    knex('forum_threads')
      .where('user_id', id)
      .orderBy('id')
      .select('id', 'category_id', 'title', 'reply_count', 'locked', 'created_at', 'last_post_at'),
    knex('forum_posts')
      .where('user_id', id)
      .orderBy('id')
      .select('id', 'thread_id', 'message', 'created_at', 'hidden_at', 'hidden_reason'),
    knex('trophies as t')
      .join('trophy_pools as p', 'p.id', 't.pool_id')
      .where('t.holder_user_id', id)
      .orderBy('t.id')
      .select('t.id', 'p.season_id', 'p.week_start', 't.state', 't.wins', 't.taken_at', 't.expires_at', 't.secured_at'),
    knex('trophy_moves')
      .where((q) => q.where('from_user_id', id).orWhere('to_user_id', id))
      .orderBy('id')
      .select(...TROPHY_MOVE_COLUMNS),
    knex('emails')
      .where('user_id', id)
      .orderBy('id')
      .select('id', 'kind', 'to_address', 'subject', 'text_body', 'created_at', 'sent_at'),
    knex('bans').where('user_id', id).orderBy('id').select('id', 'reason', 'expires_at', 'lifted_at', 'created_at'),
    knex('audit_log')
      .where({ entity: 'user', entity_id: String(id) })
      .orderBy('id')
      .select('id', 'action', 'before', 'after', 'created_at'),
    knex('audit_log')
      .where('actor_user_id', id)
      .orderBy('id')
      .select('id', 'action', 'entity', 'entity_id', 'ip', 'created_at'),
    knex('reports')
      .where('reporter_user_id', id)
      .orderBy('id')
      .select(
        'id',
        'kind',
        'reported_user_id',
        'game_id',
        'chat_message_id',
        'post_id',
        'reason',
        'text',
        'created_at',
        'resolved_at',
      ),
    knex('blocks')
      .join('users', 'users.id', 'blocks.blocked_user_id')
      .where('blocks.blocker_user_id', id)
      .orderBy('blocks.created_at')
      .select('blocks.blocked_user_id', 'users.username as blocked_username', 'blocks.created_at'),
    knex('user_warnings').where('user_id', id).orderBy('id').select('id', 'message', 'created_at', 'seen_at'),
  ]);

  const games = gameRows;
  const matches = matchRows;
  const others = new Set<number>();
  for (const row of [...games, ...matches]) {
    others.add(row.user_1_id);
    others.add(row.user_2_id);
  }
  others.delete(id);
  const names = new Map(
    (
      await knex('users')
        .whereIn('id', [...others])
        .select('id', 'username')
    ).map((row) => [row.id, row.username]),
  );
  const sideOf = (row: Pick<Game, 'user_1_id' | 'user_2_id'>) => (row.user_1_id === id ? 1 : 2);
  const opponentOf = (row: Pick<Game, 'user_1_id' | 'user_2_id'>) => {
    const opponent = sideOf(row) === 1 ? row.user_2_id : row.user_1_id;
    return { opponent_id: opponent, opponent_username: names.get(opponent) ?? null };
  };
  const byYou = (userId: number | null) => (userId === null ? null : userId === id);

  const images: UserDataExport['images'] = [];
  const addImage = (kind: ImageKind, hash: unknown) => {
    if (typeof hash === 'string' && hash !== '') images.push({ kind, id: hash, path: imageRelativePath(kind, hash) });
  };
  for (const kind of ['avatar_orig', 'avatar_medium', 'avatar_small'] as const) addImage(kind, profile.avatar_hash);
  addImage('team', profile.team_avatar_hash);
  for (const row of evidence as Row[]) addImage('evidence', row.evidence_hash);

  return {
    format: 'ecup-user-data/1',
    exported_at: input.now,
    profile,
    sessions: sessions as Row[],
    password_resets: passwordResets as Row[],
    email_changes: emailChanges as Row[],
    queue_entry: (queueEntry as Row | undefined) ?? null,
    matches: matches.map((row) => ({
      id: row.id,
      season_id: row.season_id,
      ...opponentOf(row),
      state: row.state,
      accepted_at: sideOf(row) === 1 ? row.user_1_accepted_at : row.user_2_accepted_at,
      declined_by_you: byYou(row.declined_user_id),
      created_at: row.created_at,
      closed_at: row.closed_at,
    })),
    games: games.map((row) => {
      const mine = sideOf(row) === 1;
      return {
        id: row.id,
        season_id: row.season_id,
        match_id: row.match_id,
        ...opponentOf(row),
        your_side: mine ? 1 : 2,
        your_score: mine ? row.score_1 : row.score_2,
        opponent_score: mine ? row.score_2 : row.score_1,
        state: row.state,
        submitted_by_you: byYou(row.submitted_user_id),
        confirmed_by_you: byYou(row.confirmed_user_id),
        opponent_left: row.dropped_user_id === null ? null : row.dropped_user_id !== id,
        conflict: Boolean(row.conflict),
        conflict_solved: Boolean(row.conflict_solved),
        your_elo_before: mine ? row.elo_1_before : row.elo_2_before,
        your_elo_after: mine ? row.elo_1_after : row.elo_2_after,
        created_at: row.created_at,
        submitted_at: row.submitted_at,
        final_at: row.final_at,
      };
    }),
    chat_messages: chatMessages as Row[],
    evidence: evidence as Row[],
    forum_threads: (forumThreads as Row[]).map((row) => ({ ...row, locked: Boolean(row.locked) })),
    forum_posts: forumPosts as Row[],
    reports: reports as Row[],
    blocks: blocks as Row[],
    warnings: warnings as Row[],
    trophies: trophies as Row[],
    trophy_moves: trophyMoves.map((row) => ({
      id: row.id,
      trophy_id: row.trophy_id,
      game_id: row.game_id,
      kind: row.kind,
      to_you: row.to_user_id === id,
      created_at: row.created_at,
      reversed_at: row.reversed_at,
    })),
    emails: (emails as Row[]).map((row) => ({ ...row, text_body: redactTokens(String(row.text_body)) })),
    bans: bans as Row[],
    audit_log: [
      ...(auditAbout as Row[]).map((row) => ({
        id: row.id,
        about_you: true,
        action: row.action,
        before: parseJson(row.before),
        after: parseJson(row.after),
        created_at: row.created_at,
      })),
      ...(auditBy as Row[]).map((row) => ({ ...row, by_you: true })),
    ],
    images,
  };
}
