import {
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import type { AdminIpBanRecord } from '@ecup/domain';
import { WhenField } from '../dates.tsx';

const filters = [
  <TextInput key="q" source="q" label="Search" alwaysOn />,
  <TextInput key="ip" source="ip" label="Covers address" />,
];

/** The IP bans, newest first; the range each covers, who added it and why. */
export function IpBanList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton label="Add IP ban" />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="cidr" label="Range" />
        <FunctionField<AdminIpBanRecord>
          label="Addresses"
          render={(record) =>
            record.first_address === record.last_address
              ? record.first_address
              : `${record.first_address} – ${record.last_address}`
          }
        />
        <TextField source="reason" sortable={false} />
        <TextField source="created_by.username" label="Added by" sortable={false} />
        <WhenField source="created_at" label="Added" />
        <DeleteWithConfirmButton confirmTitle="Remove this IP ban?" confirmContent="" label="Remove" />
      </Datagrid>
    </List>
  );
}
