import Box from '@mui/material/Box';

/**
 * A rounded, pulsing block that holds the place of content still on its way: MUI's `<Skeleton variant="rounded">`
 * look (its colour, its pulse) in a Box, so the home page does not download the Skeleton component for it.
 * Decorative; the pulse stops when the system asks for reduced motion.
 */
export function Placeholder({ width, height }: { width?: number | string; height: number | string }) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        display: 'block',
        width,
        height,
        borderRadius: 1,
        bgcolor: theme.vars ? theme.vars.palette.Skeleton.bg : 'action.hover',
        '@media (prefers-reduced-motion: no-preference)': {
          animation: 'ecup-pulse-placeholder 2s ease-in-out 0.5s infinite',
        },
        '@keyframes ecup-pulse-placeholder': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.4 } },
      })}
    />
  );
}
