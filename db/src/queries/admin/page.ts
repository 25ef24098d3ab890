import type { Knex } from 'knex';

export type SortOrder = 'ASC' | 'DESC';

/**
 * A console list call, parsed: `range` is inclusive, as react-admin's simple REST dialect sends it; `ids` is
 * getMany's `filter.id`.
 */
export interface AdminListRequest<F> {
  sort: { field: string; order: SortOrder };
  range: { start: number; end: number };
  filter: Partial<F>;
  ids: number[] | null;
}

/** One page of rows and the count of every row the filter matched. */
export interface AdminPage<T> {
  rows: T[];
  total: number;
}

/**
 * One page of a SQL list: getMany's ids, the total before paging, then the sort column (mapped from the API's
 * field name) with the id as tie-breaker in the same direction.
 */
export async function sqlPage<T>(
  query: Knex.QueryBuilder,
  request: AdminListRequest<unknown>,
  options: { id: string; sort: Record<string, string> },
): Promise<AdminPage<T>> {
  if (request.ids) query.whereIn(options.id, request.ids);
  const counted: { total: number } | undefined = await query
    .clone()
    .clearSelect()
    .clearOrder()
    .count({ total: '*' })
    .first();
  const total = counted?.total ?? 0;
  const order = request.sort.order === 'DESC' ? 'desc' : 'asc';
  const column = options.sort[request.sort.field] ?? options.id;
  const rows: T[] = await query
    .orderBy(column, order)
    .orderBy(options.id, order)
    .offset(request.range.start)
    .limit(request.range.end - request.range.start + 1);
  return { rows, total };
}
