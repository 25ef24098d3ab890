import type { ReactNode } from 'react';
import Security from '@mui/icons-material/Security';
import { AppBar, Layout as RaLayout, Logout, Menu, MenuItemLink, UserMenu } from 'react-admin';

/** The menu: the dashboard, the resources `authProvider.canAccess` allows (ResourceItems hides the rest), 2FA. */
function ConsoleMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to="/two-factor" primaryText="Two-factor sign-in" leftIcon={<Security />} />
    </Menu>
  );
}

function ConsoleUserMenu() {
  return (
    <UserMenu>
      <MenuItemLink to="/two-factor" primaryText="Two-factor sign-in" leftIcon={<Security />} />
      <Logout />
    </UserMenu>
  );
}

function ConsoleAppBar() {
  return <AppBar userMenu={<ConsoleUserMenu />} />;
}

/** react-admin's default layout (ui-brief "The console") with the console's menu and user menu. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout menu={ConsoleMenu} appBar={ConsoleAppBar}>
      {children}
    </RaLayout>
  );
}
