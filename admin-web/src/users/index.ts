import People from '@mui/icons-material/People';
import { ADMIN_RESOURCES } from '@ecup/domain';
import type { ConsoleResource } from '../resource-definition.ts';
import { UserList } from './user-list.tsx';
import { UserShow } from './user-show.tsx';

/** Users (canSeeUserProfile): search and filters, the profile page, ban and unban, permission flags. */
export const users: ConsoleResource = {
  name: 'users',
  label: 'Users',
  flags: ADMIN_RESOURCES.users,
  icon: People,
  list: UserList,
  show: UserShow,
  recordRepresentation: 'username',
};
