import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/** A focus ring that shows for keyboard focus on every scheme (ui-brief: visible focus). */
/** Two columns from 768 px where a form has room for them, one on phones. */
export const twoColumns: SxProps<Theme> = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
};

/** The frame of an account screen: its one h1, an optional intro and the content. */
export function AccountPage({
  title,
  intro,
  width = 'sm',
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  width?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Container maxWidth={width} sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' }, mb: intro ? 1 : 3 }}>
        {title}
      </Typography>
      {intro && (
        <Typography component="div" color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Container>
  );
}

/** The submit button of a form: disabled with a spinner while the call is pending (no double submits). */
export function SubmitButton({
  pending,
  disabled,
  children,
  fullWidth,
}: {
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
  fullWidth?: boolean;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={pending || disabled}
      fullWidth={fullWidth}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  );
}

/** Actions row under a form section. */
export function FormActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>{children}</Box>;
}
