import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** `data-*` attributes the browser tests find a list or a row by. */
type DataAttributes = { [name: `data-${string}`]: string | boolean };

/**
 * A list of the player's own safety records (blocks, reports): `empty` once loaded with nothing in it, else one
 * row per item. `items` is null while loading.
 */
export function RecordList<T>({
  items,
  empty,
  row,
  ...data
}: {
  items: T[] | null;
  empty: string;
  row(item: T): ReactNode;
} & DataAttributes) {
  return (
    <>
      {items !== null && items.length === 0 && <Typography color="text.secondary">{empty}</Typography>}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} {...data}>
        {(items ?? []).map(row)}
      </Stack>
    </>
  );
}

/**
 * One record: an optional picture, what it is (wrapping anywhere, so a long name never widens the page), its date
 * under it, and its status or action at the end, which wraps under the text on a narrow screen.
 */
export function RecordRow({
  lead,
  title,
  caption,
  end,
  ...data
}: { lead?: ReactNode; title: ReactNode; caption: string; end: ReactNode } & DataAttributes) {
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      {...data}
    >
      {lead}
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: lead ? 600 : undefined, overflowWrap: 'anywhere' }}>{title}</Typography>
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      </Stack>
      {end}
    </Stack>
  );
}
