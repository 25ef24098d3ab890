import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { ADMIN_RESOURCES } from '@ecup/domain';
import type { ConsoleResource } from '../resource-definition.ts';
import { TrophyWinnerList } from './trophy-winner-list.tsx';

/** Trophy winners (canSeeTrophyWinners): per week, in order of securing, with contact details and a CSV export. */
export const trophyWinners: ConsoleResource = {
  name: 'trophy-winners',
  label: 'Trophy winners',
  flags: ADMIN_RESOURCES['trophy-winners'],
  icon: EmojiEvents,
  list: TrophyWinnerList,
  recordRepresentation: 'username',
};
