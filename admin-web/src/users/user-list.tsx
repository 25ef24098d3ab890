import Chip from '@mui/material/Chip';
import {
  AutocompleteInput,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import type { AdminUserRecord } from '@ecup/domain';
import { CONSOLE_CHOICES, COUNTRY_CHOICES, consoleName } from './choices.ts';
import { WhenField } from '../dates.tsx';

const BANNED_CHOICES = [
  { id: 'true', name: 'Banned' },
  { id: 'false', name: 'Not banned' },
];

const filters = [
  <SearchInput key="q" source="q" placeholder="Name, tag, e-mail" alwaysOn />,
  <AutocompleteInput key="country" source="country_id" label="Country" choices={COUNTRY_CHOICES} alwaysOn />,
  <SelectInput key="console" source="console" choices={CONSOLE_CHOICES} alwaysOn />,
  <SelectInput key="banned" source="banned" choices={BANNED_CHOICES} alwaysOn />,
];

/** Players and staff, searchable by name, username, gamer tag or e-mail. */
export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick="show" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <NumberField source="id" />
        <FunctionField<AdminUserRecord>
          source="username"
          render={(record) => (
            <>
              {record.username}
              {record.banned && <Chip size="small" color="error" label="Banned" sx={{ ml: 0.5 }} />}
              {record.permissions > 0 && (
                <Chip size="small" color="secondary" variant="outlined" label="Staff" sx={{ ml: 0.5 }} />
              )}
            </>
          )}
        />
        <FunctionField<AdminUserRecord>
          label="Name"
          render={(record) => `${record.first_name} ${record.last_name}`}
          sortable={false}
        />
        <TextField source="gamer_tag" label="Gamer tag" sortable={false} />
        <FunctionField<AdminUserRecord>
          label="Console"
          render={(record) => consoleName(record.console)}
          sortBy="console"
          sortable={false}
        />
        <TextField source="country" sortable={false} />
        <NumberField source="elo" label="Elo" />
        <FunctionField<AdminUserRecord>
          label="W-L-T"
          render={(record) => `${record.wins}-${record.losses}-${record.ties}`}
          sortable={false}
        />
        <WhenField source="created_at" label="Signed up" />
      </Datagrid>
    </List>
  );
}
