import History from '@mui/icons-material/History';
import { ADMIN_RESOURCES } from '@ecup/domain';
import type { ConsoleResource } from '../resource-definition.ts';
import { AuditList } from './audit-list.tsx';

/** The audit log (holders of every flag): every console action with before and after. */
export const auditLog: ConsoleResource = {
  name: 'audit-log',
  label: 'Audit log',
  flags: ADMIN_RESOURCES['audit-log'],
  icon: History,
  list: AuditList,
};
