import { Suspense, lazy } from 'react';
import type { AlertProps } from '@mui/material/Alert';

/**
 * MUI's Alert, fetched the first time a list or a page's data fails, not with the first page that could fail. A
 * failed fetch of its code shows the page's load error, as a page's own code does.
 */
const Alert = lazy(() => import('@mui/material/Alert'));

/** An error with its action (a retry button) as MUI's Alert draws it. */
export function ErrorAlert(props: Omit<AlertProps, 'severity'>) {
  return (
    <Suspense fallback={null}>
      <Alert severity="error" {...props} />
    </Suspense>
  );
}
