import { Link as RouterLink, NavLink as RouterNavLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import { isStaff } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { USER_MENU_LINKS, type NavLink } from './nav-links.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { SignInForm } from './sign-in-form.tsx';

/** Every link and button of the nav bar is at least 44 px tall, the touch minimum (WCAG 2.5.5). */
const TOUCH_LIST = { '& .MuiListItemButton-root': { minHeight: 44 } } as const;

/**
 * The nav bar below 768 px (docs/product.md#screens-and-routes): the section links, then the inline sign-in form or the account links. Its own
 * chunk, loaded when a phone user first opens the menu, so other first loads do not carry it.
 */
export function NavBar({ open, links, onNavigate: closeNav }: { open: boolean; links: NavLink[]; onNavigate(): void }) {
  const { t } = useI18n();
  const { state, signOut } = useClient();
  const user = state.user;
  return (
    <Collapse in={open} appear sx={{ display: { md: 'none' } }} id="nav-bar" unmountOnExit>
      <Box component="nav" aria-label={t('nav.menu')} sx={{ px: 2, pb: 2 }}>
        <List dense disablePadding sx={TOUCH_LIST}>
          {links.map((link) => (
            <ListItemButton key={link.to} component={RouterNavLink} to={link.to} onClick={closeNav}>
              {t(link.label)}
            </ListItemButton>
          ))}
        </List>
        <Divider sx={{ my: 1.5 }} />
        {user ? (
          <List dense disablePadding sx={TOUCH_LIST} aria-label={t('userMenu.open', { username: user.username })}>
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
  );
}
