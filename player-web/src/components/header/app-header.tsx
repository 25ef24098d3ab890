import { Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import { useClient } from '../../providers/client-context.tsx';
import { NAV_LINKS } from './nav-links.ts';
import { useSeason } from '../../providers/season-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { ColorSchemeToggle } from '../color-scheme-toggle.tsx';
import { ConnectionStatus, NavBar, PhoneUser, SignInDropdown, UserMenu, loadSignIn } from './lazy-parts.ts';

const SIGN_IN = 'sign-in';

/**
 * The sticky header of docs/product.md#screens-and-routes: logo to /, the section links (Sign up only when signed out), and on widths from
 * 768 px a sign-in dropdown or the user menu; below 768 px the signed-in player's avatar and name, and the links,
 * the inline sign-in form or the account links fold into the nav bar.
 */
export function AppHeader() {
  const { t } = useI18n();
  const { productName } = useSeason();
  const { state, dispatch } = useClient();
  const signInButton = useRef<HTMLButtonElement>(null);
  const user = state.user;
  const links = NAV_LINKS.filter((link) => !(link.signedOutOnly && user));
  const signInOpen = state.dropdown === SIGN_IN;
  // The dropdown's code is fetched when the visitor reaches for the button, and stays mounted once opened.
  const [signInWanted, setSignInWanted] = useState(false);
  const wantSignIn = () => {
    void loadSignIn().catch(() => undefined);
    setSignInWanted(true);
  };
  useEffect(() => {
    if (signInOpen) setSignInWanted(true);
  }, [signInOpen]);
  // The phone's nav bar is fetched when the menu button is first reached for (or opened from elsewhere).
  const [navWanted, setNavWanted] = useState(false);
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
          {user && (
            <Suspense fallback={null}>
              <ConnectionStatus />
            </Suspense>
          )}
          <ColorSchemeToggle />
          {user && (
            <Box sx={{ display: { xs: 'flex', md: 'none' }, minWidth: 0 }}>
              <Suspense fallback={null}>
                <PhoneUser user={user} />
              </Suspense>
            </Box>
          )}
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            {user ? (
              <Suspense fallback={null}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              <>
                <Button
                  ref={signInButton}
                  variant="contained"
                  onPointerEnter={wantSignIn}
                  onFocus={wantSignIn}
                  onClick={() => {
                    wantSignIn();
                    dispatch({ type: 'toggle-dropdown', name: SIGN_IN });
                  }}
                  aria-expanded={signInOpen}
                  aria-controls={signInOpen ? 'sign-in-dropdown' : undefined}
                >
                  {t('signIn.open')}
                </Button>
                {signInWanted && (
                  <Suspense fallback={null}>
                    <SignInDropdown
                      anchor={signInButton.current}
                      open={signInOpen}
                      onClose={() => dispatch({ type: 'close-dropdown' })}
                    />
                  </Suspense>
                )}
              </>
            )}
          </Box>
          <IconButton
            color="inherit"
            sx={{ display: { md: 'none' } }}
            aria-label={t('nav.menu')}
            aria-expanded={state.navOpen}
            aria-controls="nav-bar"
            onPointerEnter={() => setNavWanted(true)}
            onClick={() => {
              setNavWanted(true);
              dispatch({ type: 'set-nav-open', open: !state.navOpen });
            }}
          >
            {state.navOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
        {(navWanted || state.navOpen) && (
          <Suspense fallback={null}>
            <NavBar open={state.navOpen} links={links} onNavigate={closeNav} />
          </Suspense>
        )}
      </Container>
    </AppBar>
  );
}
