import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { ErrorAlert } from './error-alert.tsx';

/** A page's load failed: the error, and a button on its right that loads it again. */
export function RetryAlert({
  retryLabel,
  onRetry,
  children,
}: {
  retryLabel: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <ErrorAlert
      action={
        <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </ErrorAlert>
  );
}
