import Report from '@mui/icons-material/Report';
import { ADMIN_RESOURCES } from '@ecup/domain';
import type { ConsoleResource } from '../resource-definition.ts';
import { ReportList } from './report-list.tsx';
import { ReportShow } from './report-show.tsx';

/** Reports of chat lines and players (canBanUsers): the transcript, both ages, earlier reports, and the actions. */
export const reports: ConsoleResource = {
  name: 'reports',
  label: 'Reports',
  flags: ADMIN_RESOURCES.reports,
  icon: Report,
  list: ReportList,
  show: ReportShow,
  recordRepresentation: 'reason',
};
