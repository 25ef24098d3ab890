import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Hidden on screen but still read by screen readers (and still focusable where the element is). The sizes are
 * strings on purpose: in `sx`, `width: 1` would mean 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const satisfies SxProps<Theme>;
