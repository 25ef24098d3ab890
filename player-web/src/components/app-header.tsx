import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { ColorSchemeToggle } from './color-scheme-toggle.tsx';

/** Sticky header with the product name as the link home (spec section 2, "logo to /"). */
export function AppHeader({ productName }: { productName: string }) {
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 1 }}>
        <Link
          href="/"
          underline="none"
          color="inherit"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            minWidth: 0,
            fontWeight: 700,
            fontSize: '1.25rem',
          }}
        >
          <EmojiEvents color="secondary" aria-hidden />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {productName}
          </Box>
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <ColorSchemeToggle />
      </Toolbar>
    </AppBar>
  );
}
