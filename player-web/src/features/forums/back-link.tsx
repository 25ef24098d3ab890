import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import ArrowBack from '@mui/icons-material/ArrowBack';

/** The small "back to …" link above a forum heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        mb: 1.5,
        fontWeight: 500,
        overflowWrap: 'anywhere',
      }}
    >
      <ArrowBack aria-hidden fontSize="small" />
      {children}
    </Link>
  );
}
