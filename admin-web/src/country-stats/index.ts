import Public from '@mui/icons-material/Public';
import { ADMIN_RESOURCES } from '@ecup/domain';
import type { ConsoleResource } from '../resource-definition.ts';
import { CountryStatsList } from './country-stats-list.tsx';

/** Country stats (canSeeCountryStats): read-only table and chart. */
export const countryStats: ConsoleResource = {
  name: 'country-stats',
  label: 'Country stats',
  flags: ADMIN_RESOURCES['country-stats'],
  icon: Public,
  list: CountryStatsList,
  recordRepresentation: 'name',
};
