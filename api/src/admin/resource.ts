import type Koa from 'koa';
import type Router from '@koa/router';
import {
  ADMIN_PAGE_MAX,
  ADMIN_RESOURCES,
  asInteger,
  asTrimmed,
  parsePositiveInt,
  type AdminResourceName,
  message,
} from '@ecup/domain';
import type { AdminListRequest, SortOrder, User } from '@ecup/db';
import type { AppDeps, AppState } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { bodyOf, queryOf } from '../middleware/body.ts';
import { clientIp } from '../services/client.ts';
import { requireConsole, requireFlags } from './access.ts';

/**
 * The generic layer of the console API (docs/api.md "Admin API"): the ra-data-simple-rest dialect
 * (`GET /{resource}?sort=["field","ASC"]&range=[0,24]&filter={...}` with `Content-Range: {resource} 0-24/319`,
 * `GET /{resource}/{id}`, `GET /{resource}?filter={"id":[1,2]}`, `POST`, `PUT /{id}`, `DELETE /{id}`), the console
 * gate and the resource's flag (ADMIN_RESOURCES) in front of every call. A resource is one file that declares its
 * sort fields, filters, reads and commands.
 */

export type { SortOrder };

/** A parsed list call (db's AdminListRequest, which the console's queries take). */
export type ListRequest<F> = AdminListRequest<F>;

/** Who is calling and from where: every command gets the actor, the address and the app's clock. */
export interface AdminContext {
  deps: AppDeps;
  actor: User;
  ip: string | null;
  now: Date;
  ctx: Koa.ParameterizedContext<AppState>;
}

/** Reads one filter value; throws a 400 (MESSAGES.listQueryInvalid) when it cannot. */
export type FilterParser<T> = (value: unknown) => T;

/**
 * One console resource. `getOne` answers null for an unknown id (404). Calls a resource leaves out are not routed
 * (405). Methods, not function properties, so resources with their own record and filter types fit one list.
 */
export interface AdminResource<R extends { id: number }, F extends object> {
  name: AdminResourceName;
  sortable: readonly string[];
  defaultSort: { field: string; order: SortOrder };
  filters: { [K in keyof F]-?: FilterParser<F[K]> };
  list(ac: AdminContext, request: ListRequest<F>): Promise<{ data: R[]; total: number }>;
  getOne(ac: AdminContext, id: number): Promise<R | null>;
  create?(ac: AdminContext, body: Record<string, unknown>): Promise<R>;
  update?(ac: AdminContext, id: number, body: Record<string, unknown>): Promise<R>;
  remove?(ac: AdminContext, id: number): Promise<R>;
}

export type AnyResource = AdminResource<{ id: number }, Record<string, unknown>>;

/** Declares a resource with its own types and erases them for the router's list. */
export function defineResource<R extends { id: number }, F extends object>(resource: AdminResource<R, F>): AnyResource {
  return resource as unknown as AnyResource;
}

const invalid = () => badRequest('listQueryInvalid');

// --- Filter parsers ---

/** A search text: trimmed, at most 100 characters; empty means no filter. */
export const textFilter: FilterParser<string | undefined> = (value) => {
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid();
  const text = asTrimmed(value).slice(0, 100);
  return text === '' ? undefined : text;
};

/** A whole number. */
export const intFilter: FilterParser<number> = (value) => {
  const n = asInteger(value);
  if (n === undefined) throw invalid();
  return n;
};

/** One of a fixed list of words (a select input's choices). */
export function choiceFilter<T extends string>(choices: readonly T[]): FilterParser<T> {
  return (value) => {
    if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) throw invalid();
    return value as T;
  };
}

/** true/false, also as 'true'/'false' or 1/0 (how select inputs send them). */
export const boolFilter: FilterParser<boolean> = (value) => {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  throw invalid();
};

/** An instant as ISO 8601 text (a date input sends 'YYYY-MM-DD', read as UTC midnight) or unix milliseconds. */
export const dateFilter: FilterParser<Date> = (value) => {
  const date = typeof value === 'number' ? new Date(value) : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw invalid();
  return date;
};

/** Row ids: one or a list of positive whole numbers (at most ADMIN_PAGE_MAX). */
export const idsFilter: FilterParser<number[]> = (value) => {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > ADMIN_PAGE_MAX) throw invalid();
  return list.map((item) => {
    const id = parsePositiveInt(item);
    if (id === undefined) throw invalid();
    return id;
  });
};

// --- The list call ---

function json(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid();
  }
}

/** Reads `sort`, `range` and `filter`; unknown sort or filter fields are a 400 naming the field. */
export function parseListRequest(resource: AnyResource, query: Record<string, string>): ListRequest<never> {
  const sortValue = json(query.sort);
  let sort = resource.defaultSort;
  if (sortValue !== undefined) {
    if (!Array.isArray(sortValue) || typeof sortValue[0] !== 'string' || typeof sortValue[1] !== 'string') {
      throw invalid();
    }
    const [field, order] = sortValue as [string, string];
    if (!resource.sortable.includes(field)) throw badRequest(message('unknownListField', { name: field }));
    const upper = order.toUpperCase();
    if (upper !== 'ASC' && upper !== 'DESC') throw invalid();
    sort = { field, order: upper };
  }
  const rangeValue = json(query.range);
  let range = { start: 0, end: ADMIN_PAGE_MAX - 1 };
  if (rangeValue !== undefined) {
    if (!Array.isArray(rangeValue) || rangeValue.length !== 2) throw invalid();
    const [start, end] = rangeValue.map((n) => asInteger(n)) as [number | undefined, number | undefined];
    if (start === undefined || end === undefined || start < 0 || end < start) throw invalid();
    range = { start, end: Math.min(end, start + ADMIN_PAGE_MAX - 1) };
  }
  const filterValue = json(query.filter) ?? {};
  if (typeof filterValue !== 'object' || filterValue === null || Array.isArray(filterValue)) throw invalid();
  const filter: Record<string, unknown> = {};
  let ids: number[] | null = null;
  for (const [key, value] of Object.entries(filterValue)) {
    if (key === 'id') {
      ids = idsFilter(value);
      continue;
    }
    const parse = (resource.filters as Record<string, FilterParser<unknown>>)[key];
    if (!Object.prototype.hasOwnProperty.call(resource.filters, key) || !parse) {
      throw badRequest(message('unknownListField', { name: key }));
    }
    if (value === null || value === undefined || value === '') continue;
    const parsed = parse(value);
    if (parsed !== undefined) filter[key] = parsed;
  }
  return { sort, range, filter: filter as never, ids };
}

/** The `Content-Range` of a page: `users 0-24/319`; an empty page has `*` in place of the first and last row. */
export function contentRange(name: string, start: number, count: number, total: number): string {
  return count === 0 ? `${name} */${total}` : `${name} ${start}-${start + count - 1}/${total}`;
}

/** Sorts and pages rows held in memory (small read-only lists such as country stats). */
export function memoryPage<R extends { id: number }>(
  rows: R[],
  request: ListRequest<unknown>,
): { data: R[]; total: number } {
  const chosen = request.ids ? rows.filter((row) => request.ids!.includes(row.id)) : rows;
  const field = request.sort.field as keyof R;
  const sign = request.sort.order === 'DESC' ? -1 : 1;
  const sorted = [...chosen].sort((a, b) => {
    const x = a[field] as unknown;
    const y = b[field] as unknown;
    if (x === y) return sign * (a.id - b.id);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (typeof x === 'string' ? x.localeCompare(String(y)) : Number(x) - Number(y));
  });
  return { data: sorted.slice(request.range.start, request.range.end + 1), total: chosen.length };
}

// --- Routes ---

/** The id of a route; anything else reads as an unknown record (404). */
function idOf(ctx: Koa.ParameterizedContext<AppState>): number {
  const id = parsePositiveInt((ctx.params as Record<string, string> | undefined)?.id);
  if (id === undefined) throw notFound('recordNotFound');
  return id;
}

/** Passes the gate and the resource's flag; answers who is calling. */
export async function adminContext(
  deps: AppDeps,
  ctx: Koa.ParameterizedContext<AppState>,
  flags: number,
): Promise<AdminContext> {
  const actor = requireConsole(ctx);
  requireFlags(actor, flags);
  return { deps, actor, ip: clientIp(ctx) || null, now: deps.now(), ctx };
}

/** Routes one resource under `/admin/api/{name}`. */
export function routeResource(router: Router<AppState>, deps: AppDeps, resource: AnyResource): void {
  const base = `/admin/api/${resource.name}`;
  const flags = ADMIN_RESOURCES[resource.name];
  const gate = (ctx: Koa.ParameterizedContext<AppState>) => adminContext(deps, ctx, flags);

  router.get(base, async (ctx) => {
    const ac = await gate(ctx);
    const request = parseListRequest(resource, queryOf(ctx));
    const { data, total } = await resource.list(ac, request);
    ctx.set('Content-Range', contentRange(resource.name, request.range.start, data.length, total));
    ctx.body = data;
  });

  router.get(`${base}/:id`, async (ctx) => {
    const ac = await gate(ctx);
    const record = await resource.getOne(ac, idOf(ctx));
    if (!record) throw notFound('recordNotFound');
    ctx.body = record;
  });

  const { create, update, remove } = resource;
  if (create) {
    router.post(base, async (ctx) => {
      const ac = await gate(ctx);
      ctx.status = 201;
      ctx.body = await create.call(resource, ac, bodyOf(ctx));
    });
  }
  if (update) {
    router.put(`${base}/:id`, async (ctx) => {
      const ac = await gate(ctx);
      ctx.body = await update.call(resource, ac, idOf(ctx), bodyOf(ctx));
    });
  }
  if (remove) {
    router.delete(`${base}/:id`, async (ctx) => {
      const ac = await gate(ctx);
      ctx.body = await remove.call(resource, ac, idOf(ctx));
    });
  }
}
