import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import SportsSoccer from '@mui/icons-material/SportsSoccer';
import { useOpenSignIn } from '../../components/header/use-open-sign-in.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { CompactCountdown } from './countdown.tsx';
import { Streak } from './streak.tsx';
import { winsLeft, type HeldTrophyView, type MyTrophies } from './trophy-hunt.ts';
import { CardFacts } from '../../components/card-facts.tsx';
import { useNarrowScreen } from '../../hooks/use-narrow-screen.ts';

const TITLE_ID = 'trophy-mine-title';

/** The section's frame: its heading and a calm paper. */
function Section({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <Paper
      component="section"
      aria-labelledby={TITLE_ID}
      variant="outlined"
      data-my-trophies
      sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}
    >
      <Typography id={TITLE_ID} variant="h2" sx={{ fontSize: { xs: '1.35rem', sm: '1.5rem' }, fontWeight: 700, mb: 2 }}>
        {t('trophy.mine.title')}
      </Typography>
      {children}
    </Paper>
  );
}

/** Signed out: the player's own trophies need a sign-in (docs/product.md#roles: personal trophy stats are for players). */
export function SignInPrompt({ checking }: { checking: boolean }) {
  const { t } = useI18n();
  const openSignIn = useOpenSignIn();
  return (
    <Section>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {t('trophy.signIn.hint')}
      </Typography>
      {checking ? (
        <Skeleton variant="rounded" width={180} height={42} aria-hidden />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" onClick={openSignIn}>
            {t('trophy.signIn.button')}
          </Button>
          <Button component={RouterLink} to="/register" variant="outlined">
            {t('trophy.signIn.register')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}

const tile = {
  p: 1.5,
  borderRadius: 2,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'action.hover',
  minWidth: 0,
} as const;

/** One count as a term and its value with a trophy; `data` names the value for tests and styles. */
function CountTile({
  label,
  count,
  data,
  trophyColor,
  borderColor = 'divider',
}: {
  label: string;
  count: number;
  data: 'data-secured' | 'data-unsecured';
  trophyColor: string;
  borderColor?: string;
}) {
  return (
    <Box sx={{ ...tile, borderColor }}>
      <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
        {label}
      </Box>
      <Box
        component="dd"
        {...{ [data]: count }}
        sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.75, fontSize: '2rem', fontWeight: 700 }}
      >
        <EmojiEvents aria-hidden sx={{ color: trophyColor, fontSize: '1.9rem' }} />
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {count}
        </Box>
      </Box>
    </Box>
  );
}

/** The two counts: secured (gold) and unsecured. */
function Counts({ secured, unsecured }: { secured: number; unsecured: number }) {
  const { t } = useI18n();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
      <CountTile
        label={t('trophy.mine.secured')}
        count={secured}
        data="data-secured"
        trophyColor="secondary.main"
        borderColor="secondary.main"
      />
      <CountTile
        label={t('trophy.mine.unsecured')}
        count={unsecured}
        data="data-unsecured"
        trophyColor="text.disabled"
      />
    </Box>
  );
}

function WinsLeftPhrase({ wins }: { wins: number }) {
  const { t } = useI18n();
  const left = winsLeft(wins);
  return <>{left === 1 ? t('trophy.held.winsLeftOne') : t('trophy.held.winsLeftMany', { count: left })}</>;
}

/** Wide screens: the held trophies as a table (docs/product.md#screens-and-routes: wins left until secure, active time remaining). */
function HeldTable({ trophies }: { trophies: HeldTrophyView[] }) {
  const { t } = useI18n();
  return (
    <Table size="small" sx={{ '& td, & th': { borderColor: 'divider', px: 1 } }}>
      <Box component="caption" sx={visuallyHidden}>
        {t('trophy.held.caption')}
      </Box>
      <TableHead>
        <TableRow sx={{ '& th': { color: 'text.secondary', fontWeight: 500 } }}>
          <TableCell scope="col">{t('trophy.held.col.trophy')}</TableCell>
          <TableCell scope="col">{t('trophy.held.col.streak')}</TableCell>
          <TableCell scope="col" align="right">
            {t('trophy.held.col.winsLeft')}
          </TableCell>
          <TableCell scope="col" align="right">
            {t('trophy.held.col.active')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {trophies.map((trophy) => (
          <TableRow
            key={trophy.id}
            data-held-trophy={trophy.id}
            sx={{ '&:last-child td, &:last-child th': { borderBottom: 0 } }}
          >
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {t('trophy.held.trophy', { id: trophy.id })}
            </TableCell>
            <TableCell>
              <Streak wins={trophy.wins} />
            </TableCell>
            <TableCell
              align="right"
              data-wins-left={winsLeft(trophy.wins)}
              sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
            >
              {winsLeft(trophy.wins)}
            </TableCell>
            <TableCell align="right">
              <CompactCountdown deadlineMs={trophy.expires_at_ms} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below 600 px (ui-brief): one card per held trophy, every column kept and labelled. */
function HeldCards({ trophies }: { trophies: HeldTrophyView[] }) {
  const { t } = useI18n();
  return (
    <Box
      component="ul"
      aria-label={t('trophy.held.caption')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {trophies.map((trophy) => (
        <Paper
          key={trophy.id}
          component="li"
          variant="outlined"
          data-held-trophy={trophy.id}
          sx={{ p: 1.5, borderColor: 'secondary.main' }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
            <Typography component="h3" sx={{ fontWeight: 700 }}>
              {t('trophy.held.trophy', { id: trophy.id })}
            </Typography>
            <Streak wins={trophy.wins} />
          </Stack>
          <CardFacts
            sx={{
              rowGap: 0.5,
              alignItems: 'normal',
              '& dt': { typography: 'body2', color: 'text.secondary' },
              '& dd': { m: 0, textAlign: 'right', fontWeight: 500 },
            }}
          >
            <dt>{t('trophy.held.col.winsLeft')}</dt>
            <dd data-wins-left={winsLeft(trophy.wins)}>
              <Box component="span" aria-hidden sx={{ fontWeight: 700 }}>
                {winsLeft(trophy.wins)}
              </Box>
              <Box component="span" sx={visuallyHidden}>
                <WinsLeftPhrase wins={trophy.wins} />
              </Box>
            </dd>
            <dt>{t('trophy.held.col.active')}</dt>
            <dd>
              <CompactCountdown deadlineMs={trophy.expires_at_ms} />
            </dd>
          </CardFacts>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * The signed-in player's part (docs/product.md#screens-and-routes): secured and unsecured counts, and the held trophies with wins left until
 * secure and active time remaining (counting down each second). `mine` null: their stats are still on the way.
 */
export function MyTrophiesPanel({ mine, trophiesLeft }: { mine: MyTrophies | null; trophiesLeft: number }) {
  const { t } = useI18n();
  const cards = useNarrowScreen('sm');
  if (!mine) {
    return (
      <Section>
        <Skeleton variant="rounded" height={96} aria-hidden />
      </Section>
    );
  }
  return (
    <Section>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2.5, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <Counts secured={mine.secured} unsecured={mine.unsecured} />
        <Box>
          {mine.trophies.length === 0 ? (
            <>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {trophiesLeft > 0 ? t('trophy.held.none') : t('trophy.held.noneEmptyPool')}
              </Typography>
              <Button component={RouterLink} to="/play" variant="contained" startIcon={<SportsSoccer />}>
                {t('trophy.held.play')}
              </Button>
            </>
          ) : cards ? (
            <HeldCards trophies={mine.trophies} />
          ) : (
            <HeldTable trophies={mine.trophies} />
          )}
        </Box>
      </Box>
    </Section>
  );
}
