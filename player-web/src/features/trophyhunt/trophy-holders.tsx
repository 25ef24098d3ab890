import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { GamerTag, PlayerAvatar, YouBadge } from '../../components/ranking/ranking-cells.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { CompactCountdown } from './countdown.tsx';
import { Streak } from './streak.tsx';
import type { HolderView } from './trophy-hunt.ts';
import type { Loadable } from './use-trophy-hunt.ts';
import { CardFacts } from '../../components/card-facts.tsx';
import { useNarrowScreen } from '../../hooks/use-narrow-screen.ts';

const TITLE_ID = 'trophy-holders-title';

interface RowsProps {
  holders: HolderView[];
  youId: number | null;
  announce(text: string): void;
}

/** The username with "You" for the signed-in player, and the presence word for screen readers. */
function HolderName({ holder, isYou }: { holder: HolderView; isYou: boolean }) {
  const { t } = useI18n();
  return (
    <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={`/player/${encodeURIComponent(holder.username)}`}
        color="inherit"
        underline="hover"
      >
        {holder.username}
      </Link>
      {isYou && <YouBadge label={t('trophy.holders.you')} />}
      <Box component="span" sx={visuallyHidden}>
        {`, ${holder.online ? t('trophy.holders.online') : t('trophy.holders.offline')}`}
      </Box>
    </Typography>
  );
}

/** Wide screens: who holds a trophy, their gamer tag to add on the console, the streak and the time left. */
function HoldersTable({ holders, youId, announce }: RowsProps) {
  const { t } = useI18n();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ '& td, & th': { borderColor: 'divider', px: 1 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {t('trophy.holders.caption')}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { color: 'text.secondary', fontWeight: 500, whiteSpace: 'nowrap' } }}>
            <TableCell scope="col">{t('trophy.holders.col.player')}</TableCell>
            <TableCell scope="col">{t('trophy.holders.col.playsAs')}</TableCell>
            <TableCell scope="col">{t('trophy.holders.col.streak')}</TableCell>
            <TableCell scope="col" align="right">
              {t('trophy.holders.col.timeLeft')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {holders.map((holder) => (
            <TableRow
              key={holder.trophy_id}
              data-holder={holder.username}
              sx={{
                bgcolor: holder.user_id === youId ? 'action.selected' : undefined,
                '&:last-child td, &:last-child th': { borderBottom: 0 },
              }}
            >
              <TableCell component="th" scope="row" sx={{ fontWeight: 'inherit' }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 160 }}>
                  <PlayerAvatar entry={holder} size={36} />
                  <HolderName holder={holder} isYou={holder.user_id === youId} />
                </Stack>
              </TableCell>
              <TableCell>
                <GamerTag entry={holder} announce={announce} />
              </TableCell>
              <TableCell>
                <Streak wins={holder.wins} />
              </TableCell>
              <TableCell align="right">
                <CompactCountdown deadlineMs={holder.expires_at_ms} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below 600 px (ui-brief): one card per holder, every column kept and labelled. */
function HolderCards({ holders, youId, announce }: RowsProps) {
  const { t } = useI18n();
  return (
    <Box
      component="ul"
      aria-label={t('trophy.holders.caption')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {holders.map((holder) => (
        <Paper
          key={holder.trophy_id}
          component="li"
          variant="outlined"
          data-holder={holder.username}
          sx={{ p: 1.5, borderColor: holder.user_id === youId ? 'primary.main' : 'divider' }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <PlayerAvatar entry={holder} size={36} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <HolderName holder={holder} isYou={holder.user_id === youId} />
            </Box>
            <Streak wins={holder.wins} />
          </Stack>
          <CardFacts sx={{ mt: 1.25, rowGap: 0.5, '& dt': { typography: 'body2', color: 'text.secondary' } }}>
            <dt>{t('trophy.holders.col.playsAs')}</dt>
            <dd>
              <GamerTag entry={holder} announce={announce} />
            </dd>
            <dt>{t('trophy.holders.col.timeLeft')}</dt>
            <dd>
              <CompactCountdown deadlineMs={holder.expires_at_ms} />
            </dd>
          </CardFacts>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * The live list of current holders of unsecured trophies, so hunters know whom to beat: who, online or not,
 * the streak out of 3 and the time left; read every 15 s and on `stats` events by the page.
 */
export function TrophyHolders({
  holders,
  youId,
  onRetry,
}: {
  holders: Loadable<HolderView[]>;
  youId: number | null;
  onRetry(): void;
}) {
  const { t } = useI18n();
  const [announcement, setAnnouncement] = useState('');
  const cards = useNarrowScreen('sm');

  let body;
  if (holders.status === 'loading') {
    body = <LoadingScreen fullScreen={false} />;
  } else if (holders.status === 'error') {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('trophy.retry')}
          </Button>
        }
      >
        {t('trophy.holders.error')}
      </Alert>
    );
  } else if (holders.data.length === 0) {
    body = <Typography color="text.secondary">{t('trophy.holders.empty')}</Typography>;
  } else if (cards) {
    body = <HolderCards holders={holders.data} youId={youId} announce={setAnnouncement} />;
  } else {
    body = <HoldersTable holders={holders.data} youId={youId} announce={setAnnouncement} />;
  }

  return (
    <Paper
      component="section"
      aria-labelledby={TITLE_ID}
      variant="outlined"
      data-holders
      sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}
    >
      <Typography id={TITLE_ID} variant="h2" sx={{ fontSize: { xs: '1.35rem', sm: '1.5rem' }, fontWeight: 700 }}>
        {t('trophy.holders.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('trophy.holders.hint')}
      </Typography>
      {body}
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Paper>
  );
}
