import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { parsePositiveInt } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useI18n } from '../../../i18n/i18n.tsx';

/**
 * /auth/{id}/{token} (docs/product.md#screens-and-routes, docs/product.md#states): shows "Signing in...", signs in with the pair and goes to /. A pair that does not
 * work leaves the visitor signed out, also on /.
 */
export function Component() {
  const { tm } = useI18n();
  const { signInWithToken } = useClient();
  const navigate = useNavigate();
  const { id, token } = useParams();
  const started = useRef(false);
  usePageTitle(tm('signingIn'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const userId = parsePositiveInt(id);
    const done = () => navigate('/', { replace: true });
    if (userId === undefined || !token) {
      done();
      return;
    }
    void signInWithToken({ id: userId, token }).then(done);
  }, [id, token, navigate, signInWithToken]);

  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', gap: 2, alignContent: 'center' }}
    >
      <CircularProgress aria-hidden />
      <Typography component="h1" variant="h6">
        {tm('signingIn')}
      </Typography>
    </Box>
  );
}
