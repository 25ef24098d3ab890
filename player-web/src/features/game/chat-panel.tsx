import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import SendIcon from '@mui/icons-material/Send';
import {
  CHAT_MESSAGE_MAX,
  CHAT_PRESET_KEYS,
  CHAT_THROTTLE_AFTER_SUCCESS_MS,
  type ChatMessagePayload,
  type ChatPolicy,
  type ChatPresetKey,
} from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { sendMessage } from './send-message.ts';
import '../../components/safety/i18n.ts';

/** Within this distance of the bottom the list follows new lines; further up the reader is looking back. */
const FOLLOW_PX = 80;

/** A line's text in the reader's language: a quick message is shown translated, anything else as stored. */
export function useChatText(): (message: ChatMessagePayload) => string {
  const { t } = useI18n();
  return (message) => (message.preset ? t(`game.chat.preset.${message.preset}`) : message.content);
}

function ChatLine({
  message,
  mine,
  onReport,
}: {
  message: ChatMessagePayload;
  mine: boolean;
  onReport?(message: ChatMessagePayload): void;
}) {
  const { t, dateTime } = useI18n();
  const text = useChatText();
  const admin = message.class_name === 'admin';
  return (
    <Box
      component="li"
      data-message={message.id}
      data-admin={admin || undefined}
      sx={{ display: 'flex', gap: 1, flexDirection: mine ? 'row-reverse' : 'row', alignItems: 'flex-end' }}
    >
      <UserAvatar username={message.name} avatarHash={message.avatar_hash} size={32} decorative />
      <Box
        sx={{
          maxWidth: '80%',
          minWidth: 0,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          border: 1,
          borderColor: admin ? 'secondary.main' : mine ? 'primary.main' : 'divider',
          bgcolor: admin ? 'action.selected' : mine ? 'action.hover' : 'background.default',
        }}
      >
        <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 600, fontSize: '0.85rem', overflowWrap: 'anywhere' }}>
            <Link
              component={RouterLink}
              to={`/player/${encodeURIComponent(message.name)}`}
              color="inherit"
              underline="hover"
            >
              {message.name}
            </Link>
          </Typography>
          {admin && (
            <Box
              component="span"
              sx={{
                px: 0.75,
                borderRadius: 1,
                fontSize: '0.7rem',
                fontWeight: 700,
                textTransform: 'uppercase',
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
              }}
            >
              {t('game.chat.admin')}
            </Box>
          )}
          <Typography component="span" variant="caption" color="text.secondary">
            {dateTime(message.inserted, { hour: '2-digit', minute: '2-digit' })}
          </Typography>
        </Stack>
        <Typography
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-message-body
          data-preset={message.preset}
        >
          {text(message)}
        </Typography>
      </Box>
      {onReport && !mine && !admin && (
        <IconButton
          size="small"
          aria-label={t('safety.reportLine')}
          title={t('safety.reportLine')}
          onClick={() => onReport(message)}
          sx={{ alignSelf: 'center', color: 'text.secondary' }}
        >
          <FlagOutlined fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/**
 * The game's chat (docs/product.md#screens-and-routes, docs/product.md#validation): lines with avatar and name, a moderator's lines marked Admin; empty messages are
 * ignored, Send rests for 3.75 s after a line went through (disabled, counting the seconds down on the button), at
 * most 500 characters. The list follows new lines unless
 * the reader scrolled up; lines from others are announced by the screen's live region (`announce`).
 *
 * Chat safety: quick messages sit above the field for everyone; under `presets` they replace the field,
 * under `off` the chat says so; when the server masked parts of a line, its notice shows under the field.
 */
export function ChatPanel({
  gameId,
  messages,
  meId,
  policy,
  onSent,
  onReport,
}: {
  gameId: number;
  messages: ChatMessagePayload[];
  meId: number;
  /** What this viewer's lines may be: the game's policy for its players, 'free' for staff. */
  policy: ChatPolicy;
  onSent(message: ChatMessagePayload): void;
  /** A player's "Report" on an opponent's line (absent for staff who only watch). */
  onReport?(message: ChatMessagePayload): void;
}) {
  const { t, tm } = useI18n();
  const [masked, setMasked] = useState(false);
  const { api } = useClient();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // When Send may be used again (ms since the epoch), and the whole seconds left until then, shown on the button.
  const [restUntil, setRestUntil] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const resting = restUntil !== null;
  const list = useRef<HTMLUListElement>(null);
  const follow = useRef(true);

  useEffect(() => {
    if (restUntil === null) return;
    const tick = () => {
      const left = restUntil - Date.now();
      if (left <= 0) {
        setRestUntil(null);
        setSecondsLeft(0);
        return;
      }
      setSecondsLeft(Math.ceil(left / 1000));
      timer = setTimeout(tick, left % 1000 || 1000);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    tick();
    return () => clearTimeout(timer);
  }, [restUntil]);

  // Follows new lines (and starts at the newest) unless the reader scrolled up.
  useLayoutEffect(() => {
    const box = list.current;
    if (box && follow.current) box.scrollTop = box.scrollHeight;
  }, [messages.length]);

  const deliver = async (line: { message: string } | { preset: ChatPresetKey }) => {
    setSending(true);
    try {
      const answer = await sendMessage(api, { gameId, ...line });
      if ('message' in line) setText('');
      setMasked(answer.notice !== undefined);
      setRestUntil(Date.now() + CHAT_THROTTLE_AFTER_SUCCESS_MS);
      follow.current = true;
      if (answer.message) onSent(answer.message);
    } catch {
      // The api client showed the server's message (too fast, too long, not allowed); what was typed stays.
    } finally {
      setSending(false);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message === '' || sending || resting) return;
    await deliver({ message });
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="chat-title"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: { md: 560 }, p: 0 }}
    >
      <Typography id="chat-title" variant="h6" component="h2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
        {t('game.chat.title')}
      </Typography>
      <Box
        ref={list}
        component="ul"
        aria-label={t('game.chat.log')}
        tabIndex={0}
        onScroll={(event) => {
          const box = event.currentTarget;
          follow.current = box.scrollHeight - box.scrollTop - box.clientHeight < FOLLOW_PX;
        }}
        sx={{
          listStyle: 'none',
          m: 0,
          px: 2,
          py: 1,
          flex: 1,
          minHeight: { xs: 220, md: 0 },
          maxHeight: { xs: 360, md: 'none' },
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          gap: 1.25,
          borderTop: 1,
          borderBottom: 1,
          borderColor: 'divider',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: -3 },
        }}
      >
        {messages.length === 0 ? (
          <Typography component="li" color="text.secondary" sx={{ my: 'auto', textAlign: 'center', px: 2 }}>
            {t('game.chat.empty')}
          </Typography>
        ) : (
          messages.map((message) => (
            <ChatLine key={message.id} message={message} mine={message.user_id === meId} onReport={onReport} />
          ))
        )}
      </Box>
      {policy === 'off' ? (
        <Typography color="text.secondary" sx={{ p: 1.5 }} data-chat-off>
          {t('game.chat.off')}
        </Typography>
      ) : (
        <Box
          role="group"
          aria-label={t('game.chat.quick')}
          sx={{ px: 1.5, pt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
        >
          {CHAT_PRESET_KEYS.map((key) => (
            <Chip
              key={key}
              label={t(`game.chat.preset.${key}`)}
              size="small"
              variant="outlined"
              clickable
              disabled={sending || resting}
              onClick={() => void deliver({ preset: key })}
              data-preset={key}
            />
          ))}
        </Box>
      )}
      {policy === 'presets' && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pt: 1 }} data-chat-presets-only>
          {resting ? t('game.chat.wait') : t('game.chat.presetsOnly')}
        </Typography>
      )}
      {masked && (
        <Typography variant="body2" color="warning.main" role="status" sx={{ px: 1.5, pt: 1 }} data-chat-notice>
          {tm('chatMasked')}
        </Typography>
      )}
      {(policy === 'free' || policy === 'filtered') && (
        <Box
          component="form"
          onSubmit={send}
          noValidate
          sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            id="chat-message"
            label={t('game.chat.label')}
            size="small"
            fullWidth
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
            helperText={resting ? t('game.chat.wait') : undefined}
            slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={sending || resting || text.trim() === ''}
            endIcon={resting ? undefined : <SendIcon />}
            data-chat-wait={resting ? secondsLeft : undefined}
            sx={{ flex: 'none', height: 40, minWidth: 96, fontVariantNumeric: 'tabular-nums' }}
          >
            {resting ? t('game.chat.sendIn', { seconds: secondsLeft }) : t('game.chat.send')}
          </Button>
        </Box>
      )}
      {policy !== 'free' && policy !== 'filtered' && <Box sx={{ pb: 1.5 }} />}
    </Paper>
  );
}
