import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import type { AdminNewsRecord } from '@ecup/domain';
import { CATEGORY_CHOICES } from './categories.ts';
import { WhenField } from '../dates.tsx';

const filters = [
  <TextInput key="q" source="q" label="Search titles" alwaysOn />,
  <SelectInput key="category_id" source="category_id" label="Category" choices={CATEGORY_CHOICES} />,
  <SelectInput
    key="published"
    source="published"
    label="Published"
    choices={[
      { id: 'true', name: 'Published' },
      { id: 'false', name: 'Draft' },
    ]}
  />,
];

/** Whether players see the article now: published, and its publish time has come. */
function Visibility({ record }: { record: AdminNewsRecord }) {
  if (!record.published) return <Chip size="small" label="Draft" variant="outlined" />;
  if (new Date(record.published_at).getTime() > Date.now()) {
    return <Chip size="small" label="Scheduled" color="info" variant="outlined" />;
  }
  return <Chip size="small" label="Live" color="success" variant="outlined" />;
}

/** The articles, newest publish time first. */
export function NewsList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'published_at', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton label="New article" />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <FunctionField<AdminNewsRecord>
          label=""
          render={(record) =>
            record.image_url ? (
              <Box
                component="img"
                src={record.image_url}
                alt=""
                sx={{ width: 64, height: 36, objectFit: 'cover', borderRadius: 0.5, display: 'block' }}
              />
            ) : null
          }
        />
        <TextField source="title" />
        <TextField source="category" sortBy="category_id" />
        <FunctionField<AdminNewsRecord> label="Status" render={(record) => <Visibility record={record} />} />
        <WhenField source="published_at" label="Publish time" />
        <FunctionField<AdminNewsRecord>
          label="Publisher"
          sortable={false}
          render={(record) => (record.publisher ? `${record.publisher.first_name} ${record.publisher.last_name}` : '–')}
        />
        <EditButton />
        <DeleteWithConfirmButton confirmTitle="Delete this article?" confirmContent="Players will no longer see it." />
      </Datagrid>
    </List>
  );
}
