import Block from '@mui/icons-material/Block';
import { ADMIN_RESOURCES } from '@ecup/domain';
import type { ConsoleResource } from '../resource-definition.ts';
import { IpBanCreate } from './ip-ban-create.tsx';
import { IpBanList } from './ip-ban-list.tsx';

/** IP bans (canIPBan): list, add a single address or a range with a reason, remove. */
export const ipBans: ConsoleResource = {
  name: 'ip-bans',
  label: 'IP bans',
  flags: ADMIN_RESOURCES['ip-bans'],
  icon: Block,
  list: IpBanList,
  create: IpBanCreate,
  recordRepresentation: 'cidr',
  notifications: {
    created: 'The IP ban is added. Sign-in and sign-up from that range are refused.',
    deleted: 'The IP ban is removed.',
  },
};
