import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import NotificationsOff from '@mui/icons-material/NotificationsOff';
import { useI18n } from '../../i18n/i18n.tsx';
import { notificationsSupported } from './match-alert.ts';

/** Remembers that the player was asked, so the offer is made once (ui-brief: "asked once, politely"). */
const ASKED_KEY = 'ecup.notifications.asked';

function permissionNow(): NotificationPermission {
  return notificationsSupported() ? Notification.permission : 'denied';
}

/**
 * The polite, one-time offer of match notifications on the play screen. The browser's permission prompt only opens
 * when the player presses the button, never by itself; "Not now" hides the offer for good on this browser.
 */
export function NotificationOptIn() {
  const { t } = useI18n();
  const [permission, setPermission] = useState<NotificationPermission>(permissionNow);
  const [asked, setAsked] = useState(() => localStorage.getItem(ASKED_KEY) === '1');
  const [justAsked, setJustAsked] = useState(false);

  if (!notificationsSupported()) return null;
  if (permission === 'granted') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <NotificationsActive fontSize="small" color="primary" aria-hidden />
        <Typography variant="body2">{t('play.notify.on')}</Typography>
      </Stack>
    );
  }
  if (permission === 'denied') {
    if (!justAsked) return null;
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
        <NotificationsOff fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
        <Typography variant="body2">{t('play.notify.blocked')}</Typography>
      </Stack>
    );
  }
  if (asked) return null;

  const remember = () => {
    localStorage.setItem(ASKED_KEY, '1');
    setAsked(true);
  };
  const enable = async () => {
    localStorage.setItem(ASKED_KEY, '1');
    setJustAsked(true);
    const answer = await Notification.requestPermission().catch(() => 'default' as const);
    setPermission(answer);
    if (answer === 'default') setAsked(true);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="notify-title" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <NotificationsActive color="secondary" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id="notify-title" component="h2" sx={{ fontWeight: 600 }}>
            {t('play.notify.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('play.notify.text')}
          </Typography>
          <Stack useFlexGap direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" size="small" onClick={() => void enable()}>
              {t('play.notify.enable')}
            </Button>
            <Button size="small" color="inherit" onClick={remember}>
              {t('play.notify.later')}
            </Button>
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}
