import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A titled card of a form (h2), e.g. one settings section or one group of sign-up fields. */
export function FormSection({
  id,
  title,
  children,
  component = 'section',
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  component?: 'section' | 'fieldset';
}) {
  return (
    <Paper
      component={component}
      variant="outlined"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 3 }, m: 0, minWidth: 0, border: 1, borderColor: 'divider' }}
    >
      <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
