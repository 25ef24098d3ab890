import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettingsPayload,
  type PushSubscriptionRequest,
} from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import type { ApiClient } from '../../../lib/api-client.ts';
import { pushSupported, subscribePush } from '../../../lib/push.ts';
import { FormSection } from '../../../components/form-section.tsx';
import './notifications-i18n.ts';

/** GET /user/notifications */
function getSettings(api: ApiClient): Promise<NotificationSettingsPayload> {
  return api.get<NotificationSettingsPayload>('/user/notifications', {}, { defaultErrorHandler: false });
}

/** PUT /user/notifications: one switch. */
function setChoice(api: ApiClient, channel: NotificationChannel, kind: NotificationKind, enabled: boolean) {
  return api.json<NotificationSettingsPayload>('PUT', '/user/notifications', {
    choices: { [channel]: { [kind]: enabled } },
  });
}

/** POST /user/push-subscription: this browser's subscription, written in the app's language. */
function sendSubscription(api: ApiClient, subscription: PushSubscriptionRequest) {
  return api.json<NotificationSettingsPayload>('POST', '/user/push-subscription', subscription);
}

type BrowserState = 'idle' | 'working' | 'on' | 'unsupported' | 'refused' | 'failed';

/**
 * "Notifications" (settings): per kind a browser (push) switch and an e-mail switch, each saved as it is flipped, and
 * "Turn on notifications in this browser", which asks the browser's permission, subscribes with the server's VAPID
 * key and sends the subscription. Every kind starts off.
 */
export function NotificationsSection() {
  const { t, lang } = useI18n();
  const { api } = useClient();
  const [settings, setSettings] = useState<NotificationSettingsPayload | 'failed' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** Saves under way: an answer shows only when it is the last, so a quick second flip is not undone by the first. */
  const saving = useRef(0);
  /** Whether saves overlapped since the switches were last idle: then an answer may predate another save. */
  const overlapped = useRef(false);
  const [browser, setBrowser] = useState<BrowserState>('idle');

  const load = useCallback(
    () =>
      getSettings(api).then(
        (answer) => setSettings(answer),
        () => setSettings('failed'),
      ),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function flip(channel: NotificationChannel, kind: NotificationKind, enabled: boolean) {
    const key = `${channel}-${kind}`;
    setBusy(key);
    // The switch moves at once; the server's answer (or a re-read after a refusal) has the last word.
    setSettings((current) =>
      current === null || current === 'failed'
        ? current
        : { ...current, choices: { ...current.choices, [channel]: { ...current.choices[channel], [kind]: enabled } } },
    );
    if (saving.current > 0) overlapped.current = true;
    saving.current += 1;
    let refused = false;
    let answer: Awaited<ReturnType<typeof setChoice>> | null = null;
    try {
      answer = await setChoice(api, channel, kind, enabled);
    } catch {
      // The client has shown the refusal; the switches show what the server holds.
      refused = true;
    } finally {
      saving.current -= 1;
    }
    if (saving.current === 0) {
      // The last save to end: after overlapping saves an answer may predate another one, so read what the server holds.
      const reread = refused || answer === null || overlapped.current;
      overlapped.current = false;
      if (reread) await load();
      else setSettings(answer);
      setBusy(null);
    } else if (refused) {
      await load();
    }
  }

  async function turnOn(vapidPublicKey: string) {
    if (!pushSupported()) {
      setBrowser('unsupported');
      return;
    }
    setBrowser('working');
    let subscription: PushSubscriptionJSON;
    try {
      subscription = await subscribePush(vapidPublicKey);
    } catch {
      setBrowser(typeof Notification !== 'undefined' && Notification.permission === 'denied' ? 'refused' : 'failed');
      return;
    }
    try {
      setSettings(
        await sendSubscription(api, {
          endpoint: subscription.endpoint ?? '',
          keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
          lang,
        }),
      );
      setBrowser('on');
    } catch {
      setBrowser('failed');
    }
  }

  if (settings === null) return null;

  return (
    <FormSection id="settings-notifications" title={t('account.notifications.title')}>
      {settings === 'failed' ? (
        <Alert severity="warning">{t('account.notifications.loadFailed')}</Alert>
      ) : (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('account.notifications.intro')}
          </Typography>
          <Box
            role="table"
            aria-label={t('account.notifications.title')}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) auto auto',
              columnGap: 1,
              alignItems: 'center',
            }}
          >
            <Box role="row" sx={{ display: 'contents' }}>
              <Typography role="columnheader" variant="caption" color="text.secondary">
                {t('account.notifications.kind')}
              </Typography>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <Typography
                  role="columnheader"
                  key={channel}
                  variant="caption"
                  color="text.secondary"
                  sx={{ textAlign: 'center', minWidth: '4.5rem' }}
                >
                  {t(`account.notifications.${channel}`)}
                </Typography>
              ))}
            </Box>
            {NOTIFICATION_KINDS.map((kind) => {
              const label = t(`account.notifications.kind.${kind}`);
              return (
                <Box role="row" key={kind} data-kind={kind} sx={{ display: 'contents' }}>
                  <Typography role="rowheader" variant="body2" sx={{ py: 1, overflowWrap: 'anywhere' }}>
                    {label}
                  </Typography>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <Box role="cell" key={channel} sx={{ textAlign: 'center' }}>
                      <Switch
                        checked={settings.choices[channel][kind]}
                        disabled={busy === `${channel}-${kind}`}
                        onChange={(event) => void flip(channel, kind, event.target.checked)}
                        slotProps={{
                          input: {
                            'aria-label': t('account.notifications.switchLabel', {
                              kind: label,
                              channel: t(`account.notifications.${channel}`),
                            }),
                          },
                        }}
                      />
                    </Box>
                  ))}
                </Box>
              );
            })}
          </Box>
          <Box>
            <Button
              variant="outlined"
              onClick={() => void turnOn(settings.vapid_public_key)}
              disabled={browser === 'working'}
            >
              {t('account.notifications.turnOn')}
            </Button>
          </Box>
          {browser === 'on' && (
            <Alert severity="success" role="status">
              {t('account.notifications.on')}
            </Alert>
          )}
          {(browser === 'unsupported' || browser === 'refused' || browser === 'failed') && (
            <Alert severity="warning" role="status">
              {t(`account.notifications.${browser}`)}
            </Alert>
          )}
        </Stack>
      )}
    </FormSection>
  );
}
