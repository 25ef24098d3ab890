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
}

/** Who may call a route at all. */
export type RouteAuth = 'none' | 'user' | 'staff';

/** One HTTP route the app serves (method + koa-router path template). */
export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The koa-router template, e.g. '/game/get' or '/admin/api/users/:id'. */
  path: string;
  auth: RouteAuth;
  /** The staff flag the route needs (spec §6), or 'all' for holders of every flag. */
  permission?: PermissionName | 'all';
  /** The owner rule in words, e.g. 'a player of the game', 'the caller's own account'; absent when none. */
  owner?: string;
  /** Only with TEST_CLOCK=on (never in production). */
  testOnly?: boolean;
  fields?: Record<string, FieldSpec>;
  /** Whether the route changes state (POST/PUT/DELETE that writes). */
  writes?: boolean;
}

/** One socket.io event a client may emit (decisions §3), with the same rule fields as a route. */
export interface SocketEventEntry {
  event: string;
  auth: RouteAuth;
  permission?: PermissionName | 'all';
  owner?: string;
  fields?: Record<string, FieldSpec>;
}
