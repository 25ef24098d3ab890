import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { fullNameOf, type GamePlayer } from '@ecup/domain';
import { useI18n } from '../i18n/i18n.tsx';
import { GamerTag, TeamName } from './ranking/ranking-cells.tsx';
import { UserAvatar } from './user-avatar.tsx';
import { visuallyHidden } from './visually-hidden.ts';
// The ranking's words load with the component (i18n/catalogue.ts).
import './ranking/i18n.ts';

export interface PlayerCardProps {
  player: GamePlayer;
  /** A word above the name, e.g. "You" or "Opponent". */
  caption?: string;
  /** Draws the card in the primary colour (the signed-in player's own card). */
  highlight?: boolean;
  /** Extra content under the numbers: accepted state, Elo change, score. */
  children?: ReactNode;
  /** Announces the result of copying the gamer tag (the screen's live region). */
  announce(text: string): void;
  /** Heading level of the username within the page. */
  nameComponent?: 'h2' | 'h3';
  /** A smaller card for narrow screens: the avatar beside the name. */
  compact?: boolean;
  /** Opens the player's page in a new tab, where leaving this screen would cost the player (the match to accept). */
  profileInNewTab?: boolean;
}

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** One number with its label, short on screen and in full for screen readers. */
function Stat({ short, long, value }: { short: string; long: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0, textAlign: 'center' }}>
      <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary', lineHeight: 1.3 }}>
        <Box component="abbr" title={long} aria-hidden sx={{ textDecoration: 'none' }}>
          {short}
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {long}
        </Box>
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 600, ...numeric }}>
        {value}
      </Box>
    </Box>
  );
}

/**
 * A player on the match card and the game screen (ui-brief "The play screen"): avatar, username (a link to the
 * player's page), gamer tag with a copy button (players type it on the console), team, Elo and W/L/T.
 */
export function PlayerCard({
  player,
  caption,
  highlight = false,
  children,
  announce,
  nameComponent = 'h2',
  compact = false,
  profileInNewTab = false,
}: PlayerCardProps) {
  const { t, numberFormat: number } = useI18n();
  const fullName = fullNameOf(player);
  return (
    <Paper
      variant="outlined"
      data-player={player.username}
      sx={{
        p: compact ? 1.5 : { xs: 2, sm: 2.5 },
        minWidth: 0,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: compact ? 'stretch' : 'center',
        textAlign: compact ? 'left' : 'center',
        gap: compact ? 1 : 1.25,
        borderColor: highlight ? 'primary.main' : 'divider',
        borderWidth: highlight ? 2 : 1,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: compact ? 'row' : 'column',
          alignItems: 'center',
          gap: compact ? 1.5 : 1,
          minWidth: 0,
          width: '100%',
        }}
      >
        <UserAvatar username={player.username} avatarHash={player.avatar_hash} size={compact ? 48 : 72} decorative />
        <Box sx={{ minWidth: 0, flex: compact ? 1 : 'none', maxWidth: '100%' }}>
          {caption && (
            <Typography
              variant="overline"
              component="p"
              sx={{ lineHeight: 1.4, color: highlight ? 'primary.main' : 'text.secondary', fontWeight: 700 }}
            >
              {caption}
            </Typography>
          )}
          <Typography
            component={nameComponent}
            sx={{ fontWeight: 700, fontSize: compact ? '1.1rem' : '1.3rem', overflowWrap: 'anywhere' }}
          >
            <Link
              component={RouterLink}
              to={`/player/${encodeURIComponent(player.username)}`}
              color="inherit"
              underline="hover"
              {...(profileInNewTab ? { target: '_blank', rel: 'noopener' } : {})}
            >
              {player.username}
            </Link>
          </Typography>
          {fullName !== '' && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {fullName}
            </Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: compact ? 'flex-start' : 'center' }}>
        <GamerTag entry={player} announce={announce} />
      </Box>
      <Box sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>
        <TeamName team={player.team} />
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 'auto',
          pt: 1,
          width: '100%',
          borderTop: 1,
          borderColor: 'divider',
          display: 'grid',
          gridTemplateColumns: '1.4fr repeat(3, 1fr)',
          gap: 0.5,
        }}
      >
        <Stat short={t('ranking.col.points')} long={t('ranking.col.pointsLong')} value={number.format(player.elo)} />
        <Stat short={t('ranking.col.winsShort')} long={t('ranking.col.wins')} value={number.format(player.wins)} />
        <Stat
          short={t('ranking.col.lossesShort')}
          long={t('ranking.col.losses')}
          value={number.format(player.losses)}
        />
        <Stat short={t('ranking.col.tiesShort')} long={t('ranking.col.ties')} value={number.format(player.ties)} />
      </Box>
      {children}
    </Paper>
  );
}
