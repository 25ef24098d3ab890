import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { CONSOLE_PLAYSTATION, type RankingEntry } from '@ecup/domain';
import { UserAvatar } from '../user-avatar.tsx';
import { visuallyHidden } from '../visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { imageUrl } from '../../lib/images.ts';
import { copyText } from '../../lib/copy-text.ts';

/** Medal colours for the podium places; the number is always written too, so colour is never the only cue. */
const PODIUM = ['#f5b700', '#c0c8d4', '#d08a4e'] as const;

/** The place in the list, as a badge; the top three get medal colours. */
export function RankBadge({ rank, size = 32 }: { rank: number; size?: number }) {
  const { t } = useI18n();
  const medal = PODIUM[rank - 1];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-grid',
        placeItems: 'center',
        minWidth: size,
        height: size,
        px: 0.75,
        borderRadius: size / 2,
        fontWeight: 700,
        fontVariantNumeric: 'tabular-nums',
        fontSize: rank > 999 ? '0.75rem' : '0.875rem',
        bgcolor: medal ?? 'action.selected',
        color: medal ? '#0b1a2e' : 'text.primary',
      }}
    >
      <Box component="span" aria-hidden>
        {rank}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {t('ranking.rankOf', { rank })}
      </Box>
    </Box>
  );
}

/**
 * The player's avatar with a presence dot: a filled green dot when online, a hollow ring when offline (shape as
 * well as colour), and the word for screen readers next to the name.
 */
export function PlayerAvatar({
  entry,
  size = 40,
}: {
  entry: Pick<RankingEntry, 'username' | 'avatar_hash' | 'online'>;
  size?: number;
}) {
  const { t } = useI18n();
  const dot = Math.max(10, Math.round(size * 0.3));
  return (
    <Box sx={{ position: 'relative', flex: 'none', width: size, height: size }}>
      {/* The username is written next to it; the initials would only repeat it. */}
      <UserAvatar username={entry.username} avatarHash={entry.avatar_hash} size={size} decorative />
      <Tooltip title={entry.online ? t('ranking.online') : t('ranking.offline')}>
        <Box
          component="span"
          aria-hidden
          sx={{
            position: 'absolute',
            right: -2,
            bottom: -2,
            width: dot,
            height: dot,
            borderRadius: '50%',
            border: 2,
            borderColor: 'background.paper',
            boxShadow: entry.online ? 'none' : 'inset 0 0 0 2px #8a9bb4',
            bgcolor: entry.online ? '#2fbf5e' : 'background.paper',
          }}
        />
      </Tooltip>
    </Box>
  );
}

/** Username (with the presence word for screen readers), full name below; "You" for the signed-in player. */
/** The small badge after the signed-in player's own name in a list ("You"). */
export function YouBadge({ label }: { label: string }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        whiteSpace: 'nowrap',
        ml: 1,
        px: 0.75,
        py: 0.125,
        borderRadius: 1,
        fontSize: '0.7rem',
        fontWeight: 700,
        verticalAlign: 'middle',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {label}
    </Box>
  );
}

export function PlayerName({ entry, isYou }: { entry: RankingEntry; isYou: boolean }) {
  const { t } = useI18n();
  const fullName = `${entry.first_name} ${entry.last_name}`.trim();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'break-word' }}>
        {entry.username}
        {isYou && <YouBadge label={t('ranking.you')} />}
        <Box component="span" sx={visuallyHidden}>
          {`, ${entry.online ? t('ranking.online') : t('ranking.offline')}`}
        </Box>
      </Typography>
      {fullName !== '' && (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'break-word' }}
        >
          {fullName}
        </Typography>
      )}
    </Box>
  );
}

/** The IRL team: its photo when there is one (decorative, the name is written) and its name. */
export function TeamName({ team }: { team: RankingEntry['team'] }) {
  const { t } = useI18n();
  if (team.name.trim() === '') {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('ranking.noTeam')}
      </Typography>
    );
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      {team.avatar_hash && (
        <Box
          component="img"
          src={imageUrl('team', team.avatar_hash)}
          alt=""
          loading="lazy"
          width={24}
          height={24}
          sx={{ flex: 'none', borderRadius: 0.75, objectFit: 'cover', bgcolor: 'action.hover' }}
        />
      )}
      <Box component="span" sx={{ overflowWrap: 'break-word' }}>
        {team.name}
      </Box>
    </Box>
  );
}

/** A small console label: "PS" (PlayStation) or "Xbox". */
function ConsoleLabel({ console }: { console: RankingEntry['console'] }) {
  const { t } = useI18n();
  const playstation = console === CONSOLE_PLAYSTATION;
  return (
    <Box
      component="span"
      title={playstation ? t('ranking.console.playstation') : t('ranking.console.xbox')}
      sx={{
        flex: 'none',
        px: 0.6,
        py: 0.1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 0.75,
        fontSize: '0.7rem',
        fontWeight: 700,
        letterSpacing: '0.04em',
        color: 'text.secondary',
      }}
    >
      {playstation ? (
        <>
          <span aria-hidden>{t('ranking.console.playstationShort')}</span>
          <Box component="span" sx={visuallyHidden}>
            {t('ranking.console.playstation')}
          </Box>
        </>
      ) : (
        t('ranking.console.xbox')
      )}
    </Box>
  );
}

/**
 * Gamer tag with its console (when known) and a copy button (ui-brief: players type it on the console).
 */
export function GamerTag({
  entry,
  announce,
}: {
  entry: Pick<RankingEntry, 'gamer_tag'> & { console?: RankingEntry['console'] };
  announce(text: string): void;
}) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (entry.gamer_tag === '') return null;
  const copy = async () => {
    const ok = await copyText(entry.gamer_tag);
    setCopied(ok);
    announce(ok ? t('ranking.copied', { tag: entry.gamer_tag }) : t('ranking.copyFailed'));
  };
  const label = copied ? t('ranking.copied', { tag: entry.gamer_tag }) : t('ranking.copy', { tag: entry.gamer_tag });
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0, maxWidth: '100%' }}
    >
      {entry.console !== undefined && <ConsoleLabel console={entry.console} />}
      <Box
        component="span"
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.875rem',
          overflowWrap: 'break-word',
          minWidth: 0,
        }}
      >
        {entry.gamer_tag}
      </Box>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={() => void copy()} sx={{ flex: 'none', my: -0.5 }}>
          {copied ? <CheckIcon fontSize="inherit" color="primary" /> : <ContentCopyIcon fontSize="inherit" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** Secured trophies in gold. */
export function TrophyCount({ count }: { count: number }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontVariantNumeric: 'tabular-nums' }}
    >
      <EmojiEvents aria-hidden sx={{ fontSize: '1.1rem', color: count > 0 ? 'secondary.main' : 'text.disabled' }} />
      {count}
    </Box>
  );
}
