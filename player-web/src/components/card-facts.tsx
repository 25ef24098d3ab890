import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Label and value pairs (`<dt>`/`<dd>`) in two columns: how a table row keeps its columns when it becomes a stacked
 * card below 600 px (ui-brief). `sx` adds to or overrides the defaults.
 */
export function CardFacts({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="dl"
      sx={[
        {
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.75,
          alignItems: 'center',
          '& dt': { typography: 'caption', color: 'text.secondary' },
          '& dd': { m: 0, minWidth: 0 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
