import Flag from '@mui/icons-material/Flag';
import { ADMIN_RESOURCES } from '@ecup/domain';
import type { ConsoleResource } from '../resource-definition.ts';
import { ForumReportList } from './ForumReportList.tsx';

/** Forum reports and moderation (canBanUsers): reported posts with hide/unhide, lock/unlock and dismiss. */
export const forumReports: ConsoleResource = {
  name: 'forum-reports',
  label: 'Forum reports',
  flags: ADMIN_RESOURCES['forum-reports'],
  icon: Flag,
  list: ForumReportList,
  recordRepresentation: 'reason',
};
