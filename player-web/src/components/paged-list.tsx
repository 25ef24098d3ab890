import type { ReactNode } from 'react';
import type { PagedListState } from '../lib/use-paged-list.ts';
import { PagedListBody } from './paged-list-body.tsx';
import { ShowMoreButtons } from './show-more-buttons.tsx';

export interface PagedListText {
  error: string;
  retry: string;
  empty: string;
  /** The 'Show more' button, which loads one more page. */
  more: string;
  /** 'Showing N of M' under the rows; left out when absent. */
  shown?: (shown: number, total: number) => string;
}

/**
 * A list from `usePagedList` read one page size at a time (the game history, the country and club tables): the
 * loading, error and empty states, the rows, and under them 'Showing N of M' and one 'Show more' button while rows
 * are missing.
 */
export function PagedList({
  list,
  page,
  text,
  children,
}: {
  list: PagedListState<unknown> & { retry(): void; loadMore(amount: number): Promise<void> };
  /** Rows a 'Show more' adds. */
  page: number;
  text: PagedListText;
  /** The rows, drawn once the list is ready and not empty. */
  children: ReactNode;
}) {
  return (
    <>
      <PagedListBody list={list} errorText={text.error} retryLabel={text.retry} emptyText={text.empty}>
        {children}
      </PagedListBody>
      {list.status === 'ready' && list.rows.length > 0 && (
        <ShowMoreButtons
          steps={[page]}
          shown={list.rows.length}
          total={list.total}
          onMore={(step) => void list.loadMore(step)}
          label={() => text.more}
          groupLabel={text.more}
          busy={list.loadingMore}
          showing={text.shown ? text.shown(list.rows.length, list.total) : null}
          error={list.moreFailed ? text.error : null}
        />
      )}
    </>
  );
}
