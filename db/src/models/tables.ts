import type { Knex } from 'knex';
import type { Tables } from 'knex/types/tables';
import type { Model } from 'objection';
import type { AuditLog } from './AuditLog.ts';
import type { Ban } from './Ban.ts';
import type { BaseModel } from './base.ts';
import type { Block } from './Block.ts';
import type { ChatMessage } from './ChatMessage.ts';
import type { ChatOriginal } from './ChatOriginal.ts';
import type { Country } from './Country.ts';
import type { EloHistory } from './EloHistory.ts';
import type { Email } from './Email.ts';
import type { EmailChange } from './EmailChange.ts';
import type { EnrolmentLink } from './EnrolmentLink.ts';
import type { Evidence } from './Evidence.ts';
import type { ForumCategory } from './ForumCategory.ts';
import type { ForumPost } from './ForumPost.ts';
import type { ForumPostOriginal } from './ForumPostOriginal.ts';
import type { ForumThread } from './ForumThread.ts';
import type { ForumThreadOriginal } from './ForumThreadOriginal.ts';
import type { Game } from './Game.ts';
import type { IpBan } from './IpBan.ts';
import type { LiveRating } from './LiveRating.ts';
import type { Match } from './Match.ts';
import type { News } from './News.ts';
import type { NotificationChoice } from './NotificationChoice.ts';
import type { PasswordReset } from './PasswordReset.ts';
import type { PushSubscription } from './PushSubscription.ts';
import type { QueueEntry } from './QueueEntry.ts';
import type { RecoveryCode } from './RecoveryCode.ts';
import type { Report } from './Report.ts';
import type { RoundWinner } from './RoundWinner.ts';
import type { Season } from './Season.ts';
import type { SeasonStanding } from './SeasonStanding.ts';
import type { Session } from './Session.ts';
import type { Setting } from './Setting.ts';
import type { Team } from './Team.ts';
import type { Trophy } from './Trophy.ts';
import type { TrophyMove } from './TrophyMove.ts';
import type { TrophyPool } from './TrophyPool.ts';
import type { User } from './User.ts';
import type { UserWarning } from './UserWarning.ts';

/** The keys of a model that name a column: not objection's members, methods or a related model. */
type ColumnKeys<M> = {
  [K in keyof M]-?: K extends keyof BaseModel
    ? never
    : M[K] extends (...args: never[]) => unknown
      ? never
      : NonNullable<M[K]> extends Model | readonly Model[]
        ? never
        : K;
}[keyof M];

/** A table's row as a model class declares it: its column properties only. */
export type Columns<M> = Pick<M, ColumnKeys<M>>;

/**
 * A flag column as knex sees it: the driver gives a TINYINT(1) as 0 or 1 (no cast turns it into a boolean), while
 * filters and writes may name it `true`/`false`. A model declares its flags as booleans, the row a command hands
 * on once it converted them (`GameRow`).
 */
type Flag<T> = T extends boolean ? number | boolean : T;

/** A row as the driver gives it and a filter names it. */
type Stored<R> = { [K in keyof R]: Flag<R[K]> };

/**
 * A value a write may give a column: its own type, a date or time as MySQL's text (`'1900-01-01'`), or SQL that
 * computes it (`fn.now()`, `raw`, a column `ref`).
 */
type Writable<T> = {
  [K in keyof T]: T[K] | (Date extends T[K] ? string : never) | Knex.Raw | Knex.Ref<string, object>;
};

/** Columns an INSERT may leave out: nullable ones (NULL) and those MySQL fills (`Defaulted`). */
type Optional<R, Defaulted extends keyof R> = Defaulted | { [K in keyof R]-?: null extends R[K] ? K : never }[keyof R];

/**
 * knex's read, insert and update shapes of a table: a read gives every column; an insert needs every column that
 * has no default, and never sets a generated one; an update sets any of them.
 */
type Table<
  M,
  Defaulted extends keyof Columns<M> = never,
  Generated extends keyof Columns<M> = never,
> = Knex.CompositeTableType<
  Stored<Columns<M>>,
  Writable<
    Omit<Stored<Columns<M>>, Optional<Columns<M>, Defaulted> | Generated> &
      Partial<Pick<Stored<Columns<M>>, Exclude<Optional<Columns<M>, Defaulted>, Generated>>>
  >
>;

// The defaults below are the migrations' (`defaultTo`, `increments`, timestamps defaulting to now).
declare module 'knex/types/tables' {
  interface Tables {
    audit_log: Table<AuditLog, 'id' | 'created_at'>;
    bans: Table<Ban, 'id' | 'created_at'>;
    blocks: Table<Block>;
    chat_messages: Table<ChatMessage, 'id' | 'is_admin' | 'created_at'>;
    chat_originals: Table<ChatOriginal, 'id'>;
    countries: Table<Country>;
    elo_history: Table<EloHistory, 'id'>;
    emails: Table<Email, 'id' | 'attempts' | 'created_at'>;
    email_changes: Table<EmailChange, 'id'>;
    enrolment_links: Table<EnrolmentLink, 'id'>;
    evidence: Table<Evidence, 'id' | 'created_at'>;
    forum_categories: Table<ForumCategory, 'thread_count'>;
    forum_posts: Table<ForumPost, 'id' | 'created_at'>;
    forum_post_originals: Table<ForumPostOriginal, 'id'>;
    forum_threads: Table<ForumThread, 'id' | 'reply_count' | 'created_at' | 'last_post_at' | 'locked'>;
    forum_thread_originals: Table<ForumThreadOriginal, 'id'>;
    games: Table<Game, 'id' | 'state' | 'conflict' | 'conflict_solved' | 'created_at'>;
    ip_bans: Table<IpBan, 'id' | 'created_at'>;
    live_ratings: Table<LiveRating>;
    matches: Table<Match, 'id' | 'state' | 'created_at'>;
    news: Table<News, 'id' | 'published' | 'published_at' | 'created_at' | 'updated_at'>;
    notification_choices: Table<NotificationChoice, 'updated_at'>;
    password_resets: Table<PasswordReset, 'id' | 'created_at'>;
    push_subscriptions: Table<PushSubscription, 'id' | 'lang' | 'created_at'>;
    queue_entries: Table<QueueEntry, 'id' | 'entered_at' | 'keepalive_at'>;
    recovery_codes: Table<RecoveryCode, 'id'>;
    reports: Table<Report, 'id', 'open_flag_user_id'>;
    round_winners: Table<RoundWinner, 'id'>;
    seasons: Table<
      Season,
      | 'id'
      | 'time_zone'
      | 'window_start_minute'
      | 'window_end_minute'
      | 'max_games_per_week'
      | 'active'
      | 'chat_mode'
      | 'created_at'
      | 'updated_at'
    >;
    season_standings: Table<SeasonStanding, 'id'>;
    sessions: Table<Session, 'id' | 'created_at' | 'last_seen_at' | 'console'>;
    settings: Table<Setting, 'updated_at'>;
    teams: Table<Team, 'id' | 'is_irl' | 'is_fifa' | 'created_at'>;
    trophies: Table<Trophy, 'id' | 'state' | 'wins' | 'updated_at', 'held_by'>;
    trophy_moves: Table<TrophyMove, 'id' | 'created_at'>;
    trophy_pools: Table<TrophyPool, 'id' | 'size' | 'created_at'>;
    users: Table<
      User,
      | 'id'
      | 'permissions'
      | 'wins'
      | 'losses'
      | 'ties'
      | 'games_played'
      | 'scored_goals'
      | 'conceded_goals'
      | 'secured_trophies'
      | 'unsecured_trophies'
      | 'elo'
      | 'forum_post_count'
      | 'totp_enabled'
      | 'hide_real_name'
      | 'created_at'
      | 'updated_at'
    >;
    user_warnings: Table<UserWarning, 'id'>;
  }
}

/** A row of `table` as a read gives it (flags as the driver's 0/1). */
export type Row<T extends keyof Tables> = Knex.ResolveTableType<Tables[T]>;

/** The row an INSERT into `table` takes: every column without a default, the others optional. */
export type NewRow<T extends keyof Tables> = Knex.ResolveTableType<Tables[T], 'insert'>;
