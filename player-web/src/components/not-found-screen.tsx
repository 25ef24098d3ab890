import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The screen's one way on: a link (back to a list) or a button (load again). */
export type NotFoundAction = { label: string; to: string } | { label: string; onClick: () => void };

/**
 * A page whose item is not there (an unknown game, article, forum category or thread), or could not be loaded: the
 * heading, a hint when there is one, and one large button on.
 */
export function NotFoundScreen({ title, hint, action }: { title: string; hint?: string; action: NotFoundAction }) {
  return (
    <Box sx={{ py: { xs: 4, sm: 8 }, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 1.5 }}>
        {title}
      </Typography>
      {hint !== undefined && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {hint}
        </Typography>
      )}
      {'to' in action ? (
        <Button component={RouterLink} to={action.to} variant="contained" size="large">
          {action.label}
        </Button>
      ) : (
        <Button variant="contained" size="large" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </Box>
  );
}
