import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import type { MatchPayload } from '@ecup/domain';
import { PlayerCard } from '../../components/player-card.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { CountdownRing } from './countdown-ring.tsx';
import { sidesOf } from './play-state.ts';

/** Whether a player has accepted, as a chip with a word and an icon. */
function AcceptedChip({ accepted }: { accepted: boolean }) {
  const { t } = useI18n();
  return (
    <Chip
      size="small"
      variant={accepted ? 'filled' : 'outlined'}
      color={accepted ? 'success' : 'default'}
      icon={accepted ? <CheckCircle /> : <HourglassEmpty />}
      label={accepted ? t('play.match.accepted') : t('play.match.notYet')}
      data-accepted={accepted}
      sx={{ fontWeight: 600, alignSelf: 'center' }}
    />
  );
}

function Versus({ sx }: { sx?: object }) {
  const { t } = useI18n();
  return (
    <Typography
      aria-hidden
      sx={{ fontWeight: 800, fontSize: '1.5rem', letterSpacing: '0.1em', color: 'text.secondary', ...sx }}
    >
      {t('play.match.vs')}
    </Typography>
  );
}

export interface MatchCardProps {
  match: MatchPayload;
  meId: number;
  nowMs: number;
  busy: boolean;
  onAccept(): void;
  onDecline(): void;
  announce(text: string): void;
}

/**
 * The match-ready card (docs/product.md#screens-and-routes, docs/product.md#states; ui-brief): both players, VS, a large ring counting the 30 s down, Accept as the
 * biggest button on the screen and Decline. After accepting, the player sees that they wait for the opponent, and
 * each card says whether that player has accepted. On phones the ring and the buttons come first, so they are
 * on screen without scrolling.
 */
export function MatchCard({ match, meId, nowMs, busy, onAccept, onDecline, announce }: MatchCardProps) {
  const { t } = useI18n();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const { me, opponent, meAccepted, opponentAccepted } = sidesOf(match, meId);
  const over = nowMs >= match.deadline_ms;

  return (
    <Paper
      component="section"
      aria-labelledby="match-title"
      data-match={match.id}
      sx={{ p: { xs: 2, sm: 3 }, border: 2, borderColor: 'primary.main' }}
    >
      <Typography
        id="match-title"
        variant="h2"
        sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 700, textAlign: 'center', mb: { xs: 2, sm: 3 } }}
      >
        {t('play.match.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 260px minmax(0, 1fr)' },
          gap: { xs: 1.5, md: 3 },
          alignItems: 'stretch',
        }}
      >
        <Box sx={{ order: { xs: 2, md: 1 } }}>
          <PlayerCard
            player={me}
            caption={t('play.you')}
            highlight
            announce={announce}
            compact={compact}
            profileInNewTab
          >
            <AcceptedChip accepted={meAccepted} />
          </PlayerCard>
        </Box>
        <Stack
          spacing={2}
          sx={{ order: { xs: 1, md: 2 }, alignItems: 'center', justifyContent: 'center', minWidth: 0 }}
        >
          <Versus sx={{ display: { xs: 'none', md: 'block' } }} />
          <CountdownRing deadlineMs={match.deadline_ms} nowMs={nowMs} />
          {meAccepted ? (
            <Stack spacing={1} sx={{ alignItems: 'center', minHeight: 64, textAlign: 'center' }} data-waiting>
              <CircularProgress size={24} aria-hidden />
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {t('play.match.waiting', { name: opponent.username })}
              </Typography>
            </Stack>
          ) : over ? (
            <Typography
              color="text.secondary"
              sx={{ minHeight: 64, display: 'flex', alignItems: 'center', textAlign: 'center' }}
            >
              {t('play.match.checking')}
            </Typography>
          ) : (
            <Stack spacing={1.25} sx={{ width: '100%', maxWidth: 320 }}>
              <Button
                variant="contained"
                size="large"
                onClick={onAccept}
                disabled={busy}
                autoFocus
                sx={{ py: 2, fontSize: '1.5rem', fontWeight: 800, letterSpacing: '0.04em' }}
              >
                {t('play.match.accept')}
              </Button>
              <Button variant="outlined" color="inherit" onClick={onDecline} disabled={busy}>
                {t('play.match.decline')}
              </Button>
            </Stack>
          )}
        </Stack>
        <Versus sx={{ order: 3, display: { xs: 'block', md: 'none' }, textAlign: 'center', fontSize: '1.1rem' }} />
        <Box sx={{ order: { xs: 4, md: 3 } }}>
          <PlayerCard
            player={opponent}
            caption={t('play.opponent')}
            announce={announce}
            compact={compact}
            profileInNewTab
          >
            <AcceptedChip accepted={opponentAccepted} />
          </PlayerCard>
        </Box>
      </Box>
    </Paper>
  );
}
