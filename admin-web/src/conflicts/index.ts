import Gavel from '@mui/icons-material/Gavel';
import { ADMIN_RESOURCES } from '@ecup/domain';
import type { ConsoleResource } from '../resource-definition.ts';
import { ConflictList } from './conflict-list.tsx';
import { ConflictShow } from './conflict-show.tsx';

/** Conflicts (canResolveConflicts): the queue, oldest first and claimable, and the conflict page with its verdict. */
export const conflicts: ConsoleResource = {
  name: 'conflicts',
  label: 'Conflicts',
  flags: ADMIN_RESOURCES.conflicts,
  icon: Gavel,
  list: ConflictList,
  show: ConflictShow,
  recordRepresentation: 'id',
};
