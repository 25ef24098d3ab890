import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** A home section's h2 (its id labels the section) with a link to the full page on the right. */
export function SectionHeading({
  id,
  title,
  to,
  linkText,
}: {
  id: string;
  title: string;
  to: string;
  linkText: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2.5 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {title}
      </Typography>
      <Link component={RouterLink} to={to} sx={{ fontWeight: 500, flex: 'none' }}>
        {linkText}
      </Link>
    </Box>
  );
}
