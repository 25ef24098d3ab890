import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { has, type ConflictEntry, type ConflictPlayer, type UserPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { getConflicts } from './get-conflicts.ts';
import { CardFacts } from '../../components/card-facts.tsx';
import { MyReports } from '../../components/safety/my-reports.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { SignedOutPrompt } from '../../components/signed-out-prompt.tsx';

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; conflicts: ConflictEntry[] };

/** A player: avatar and name, linking to the admin user page (docs/product.md#screens-and-routes; the console is its own app). */
function PlayerLink({ player }: { player: ConflictPlayer }) {
  return (
    <Link
      href={`/admin/user/${player.id}`}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0, fontWeight: 500 }}
    >
      <UserAvatar username={player.username} avatarHash={player.avatar_hash} size={28} decorative />
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {player.username}
      </Box>
    </Link>
  );
}

function MatchLink({ id }: { id: number }) {
  const { t } = useI18n();
  return (
    <Link component={RouterLink} to={`/game/${id}`} sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
      <span aria-hidden>#{id}</span>
      <Box component="span" sx={visuallyHidden}>
        {t('conflicts.openGame', { id })}
      </Box>
    </Link>
  );
}

function Status({ solved }: { solved: boolean }) {
  const { tm } = useI18n();
  return solved ? (
    <StatusChip tone="done" size="small" label={tm('statusSolved')} />
  ) : (
    <StatusChip tone="conflict" size="small" label={tm('statusConflict')} />
  );
}

/** The local date of an entry (unix seconds). */
function useDate(): (seconds: number) => string {
  const { dateTime } = useI18n();
  return (seconds) => dateTime(seconds, { dateStyle: 'medium' });
}

/** Wide screens: the table of docs/product.md#screens-and-routes (Match ID, Player 1, Player 2, Status, Date). */
function ConflictTable({ conflicts }: { conflicts: ConflictEntry[] }) {
  const { t } = useI18n();
  const date = useDate();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" sx={{ '& td, & th': { borderColor: 'divider', py: 1.25 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {t('conflicts.caption')}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { color: 'text.secondary', fontWeight: 500, whiteSpace: 'nowrap' } }}>
            <TableCell scope="col">{t('conflicts.col.match')}</TableCell>
            <TableCell scope="col">{t('conflicts.col.player1')}</TableCell>
            <TableCell scope="col">{t('conflicts.col.player2')}</TableCell>
            <TableCell scope="col">{t('conflicts.col.status')}</TableCell>
            <TableCell scope="col">{t('conflicts.col.date')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {conflicts.map((entry) => (
            <TableRow
              key={entry.id}
              data-conflict={entry.id}
              sx={{ '&:last-child td, &:last-child th': { borderBottom: 0 } }}
            >
              <TableCell component="th" scope="row">
                <MatchLink id={entry.id} />
              </TableCell>
              <TableCell>
                <PlayerLink player={entry.user_1} />
              </TableCell>
              <TableCell>
                <PlayerLink player={entry.user_2} />
              </TableCell>
              <TableCell>
                <Status solved={entry.solved} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(entry.inserted)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below 600 px (ui-brief): one card per conflict that keeps every column, labelled. */
function ConflictCards({ conflicts }: { conflicts: ConflictEntry[] }) {
  const { t } = useI18n();
  const date = useDate();
  return (
    <Box
      component="ul"
      aria-label={t('conflicts.caption')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {conflicts.map((entry) => (
        <Paper key={entry.id} component="li" variant="outlined" data-conflict={entry.id} sx={{ p: 1.5 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
            <Box>
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {t('conflicts.col.match')}
              </Typography>
              <MatchLink id={entry.id} />
            </Box>
            <Box sx={{ textAlign: 'right' }}>
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {t('conflicts.col.status')}
              </Typography>
              <Status solved={entry.solved} />
            </Box>
          </Stack>
          <CardFacts sx={{ rowGap: 1 }}>
            <dt>{t('conflicts.col.player1')}</dt>
            <dd>
              <PlayerLink player={entry.user_1} />
            </dd>
            <dt>{t('conflicts.col.player2')}</dt>
            <dd>
              <PlayerLink player={entry.user_2} />
            </dd>
            <dt>{t('conflicts.col.date')}</dt>
            <dd>{date(entry.inserted)}</dd>
          </CardFacts>
        </Paper>
      ))}
    </Box>
  );
}

function ConflictList({ user }: { user: UserPayload }) {
  const { t } = useI18n();
  const { api } = useClient();
  const cards = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getConflicts(api, controller.signal)
      .then((answer) => setState({ status: 'ready', conflicts: answer.conflicts }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [api, user.id, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {has(user.session_permissions, 'canResolveConflicts') ? t('conflicts.introStaff') : t('conflicts.intro')}
      </Typography>
      {state.status === 'loading' && <LoadingScreen fullScreen={false} />}
      {state.status === 'error' && (
        <RetryAlert retryLabel={t('conflicts.retry')} onRetry={retry}>
          {t('conflicts.error')}
        </RetryAlert>
      )}
      {state.status === 'ready' &&
        (state.conflicts.length === 0 ? (
          <Typography
            data-empty
            sx={{
              py: 5,
              px: 2,
              textAlign: 'center',
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 2,
              color: 'text.secondary',
            }}
          >
            {t('conflicts.empty')}
          </Typography>
        ) : cards ? (
          <ConflictCards conflicts={state.conflicts} />
        ) : (
          <ConflictTable conflicts={state.conflicts} />
        ))}
    </>
  );
}

/** Route /conflicts (docs/product.md#screens-and-routes): the conflict list, or the login prompt when signed out. */
export function Component() {
  const { t } = useI18n();
  const { state } = useClient();
  usePageTitle(t('conflicts.title'));
  const user = state.user;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {user ? (
        <>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' }, mb: 1 }}>
            {t('conflicts.title')}
          </Typography>
          <ConflictList user={user} />
          <MyReports />
        </>
      ) : state.authenticating ? (
        <LoadingScreen fullScreen={false} />
      ) : (
        <SignedOutPrompt hint={t('conflicts.signedOutHint')} signInLabel={t('conflicts.signIn')} />
      )}
    </Container>
  );
}
