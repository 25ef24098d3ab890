import type { PermissionName } from '@ecup/domain';

/** A field a route reads (body, query or multipart), as the malformed-input and mass-assignment suites need it. */
export interface FieldSpec {
  in: 'query' | 'body' | 'file';
  type: 'int' | 'number' | 'string' | 'bool' | 'date' | 'json' | 'file' | 'enum';
  required?: boolean;
  /** For 'enum': the allowed values. */
  values?: readonly string[];
  /** A valid example, so a suite can vary one field at a time around a valid request. */
  example?: unknown;
  /**
   * The field carries credentials of its own (the body's id/token pair of POST /user/auth): its example is a
   * well-formed pair that opens no session, so a request that should act as its caller leaves it out.
   */
  credential?: boolean;
}

/**
 * The kinds of object a route or event names by id (the authorisation matrix builds one of each per owner; the
 * privacy and mass-assignment suites may use them too).
 */
export type ObjectKind =
  | 'game'
  | 'user'
  | 'forum-category'
  | 'thread'
  | 'post'
  | 'news'
  | 'guardian-link'
  | 'admin-user'
  | 'ip-ban'
  | 'conflict'
  | 'country'
  | 'report'
  /** A player who met the owner in a game (whom the owner may block). */
  | 'opponent'
  /** A player the owner blocked. */
  | 'blocked-player'
  | 'trophy-winner'
  | 'audit-entry'
  | 'session';

/** The object a route or event acts on, machine-readable (`owner` says the same in words). */
export interface ObjectSpec {
  kind: ObjectKind;
  /** Where its id travels: a name of `fields`, or a path parameter written ':name'. */
  field: string;
  /** How the id is written when it is not the bare id, e.g. 'private-game-{id}'. */
  template?: string;
  /**
   * The object has owners (a game's two players, a user room's user). Those who are neither owners nor holders of
   * `seenBy` get exactly the answer of a missing object.
   */
  owned?: boolean;
  /** Besides the owners, holders of this flag see (and, unless `ownersOnly`, use) the object. */
  seenBy?: PermissionName;
  /** Only owners act on it: those who see it without owning it get 403. */
  ownersOnly?: boolean;
}

/** Who may call a route at all. */
export type RouteAuth = 'none' | 'user' | 'staff';

/** One HTTP route the app serves (method + koa-router path template). */
export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The koa-router template, e.g. '/game/get' or '/admin/api/users/:id'. */
  path: string;
  auth: RouteAuth;
  /** The staff flag the route needs (docs/product.md#roles), or 'all' for holders of every flag. */
  permission?: PermissionName | 'all';
  /** The owner rule in words, e.g. 'a player of the game', 'the caller's own account'; absent when none. */
  owner?: string;
  /** Only with TEST_CLOCK=on (never in production). */
  testOnly?: boolean;
  fields?: Record<string, FieldSpec>;
  /** Whether the route changes state (POST/PUT/DELETE that writes). */
  writes?: boolean;
  /** Every flag the route needs when it is more than `permission` (e.g. a ban from the user page). */
  permissionsAll?: readonly PermissionName[];
  /** The objects the route names by id (the first is the main one). */
  objects?: readonly ObjectSpec[];
  /** Example values of the path parameters (':name' without the colon), for a valid request. */
  params?: Record<string, string>;
  /** How a valid request sends its body: form-encoded (default for player calls), JSON, or multipart (files). */
  body?: 'form' | 'json' | 'multipart';
  /** Answered before the session middleware (probes, metrics): credentials, even a banned user's, are not read. */
  beforeAuth?: boolean;
  /** A successful call ends the calling session (sign-out, password change): use a session of its own. */
  endsSession?: boolean;
}

/** One socket.io event a client may emit (docs/decisions.md#real-time), with the same rule fields as a route. */
export interface SocketEventEntry {
  event: string;
  auth: RouteAuth;
  permission?: PermissionName | 'all';
  owner?: string;
  fields?: Record<string, FieldSpec>;
  /** The objects the event names (as in RouteEntry). */
  objects?: readonly ObjectSpec[];
}
