import CircularProgress from '@mui/material/CircularProgress';

export function Busy({ pending }: { pending: boolean }) {
  return pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : null;
}
