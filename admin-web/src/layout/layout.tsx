import type { ReactNode } from 'react';
import Security from '@mui/icons-material/Security';
import { AppBar, Layout as RaLayout, Logout, Menu, MenuItemLink, UserMenu, useBasename } from 'react-admin';

/**
 * The two-factor page's address. A menu link's `to` is a router path of the whole site, not of the console, so it
 * carries the console's basename (`/admin`) itself; without it the link opens the player app.
 */
function useTwoFactorPath(): string {
  return `${useBasename()}/two-factor`;
}

/** The menu: the dashboard, the resources `authProvider.canAccess` allows (ResourceItems hides the rest), 2FA. */
function ConsoleMenu() {
  const twoFactor = useTwoFactorPath();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to={twoFactor} primaryText="Two-factor sign-in" leftIcon={<Security />} />
    </Menu>
  );
}

function ConsoleUserMenu() {
  const twoFactor = useTwoFactorPath();
  return (
    <UserMenu>
      <MenuItemLink to={twoFactor} primaryText="Two-factor sign-in" leftIcon={<Security />} />
      <Logout />
    </UserMenu>
  );
}

function ConsoleAppBar() {
  return <AppBar userMenu={<ConsoleUserMenu />} />;
}

/**
 * On a phone the content keeps to the screen's width (a flex item would otherwise grow to its widest table) and
 * dense tables scroll sideways inside their card instead of pushing the whole page off screen.
 */
const FIT_TO_SCREEN = {
  // react-admin's layout is `min-width: fit-content`, which lets one wide table widen every page.
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
  '& .RaList-main, & .RaShow-main, & .RaEdit-main, & .RaCreate-main': { minWidth: 0 },
  '& .RaDatagrid-tableWrapper, & .MuiTableContainer-root': { overflowX: 'auto' },
} as const;

/** react-admin's default layout (ui-brief "The console") with the console's menu and user menu. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout menu={ConsoleMenu} appBar={ConsoleAppBar} sx={FIT_TO_SCREEN}>
      {children}
    </RaLayout>
  );
}
