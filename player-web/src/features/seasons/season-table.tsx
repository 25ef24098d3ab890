import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';

export interface SeasonColumn<Row> {
  label: string;
  align?: 'right';
  sx?: SxProps<Theme>;
  cell(row: Row): ReactNode;
}

/** One of a season page's tables (standings, round winners, trophy winners), or `empty` when it has no rows. */
export function SeasonTable<Row>({
  rows,
  columns,
  rowKey,
  rowData,
  empty,
}: {
  rows: Row[];
  columns: SeasonColumn<Row>[];
  rowKey(row: Row): number;
  /** The row's data attribute(s), by which tests and styles find it. */
  rowData(row: Row): Record<`data-${string}`, number>;
  empty: ReactNode;
}) {
  if (rows.length === 0) return empty;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} {...rowData(row)}>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.align} sx={column.sx}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
