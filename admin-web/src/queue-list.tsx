import Chip from '@mui/material/Chip';
import type { ReactElement, ReactNode } from 'react';
import { Datagrid, List, SelectInput, type ListProps } from 'react-admin';

interface QueueListProps {
  title: string;
  /** The boolean filter that says an item is handled (`solved`, `resolved`); the list opens on the open ones. */
  settled: string;
  /** The status filter's word for handled items. */
  settledName: string;
  /** The field the queue is ordered by, oldest first. */
  sortField: string;
  /** Filters after the status one. */
  filters: ReactElement[];
  exporter?: ListProps['exporter'];
  children: ReactNode;
}

/**
 * A work queue of the console (conflicts, reports): the open items first by default, oldest first, 25 a page, with
 * an Open / handled status filter; a row opens the item.
 */
export function QueueList({ title, settled, settledName, sortField, filters, exporter, children }: QueueListProps) {
  const status = (
    <SelectInput
      key={settled}
      source={settled}
      label="Status"
      alwaysOn
      emptyText="All"
      choices={[
        { id: 'false', name: 'Open' },
        { id: 'true', name: settledName },
      ]}
    />
  );
  return (
    <List
      filters={[status, ...filters]}
      filterDefaultValues={{ [settled]: 'false' }}
      sort={{ field: sortField, order: 'ASC' }}
      perPage={25}
      title={title}
      exporter={exporter}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        {children}
      </Datagrid>
    </List>
  );
}

/** A queue item's status: green once handled, amber while open. */
export function QueueStatusChip({ settled, label }: { settled: boolean; label: string }) {
  return <Chip size="small" variant="outlined" color={settled ? 'success' : 'warning'} label={label} />;
}
