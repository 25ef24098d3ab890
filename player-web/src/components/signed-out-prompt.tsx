import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useOpenSignIn } from './header/use-open-sign-in.ts';
import { useI18n } from '../i18n/i18n.tsx';

/** A page for signed-in players seen signed out (docs/product.md#screens-and-routes: 'You must log in to view this page'), with a sign-in button. */
export function SignedOutPrompt({ hint, signInLabel }: { hint: string; signInLabel: string }) {
  const { tm } = useI18n();
  const openSignIn = useOpenSignIn();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' }, mb: 1 }}>
        {tm('mustLogInToView')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {hint}
      </Typography>
      <Button variant="contained" size="large" onClick={openSignIn}>
        {signInLabel}
      </Button>
    </>
  );
}
