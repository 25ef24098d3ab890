import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';

import { useClient } from '../../../providers/client-context.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { AccountPage } from '../account-layout.tsx';
import './i18n.ts';

type View = 'working' | 'done' | 'invalid' | 'failed';

/**
 * /unsubscribe?token=… : the link at the foot of a notification e-mail. Opening it turns that kind of e-mail off
 * (POST /unsubscribe with the link's token; no sign-in) and says "You will no longer get these e-mails.".
 */
export function Component() {
  const { t, tm } = useI18n();
  const { api } = useClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [view, setView] = useState<View>('working');
  const sent = useRef(false);
  usePageTitle(t('unsubscribe.title'));

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api.post('/unsubscribe', { token }, { defaultErrorHandler: false }).then(
      () => setView('done'),
      (error: unknown) =>
        setView(error instanceof ApiError && error.is('unsubscribeLinkInvalid') ? 'invalid' : 'failed'),
    );
  }, [api, token]);

  return (
    <AccountPage title={t('unsubscribe.title')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {view === 'working' && <CircularProgress size={28} aria-label={t('unsubscribe.working')} />}
        {view === 'done' && (
          <Alert severity="success" role="status">
            {tm('unsubscribed')}
          </Alert>
        )}
        {view === 'invalid' && (
          <Alert severity="warning" role="status">
            {tm('unsubscribeLinkInvalid')}
          </Alert>
        )}
        {view === 'failed' && (
          <Alert severity="error" role="status">
            {tm('serviceUnavailable')}
          </Alert>
        )}
        <Button component={RouterLink} to="/settings" variant="outlined">
          {t('unsubscribe.toSettings')}
        </Button>
      </Stack>
    </AccountPage>
  );
}
