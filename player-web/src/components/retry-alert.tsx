import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

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
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
