import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PagedListState } from '../lib/use-paged-list.ts';
import { LoadingScreen } from './loading-screen.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { ErrorAlert } from './error-alert.tsx';

export interface PagedListBodyProps {
  list: Pick<PagedListState<unknown>, 'rows' | 'status' | 'refreshing' | 'loadingMore'> & { retry(): void };
  errorText: string;
  retryLabel: string;
  /** Shown when the list has no rows; null shows nothing (a search says so in its summary instead). */
  emptyText: string | null;
  /** The rows, drawn once the list is ready and not empty. */
  children: ReactNode;
}

/**
 * The body of a list from `usePagedList`: a spinner before the first answer, an error with a retry button, the
 * empty text, or the rows; while a new question is under way the old rows stay under a progress bar.
 */
export function PagedListBody({ list, errorText, retryLabel, emptyText, children }: PagedListBodyProps) {
  let body: ReactNode;
  if (list.status === 'loading') {
    body = <LoadingScreen fullScreen={false} />;
  } else if (list.status === 'error') {
    body = (
      <ErrorAlert
        action={
          <Button color="inherit" size="small" onClick={list.retry}>
            {retryLabel}
          </Button>
        }
      >
        {errorText}
      </ErrorAlert>
    );
  } else if (list.rows.length === 0) {
    body =
      emptyText === null ? null : (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {emptyText}
        </Typography>
      );
  } else {
    body = children;
  }
  return (
    <Box sx={{ position: 'relative' }} aria-busy={list.refreshing || list.loadingMore}>
      {list.refreshing && list.status === 'ready' && (
        <ProgressBar sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
      )}
      {body}
    </Box>
  );
}
