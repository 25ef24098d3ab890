import { useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { isStaff, type UserPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { USER_MENU_LINKS } from './nav-links.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { UserAvatar } from '../user-avatar.tsx';

const MENU = 'user-menu';

/** docs/product.md#screens-and-routes user menu: the username, Admin (staff only), settings and the other screens, Sign out. */
export function UserMenu({ user }: { user: UserPayload }) {
  const { t } = useI18n();
  const { state, dispatch, signOut } = useClient();
  const anchor = useRef<HTMLButtonElement>(null);
  const open = state.dropdown === MENU;
  const close = () => dispatch({ type: 'close-dropdown' });
  return (
    <>
      <Button
        ref={anchor}
        color="inherit"
        onClick={() => dispatch({ type: 'toggle-dropdown', name: MENU })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('userMenu.open', { username: user.username })}
        startIcon={<UserAvatar username={user.username} avatarHash={user.avatar_hash} size={28} />}
        sx={{ textTransform: 'none', fontWeight: 600 }}
      >
        {user.username}
      </Button>
      <Menu anchorEl={anchor.current} open={open} onClose={close}>
        {isStaff(user.permissions) && (
          // The console is a separate app, so this is a full page load.
          <MenuItem component="a" href="/admin/conflicts">
            {t('userMenu.admin')}
          </MenuItem>
        )}
        {USER_MENU_LINKS.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            {t(link.label)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          {t('userMenu.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
