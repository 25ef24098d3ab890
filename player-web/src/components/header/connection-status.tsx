import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useClient } from '../../providers/client-context.tsx';
import { useRealtime } from '../../providers/realtime-context.tsx';
import { isInterrupted, type ConnectionState } from '../../lib/connection-state.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { visuallyHidden } from '../visually-hidden.ts';

/** A reconnect that takes longer than this is shown; a quick one is not worth a flicker. */
const SHOW_CONNECTING_AFTER_MS = 2_000;
/** How long "connected again" stays in the live region. */
const BACK_MESSAGE_MS = 5_000;

const WORDING: Partial<Record<ConnectionState, { short: MessageKey; hint: MessageKey; colour: string }>> = {
  connecting: { short: 'realtime.connecting', hint: 'realtime.connectingHint', colour: '#f5b700' },
  unavailable: { short: 'realtime.unavailable', hint: 'realtime.unavailableHint', colour: '#f5b700' },
  failed: { short: 'realtime.failed', hint: 'realtime.failedHint', colour: '#ff6b6b' },
  disconnected: { short: 'realtime.disconnected', hint: 'realtime.disconnectedHint', colour: '#ff6b6b' },
};

/**
 * The real-time connection state in the header (docs/product.md#states connection states), for signed-in players only. Hidden
 * while connected; a reconnect that lingers, an unavailable, failed or closed connection shows a dot with a word
 * (the word only from 768 px; the tooltip and screen readers get the explanation), announced politely. When the
 * connection comes back, screen readers hear so.
 */
export function ConnectionStatus() {
  const { t } = useI18n();
  const { state: client } = useClient();
  const { state } = useRealtime();
  const [lingering, setLingering] = useState(false);
  const [back, setBack] = useState(false);
  const wasShown = useRef(false);

  useEffect(() => {
    setLingering(false);
    if (state !== 'connecting') return;
    const timer = setTimeout(() => setLingering(true), SHOW_CONNECTING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const shown = client.user !== null && (isInterrupted(state) || (state === 'connecting' && lingering));

  useEffect(() => {
    if (shown) {
      wasShown.current = true;
      setBack(false);
      return;
    }
    if (!wasShown.current || state !== 'connected') return;
    wasShown.current = false;
    setBack(true);
    const timer = setTimeout(() => setBack(false), BACK_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [shown, state]);

  const wording = shown ? WORDING[state] : undefined;
  return (
    <>
      {wording && (
        <Tooltip title={t(wording.hint)}>
          <Box
            tabIndex={0}
            data-connection={state}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.75,
              px: { xs: 1, md: 1.25 },
              py: 0.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 4,
              fontSize: '0.8rem',
              fontWeight: 500,
              whiteSpace: 'nowrap',
              color: 'text.secondary',
              cursor: 'help',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
            }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: wording.colour,
                '@media (prefers-reduced-motion: no-preference)': {
                  animation: state === 'connecting' ? 'ecup-pulse 1.2s ease-in-out infinite' : 'none',
                },
                '@keyframes ecup-pulse': { '50%': { opacity: 0.35 } },
              }}
            />
            <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
              {t(wording.short)}
            </Box>
            <Box component="span" sx={visuallyHidden}>
              {t(wording.hint)}
            </Box>
          </Box>
        </Tooltip>
      )}
      <Box role="status" sx={visuallyHidden}>
        {wording ? t(wording.hint) : back ? t('realtime.back') : ''}
      </Box>
    </>
  );
}
