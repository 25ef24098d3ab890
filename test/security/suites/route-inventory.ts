/**
 * Security suite 1: the route inventory is complete. Walks the koa-router stacks of the app
 * that createApp builds (the built web apps' file and index.html fallbacks are middleware, not routes) and fails on
 * a served route the inventory does not list, on a listed route the app does not serve, on a test-only route served
 * without TEST_CLOCK, and on a socket event the server listens to that SOCKET_EVENTS does not list (or the reverse).
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import { createApp } from '@ecup/api';
import { MESSAGES, PERMISSION_NAMES } from '@ecup/domain';
import { startTestServer } from '../../helpers/server.ts';
import { openSocket, signedInUser } from '../../helpers/sockets.ts';
import { ROUTES, SOCKET_EVENTS } from '../inventory.ts';
import type { RouteEntry } from '../inventory-types.ts';
import type { Suite } from '../suite.ts';

/** A route as the app serves it; `ALL` for a `router.all` layer (any method reaches its handler). */
export interface ServedRoute {
  method: string;
  path: string;
}

/** Layers registered with `router.all` list every method node knows; a real route lists one or two. */
const ALL_THRESHOLD = 8;

/**
 * The catch-all below /admin/api/ answers a JSON 404 for any path no resource serves (docs/api.md "Admin API"): it
 * is the console API's not-found fallback, not a route, and is checked to answer 404 instead.
 */
export const FALLBACK_ROUTES: readonly string[] = ['/admin/api/{*rest}'];

/** Events socket.io itself emits on a server socket: never a client's. */
const RESERVED_EVENTS = new Set(['disconnect', 'disconnecting', 'error', 'newListener', 'removeListener']);

/** Every route of every koa-router mounted on the app, in mounting order (HEAD folded into GET). */
export function servedRoutes(app: Koa<never>): ServedRoute[] {
  const served: ServedRoute[] = [];
  for (const middleware of app.middleware as unknown as { router?: Router }[]) {
    const router = middleware.router;
    if (!router) continue;
    for (const layer of router.stack) {
      const methods = layer.methods.filter((m) => m !== 'HEAD');
      if (methods.length === 0 || typeof layer.path !== 'string') continue; // router.use middleware
      if (methods.length >= ALL_THRESHOLD) served.push({ method: 'ALL', path: layer.path });
      else for (const method of methods) served.push({ method, path: layer.path });
    }
  }
  return served;
}

const key = (method: string, path: string) => `${method} ${path}`;

/** Path parameters of a template, e.g. ['uid', 'token'] for '/guardian/confirm/:uid/:token'. */
function paramsOf(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** A concrete path for a route from its example parameters. */
export function concretePath(route: Pick<RouteEntry, 'path' | 'params'>): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(route.params?.[name] ?? '1'));
}

/** Inventory entries that contradict themselves (unknown flags, objects naming no field, missing examples). */
function selfCheck(): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of ROUTES) {
    const id = key(route.method, route.path);
    if (seen.has(id)) problems.push(`${id}: listed twice`);
    seen.add(id);
    const flags = [route.permission, ...(route.permissionsAll ?? [])].filter((f) => f !== undefined && f !== 'all');
    for (const flag of flags) if (!PERMISSION_NAMES.includes(flag!)) problems.push(`${id}: unknown flag ${flag}`);
    if (route.permission && route.auth === 'none') problems.push(`${id}: a flag on a route open to anyone`);
    for (const name of paramsOf(route.path)) {
      if (route.params?.[name] === undefined) problems.push(`${id}: no example for :${name}`);
    }
    for (const object of route.objects ?? []) {
      const known = object.field.startsWith(':')
        ? paramsOf(route.path).includes(object.field.slice(1))
        : route.fields?.[object.field] !== undefined;
      if (!known) problems.push(`${id}: object ${object.kind} names unknown field ${object.field}`);
    }
    for (const [name, spec] of Object.entries(route.fields ?? {})) {
      if (spec.example === undefined) problems.push(`${id}: field ${name} has no example`);
      if (spec.type === 'enum' && !spec.values?.includes(String(spec.example))) {
        problems.push(`${id}: field ${name}'s example is not one of its values`);
      }
      if (spec.in === 'file' && route.body !== 'multipart' && route.path !== '/game/upload_evidence') {
        problems.push(`${id}: file field ${name} on a route without a multipart body`);
      }
      if (route.method === 'GET' && spec.in === 'body') problems.push(`${id}: body field ${name} on a GET`);
    }
  }
  const events = new Set<string>();
  for (const entry of SOCKET_EVENTS) {
    if (events.has(entry.event)) problems.push(`socket ${entry.event}: listed twice`);
    events.add(entry.event);
  }
  return problems;
}

export const suite: Suite = {
  name: 'route-inventory',
  description: 'every served HTTP route and socket event is in test/security/inventory.ts, and nothing else is',
  async run({ log }) {
    const violations: string[] = selfCheck();
    const server = await startTestServer({ label: 'sec-routes', env: { TEST_CLOCK: 'on' } });
    let socketsChecked = 0;
    let probes = 0;
    let served: ServedRoute[] = [];
    const servedKeys = new Set<string>();
    try {
      // --- HTTP: the app as `npm start` builds it, with the test clock ---
      served = servedRoutes(createApp(server.deps) as unknown as Koa<never>);
      const listed = new Map(ROUTES.map((r) => [key(r.method, r.path), r]));
      for (const route of served) {
        if (FALLBACK_ROUTES.includes(route.path)) continue;
        if (route.method !== 'ALL') {
          servedKeys.add(key(route.method, route.path));
          continue;
        }
        // A `router.all` handler may answer only some methods: ask the real server which. A handler that ignores
        // a method leaves Koa's plain-text 404; a handler's own 404 (e.g. no news yet) is JSON.
        for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
          probes++;
          const answer = await fetch(new URL(route.path, server.url), { method });
          await answer.arrayBuffer();
          const json = (answer.headers.get('content-type') ?? '').includes('json');
          if (answer.status !== 405 && (answer.status !== 404 || json)) servedKeys.add(key(method, route.path));
        }
      }
      for (const id of servedKeys) {
        if (!listed.has(id)) violations.push(`served but not in the inventory: ${id}`);
      }
      for (const id of listed.keys()) {
        if (!servedKeys.has(id)) violations.push(`in the inventory but not served: ${id}`);
      }

      // Without TEST_CLOCK the test-only routes are gone and everything else stays.
      const plain = servedRoutes(
        createApp({ ...server.deps, config: { ...server.deps.config, testClock: false } }) as unknown as Koa<never>,
      );
      const plainKeys = new Set(plain.map((r) => key(r.method, r.path)));
      for (const route of ROUTES) {
        const id = key(route.method, route.path);
        const present = plainKeys.has(id) || plainKeys.has(key('ALL', route.path));
        if (route.testOnly && present) violations.push(`test-only route served without TEST_CLOCK: ${id}`);
        if (!route.testOnly && !present) violations.push(`route served only with TEST_CLOCK: ${id}`);
      }

      // The console API's catch-all answers the JSON 404 for anything no resource serves.
      for (const [method, path] of [
        ['GET', '/admin/api/no-such-resource'],
        ['PATCH', '/admin/api/users/1'],
        ['POST', '/admin/api/users'],
        ['DELETE', '/admin/api/conflicts/1'],
      ] as const) {
        probes++;
        const answer = await fetch(new URL(path, server.url), { method });
        const body = (await answer.json().catch(() => null)) as { error?: string } | null;
        if (answer.status !== 404 || body?.error !== MESSAGES.notFound) {
          violations.push(`${method} ${path}: the console API's fallback answered ${answer.status}, not a JSON 404`);
        }
      }

      // --- Socket events: what the server listens to on a signed-in socket ---
      const { auth } = await signedInUser(server.knex);
      const socket = await openSocket(server.url, auth);
      try {
        const serverSocket = server.io.of('/').sockets.get(socket.id!);
        if (!serverSocket) throw new Error('the server socket of a fresh connection was not found');
        const names = serverSocket
          .eventNames()
          .map(String)
          .filter((name) => !RESERVED_EVENTS.has(name));
        socketsChecked = names.length;
        const listedEvents = new Set(SOCKET_EVENTS.map((e) => e.event));
        for (const name of names) {
          if (!listedEvents.has(name)) violations.push(`socket event handled but not in the inventory: ${name}`);
        }
        for (const name of listedEvents) {
          if (!names.includes(name)) violations.push(`socket event in the inventory but not handled: ${name}`);
        }
      } finally {
        socket.close();
      }
      log(`${probes} probe requests`);
    } finally {
      await server.close();
    }
    return {
      figures: {
        'routes in the inventory': ROUTES.length,
        'routes served (method and path, HEAD folded into GET)': servedKeys.size,
        'router layers walked': served.length,
        'test-only routes': ROUTES.filter((r) => r.testOnly).length,
        'socket events in the inventory': SOCKET_EVENTS.length,
        'socket events handled by the server': socketsChecked,
      },
      violations,
    };
  },
};
