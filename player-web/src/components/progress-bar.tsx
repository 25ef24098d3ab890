import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * An indeterminate progress bar in plain CSS, looking like MUI's LinearProgress (4 px, primary on a faint track)
 * without its code in every first download. Decorative: the busy state is told to screen readers by the
 * region it belongs to. It stands still when the system asks for reduced motion.
 */
export function ProgressBar({ sx, ...data }: { sx?: SxProps<Theme> } & { [attribute: `data-${string}`]: boolean }) {
  return (
    <Box
      {...data}
      aria-hidden
      sx={[
        {
          position: 'relative',
          height: 4,
          overflow: 'hidden',
          bgcolor: 'divider',
          '&::after': {
            content: '""',
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: 0,
            width: '40%',
            bgcolor: 'primary.main',
            '@media (prefers-reduced-motion: no-preference)': {
              animation: 'ecup-progress 1.2s ease-in-out infinite',
            },
          },
          '@keyframes ecup-progress': { from: { left: '-40%' }, to: { left: '100%' } },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
