import { useRef } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Toolbar from '@mui/material/Toolbar';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import { isStaff } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { NAV_LINKS, USER_MENU_LINKS } from '../../app/nav-links.ts';
import { useSeason } from '../../app/season-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { ColorSchemeToggle } from '../color-scheme-toggle.tsx';
import { ConnectionStatus } from './connection-status.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { UserMenu } from './user-menu.tsx';

const SIGN_IN = 'sign-in';

/**
 * The sticky header of spec §2: logo to /, the section links (Sign up only when signed out), and on widths from
 * 768 px a sign-in dropdown or the user menu; below 768 px the links, the inline sign-in form or the account links
 * fold into the nav bar.
 */
export function AppHeader() {
  const { t } = useI18n();
  const { productName } = useSeason();
  const { state, dispatch, signOut } = useClient();
  const signInButton = useRef<HTMLButtonElement>(null);
  const user = state.user;
  const links = NAV_LINKS.filter((link) => !(link.signedOutOnly && user));
  const signInOpen = state.dropdown === SIGN_IN;
  const closeNav = () => dispatch({ type: 'set-nav-open', open: false });

  return (
    <AppBar position="sticky" component="header">
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: 1 }}>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            color="inherit"
            aria-label={t('nav.home', { product: productName })}
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
          <Box component="nav" aria-label={t('nav.menu')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3 }}>
            {links.map((link) => (
              <Button
                key={link.to}
                component={RouterNavLink}
                to={link.to}
                color="inherit"
                sx={{ '&.active': { color: 'primary.main' } }}
              >
                {t(link.label)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <ConnectionStatus />
          <ColorSchemeToggle />
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            {user ? (
              <UserMenu user={user} />
            ) : (
              <>
                <Button
                  ref={signInButton}
                  variant="contained"
                  onClick={() => dispatch({ type: 'toggle-dropdown', name: SIGN_IN })}
                  aria-expanded={signInOpen}
                  aria-controls={signInOpen ? 'sign-in-dropdown' : undefined}
                >
                  {t('signIn.open')}
                </Button>
                <Popover
                  id="sign-in-dropdown"
                  open={signInOpen}
                  anchorEl={signInButton.current}
                  onClose={() => dispatch({ type: 'close-dropdown' })}
                  anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                  transformOrigin={{ vertical: 'top', horizontal: 'right' }}
                  // Kept mounted so what was typed survives closing and reopening (ui-brief).
                  keepMounted
                  slotProps={{ paper: { sx: { p: 2, mt: 1, width: 300 } } }}
                >
                  <SignInForm idPrefix="dropdown" onSignedIn={() => dispatch({ type: 'close-dropdown' })} />
                </Popover>
              </>
            )}
          </Box>
          <IconButton
            color="inherit"
            sx={{ display: { md: 'none' } }}
            aria-label={t('nav.menu')}
            aria-expanded={state.navOpen}
            aria-controls="nav-bar"
            onClick={() => dispatch({ type: 'set-nav-open', open: !state.navOpen })}
          >
            {state.navOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
        <Collapse in={state.navOpen} sx={{ display: { md: 'none' } }} id="nav-bar" unmountOnExit>
          <Box component="nav" aria-label={t('nav.menu')} sx={{ px: 2, pb: 2 }}>
            <List dense disablePadding>
              {links.map((link) => (
                <ListItemButton key={link.to} component={RouterNavLink} to={link.to} onClick={closeNav}>
                  {t(link.label)}
                </ListItemButton>
              ))}
            </List>
            <Divider sx={{ my: 1.5 }} />
            {user ? (
              <List dense disablePadding aria-label={t('userMenu.open', { username: user.username })}>
                {isStaff(user.permissions) && (
                  <ListItemButton component="a" href="/admin/conflicts">
                    {t('userMenu.admin')}
                  </ListItemButton>
                )}
                {USER_MENU_LINKS.map((link) => (
                  <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={closeNav}>
                    {t(link.label)}
                  </ListItemButton>
                ))}
                <ListItemButton
                  onClick={() => {
                    closeNav();
                    void signOut();
                  }}
                >
                  {t('userMenu.signOut')}
                </ListItemButton>
              </List>
            ) : (
              <SignInForm idPrefix="inline" onSignedIn={closeNav} />
            )}
          </Box>
        </Collapse>
      </Container>
    </AppBar>
  );
}
