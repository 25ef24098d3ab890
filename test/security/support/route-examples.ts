/**
 * A valid request for a route of the inventory (suites 8 and 9): its examples, with the ids of a suite's own
 * objects put where the route names an object (a path parameter or a field), files left out.
 */
import type { RouteEntry } from '../inventory-types.ts';

export interface ExampleRequest {
  /** The path with its parameters filled in. */
  pathname: string;
  /** Names of the path parameters. */
  params: string[];
  query: [string, string][];
  body: [string, string][];
}

/**
 * `objectId(kind)` answers the id of a suite's object of that kind; `overrides` replaces field values by name, or
 * path parameters by ':name'.
 */
export function routeExample(
  route: RouteEntry,
  objectId: (kind: string) => string,
  overrides: Record<string, string> = {},
): ExampleRequest {
  const values = new Map<string, string>();
  for (const [name, spec] of Object.entries(route.fields ?? {})) {
    if (spec.type === 'file') continue;
    values.set(name, typeof spec.example === 'string' ? spec.example : JSON.stringify(spec.example ?? ''));
  }
  const params = new Map(Object.entries(route.params ?? {}));
  for (const object of route.objects ?? []) {
    const id = objectId(object.kind);
    const value = object.template ? object.template.replace('{id}', id) : id;
    if (object.field.startsWith(':')) params.set(object.field.slice(1), value);
    else if (values.has(object.field)) values.set(object.field, value);
  }
  for (const [name, value] of Object.entries(overrides)) {
    if (name.startsWith(':')) params.set(name.slice(1), value);
    else if (values.has(name)) values.set(name, value);
  }
  const pathname = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params.get(name) ?? '1'));
  const query: [string, string][] = [];
  const body: [string, string][] = [];
  for (const [name, value] of values) (route.fields![name]!.in === 'query' ? query : body).push([name, value]);
  return { pathname, params: [...params.keys()], query, body };
}

/** The body of a request as the route takes it: JSON for the console's API, form-encoded otherwise. */
export function encodeBody(route: RouteEntry, body: [string, string][]): { type: string; text: string } {
  if (route.body === 'json') {
    const object: Record<string, unknown> = {};
    for (const [name, value] of body) {
      const spec = route.fields?.[name];
      object[name] =
        spec?.type === 'int' ? Number(value) : spec?.type === 'bool' ? value === 'true' || value === '1' : value;
    }
    return { type: 'application/json', text: JSON.stringify(object) };
  }
  return { type: 'application/x-www-form-urlencoded', text: new URLSearchParams(body).toString() };
}

/** The URL of an example request on a server. */
export function exampleUrl(base: string, request: ExampleRequest): URL {
  const url = new URL(request.pathname, base);
  for (const [k, v] of request.query) url.searchParams.set(k, v);
  return url;
}
