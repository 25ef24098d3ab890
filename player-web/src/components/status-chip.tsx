import Chip from '@mui/material/Chip';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SportsSoccer from '@mui/icons-material/SportsSoccer';

/** The kinds of result state a chip shows; each has its own icon and colour, and always its word (ui-brief). */
export type StatusTone = 'done' | 'waiting' | 'conflict' | 'dropped' | 'playing';

const LOOK = {
  done: { color: 'success', icon: <CheckCircleOutline /> },
  waiting: { color: 'warning', icon: <HourglassEmpty /> },
  conflict: { color: 'error', icon: <ErrorOutline /> },
  dropped: { color: 'default', icon: <LogoutOutlined /> },
  playing: { color: 'info', icon: <SportsSoccer /> },
} as const;

/**
 * A result or conflict state as a coloured chip with an icon and a word (ui-brief: "coloured chips with words,
 * never colour alone"): Unverified, Verified, Confirmed, Conflict, Dropped, Solved.
 */
export function StatusChip({
  tone,
  label,
  size = 'medium',
}: {
  tone: StatusTone;
  label: string;
  size?: 'small' | 'medium';
}) {
  const look = LOOK[tone];
  return (
    <Chip
      data-status={label}
      icon={look.icon}
      label={label}
      color={look.color}
      variant="outlined"
      size={size}
      sx={{ fontWeight: 600, '& .MuiChip-icon': { ml: 0.75 } }}
    />
  );
}
