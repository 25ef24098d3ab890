import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Gavel from '@mui/icons-material/Gavel';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { SCORE_MAX, validateScore, type GamePayload, type Message } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { formatClock } from '../../lib/durations.ts';
import { useServerNow } from '../../lib/server-clock.ts';
import { formatEloChange, fromGameOrder, otherSeat, seatOf, toGameOrder, type Seat } from './game-logic.ts';
import { protestResult } from './protest-result.ts';
import { reportOpponentLeft } from './report-opponent-left.ts';
import { submitResult } from './submit-result.ts';
import { verifyResult } from './verify-result.ts';

/** A deadline in the reader's local time with its zone (ui-brief: "Deadlines show the local time and zone"). */
export function useDeadlineText(): (ms: number) => string {
  const { dateTime } = useI18n();
  return (ms) => dateTime(new Date(ms), { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
}

/** A yes/no question before an action that cannot be undone. */
function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  danger,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" autoFocus>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color={danger ? 'error' : 'primary'}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Two score fields 0-99 and a submit button; validated with the domain's validateScore (spec §5). */
export function ScoreFields({
  idPrefix,
  labels,
  values,
  onChange,
}: {
  idPrefix: string;
  labels: [string, string];
  values: [string, string];
  onChange(values: [string, string]): void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
      {labels.map((label, i) => (
        <TextField
          key={label}
          id={`${idPrefix}-${i + 1}`}
          label={label}
          value={values[i]}
          onChange={(event) => {
            const next: [string, string] = [...values];
            next[i] = event.target.value.replace(/[^\d]/g, '').slice(0, 2);
            onChange(next);
          }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              pattern: '[0-9]*',
              maxLength: String(SCORE_MAX).length,
              autoComplete: 'off',
              sx: { fontSize: '1.5rem', fontWeight: 700, textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
            },
          }}
        />
      ))}
    </Box>
  );
}

/**
 * A two-score form (the player's result, the moderator's edit): the fields' text, and a submit that checks both
 * scores (the spec's message in the Error popover on the first failure) and sends them once at a time. When sending
 * fails the api client has shown the server's message and the scores stay.
 */
export function useScoreForm(initial: [string, string], send: (scores: [number, number]) => Promise<void>) {
  const { tm } = useI18n();
  const { popover } = useClient();
  const [values, setValues] = useState<[string, string]>(initial);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const first = validateScore(values[0]);
    const second = validateScore(values[1]);
    if (!first.ok || !second.ok) {
      popover(tm('errorTitle'), tm(first.ok ? (second as Message) : first));
      return;
    }
    setPending(true);
    try {
      await send([first.value, second.value]);
    } catch {
      // The api client showed the server's message (e.g. no result to edit yet); the scores stay.
    } finally {
      setPending(false);
    }
  };

  return { values, setValues, pending, submit };
}

/** The game page's Result section: its heading and what the state allows. */
function ResultSection({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="result-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id="result-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('game.result.title')}
      </Typography>
      {children}
    </Paper>
  );
}

function Busy({ pending }: { pending: boolean }) {
  return pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : null;
}

interface PlayerPanelProps {
  game: GamePayload;
  seat: Seat;
  onGame(game: GamePayload): void;
}

/** The result form, which opens 12 minutes after the game started (spec §4), with the scores in the player's order. */
function ResultForm({ game, seat, onGame }: PlayerPanelProps) {
  const { t } = useI18n();
  const { api } = useClient();
  const { values, setValues, pending, submit } = useScoreForm(['', ''], async ([mine, theirs]) =>
    onGame(await submitResult(api, { gameId: game.id, ...toGameOrder(mine, theirs, seat) })),
  );
  const opponent = seatOf(game, otherSeat(seat)).player;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="result-title" data-result-form>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('game.result.formHint')}
      </Typography>
      <ScoreFields
        idPrefix="score"
        labels={[t('game.result.mine'), t('game.result.theirs', { name: opponent.username })]}
        values={values}
        onChange={setValues}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pending}
        startIcon={<Busy pending={pending} />}
        sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {t('game.result.submit')}
      </Button>
    </Box>
  );
}

/** Before the form opens: a live countdown on the server's clock and the local time it opens (spec §4). */
function ResultCountdown({ game, seat }: { game: GamePayload; seat: Seat }) {
  const { t } = useI18n();
  const deadline = useDeadlineText();
  const now = useServerNow(true);
  const opponent = seatOf(game, otherSeat(seat)).player;
  return (
    <Box>
      <Typography variant="overline" component="p" color="text.secondary">
        {t('game.result.opensIn')}
      </Typography>
      <Stack useFlexGap direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography
          role="timer"
          data-result-countdown
          sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatClock(game.result_opens_at_ms - now, 'ceil')}
        </Typography>
        <Typography color="text.secondary">
          {t('game.result.opensAt', { time: deadline(game.result_opens_at_ms) })}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        {t('game.result.playHint', { name: opponent.username })}
      </Typography>
    </Box>
  );
}

/** Verify and Protest for the player a submission or an 'Opponent left' report waits on (spec §4). */
function AnswerButtons({ game, onGame }: { game: GamePayload; onGame(game: GamePayload): void }) {
  const { t } = useI18n();
  const { api } = useClient();
  const [pending, setPending] = useState<'verify' | 'protest' | null>(null);
  const [asking, setAsking] = useState(false);

  const run = async (which: 'verify' | 'protest') => {
    if (pending) return;
    setAsking(false);
    setPending(which);
    try {
      onGame(await (which === 'verify' ? verifyResult(api, game.id) : protestResult(api, game.id)));
    } catch {
      // The api client showed the server's message (e.g. already verified).
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          size="large"
          onClick={() => void run('verify')}
          disabled={pending !== null}
          startIcon={pending === 'verify' ? <Busy pending /> : <CheckCircleOutline />}
        >
          {t('game.result.verify')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          size="large"
          onClick={() => setAsking(true)}
          disabled={pending !== null}
          startIcon={pending === 'protest' ? <Busy pending /> : <Gavel />}
        >
          {t('game.result.protest')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t('game.protest.title')}
        text={t('game.protest.text')}
        confirmLabel={t('game.result.protest')}
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => void run('protest')}
      />
    </>
  );
}

/** 'Opponent left' while playing, after a confirmation (spec §4: reports dropped_user_id = the opponent). */
function OpponentLeftButton({ game, seat, onGame }: PlayerPanelProps) {
  const { t, tm } = useI18n();
  const { api } = useClient();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const opponent = seatOf(game, otherSeat(seat)).player;

  const report = async () => {
    setAsking(false);
    setPending(true);
    try {
      onGame(await reportOpponentLeft(api, { gameId: game.id, droppedUserId: opponent.id }));
    } catch {
      // The api client showed the server's message.
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={() => setAsking(true)}
        disabled={pending}
        startIcon={pending ? <Busy pending /> : <LogoutOutlined />}
        sx={{ mt: 2 }}
      >
        {tm('opponentLeft')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('game.left.title', { name: opponent.username })}
        text={t('game.left.text', { name: opponent.username })}
        confirmLabel={t('game.left.confirm', { name: opponent.username })}
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => void report()}
      />
    </>
  );
}

/** When an unanswered submission or report goes to conflict (decisions §5), in local time. */
function EscalationNote({ game }: { game: GamePayload }) {
  const { t } = useI18n();
  const deadline = useDeadlineText();
  if (game.escalates_at_ms === null) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
      {t('game.result.escalates', { time: deadline(game.escalates_at_ms) })}
    </Typography>
  );
}

/** The result area of a player (spec §2, §4): countdown, form, waiting, verify/protest, conflict or the final word. */
export function PlayerResultPanel({ game, seat, onGame }: PlayerPanelProps) {
  const { t } = useI18n();
  const now = useServerNow(game.state === 'playing');
  const me = seatOf(game, seat);
  const opponent = seatOf(game, otherSeat(seat)).player;
  const { mine, theirs } = fromGameOrder(game, seat);
  const myId = me.player.id;

  let content: ReactNode;
  switch (game.state) {
    case 'playing':
      content = (
        <>
          {now < game.result_opens_at_ms ? (
            <ResultCountdown game={game} seat={seat} />
          ) : (
            <ResultForm game={game} seat={seat} onGame={onGame} />
          )}
          <Box>
            <OpponentLeftButton game={game} seat={seat} onGame={onGame} />
          </Box>
        </>
      );
      break;
    case 'submitted':
      content =
        game.submitted_user_id === myId ? (
          <>
            <Typography>
              {t('game.result.submittedByMe', { mine: mine ?? 0, theirs: theirs ?? 0, name: opponent.username })}
            </Typography>
            <EscalationNote game={game} />
          </>
        ) : (
          <>
            <Typography sx={{ fontWeight: 500 }}>
              {t('game.result.submittedByThem', { name: opponent.username, mine: mine ?? 0, theirs: theirs ?? 0 })}
            </Typography>
            <AnswerButtons game={game} onGame={onGame} />
            <EscalationNote game={game} />
          </>
        );
      break;
    case 'dropped':
      content =
        game.dropped_user_id === myId ? (
          <>
            <Typography sx={{ fontWeight: 500 }}>{t('game.result.droppedMe', { name: opponent.username })}</Typography>
            <AnswerButtons game={game} onGame={onGame} />
            <EscalationNote game={game} />
          </>
        ) : (
          <>
            <Typography>{t('game.result.droppedByMe', { name: opponent.username })}</Typography>
            <EscalationNote game={game} />
          </>
        );
      break;
    case 'conflict':
      content = (
        <>
          <Typography>{t('game.result.conflict')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('game.result.conflictHint')}
          </Typography>
        </>
      );
      break;
    case 'final':
      content = (
        <Typography>
          {t('game.result.final')}{' '}
          {me.eloChange !== null &&
            t('game.result.eloNow', { elo: me.player.elo, change: formatEloChange(me.eloChange) })}
        </Typography>
      );
      break;
  }

  return <ResultSection>{content}</ResultSection>;
}

/** What a moderator who is not a player reads about the game's state (spec §6). */
export function StaffResultSummary({ game }: { game: GamePayload }) {
  const { t } = useI18n();
  const deadline = useDeadlineText();
  const name = (id: number | null) => (id === game.user_1.id ? game.user_1.username : game.user_2.username);
  let text: string;
  switch (game.state) {
    case 'playing':
      text = t('game.staff.playing', { time: deadline(game.result_opens_at_ms) });
      break;
    case 'submitted':
      text = t('game.staff.submitted', {
        name: name(game.submitted_user_id),
        first: game.user_1.username,
        second: game.user_2.username,
        score1: game.score_1 ?? 0,
        score2: game.score_2 ?? 0,
      });
      break;
    case 'dropped':
      text = t('game.staff.dropped', {
        name: game.dropped_user_id === game.user_1.id ? game.user_2.username : game.user_1.username,
        other: name(game.dropped_user_id),
      });
      break;
    case 'conflict':
      text = t('game.result.conflict');
      break;
    case 'final':
      text = t('game.result.final');
      break;
  }
  return (
    <ResultSection>
      <Typography>{text}</Typography>
      {(game.state === 'submitted' || game.state === 'dropped') && <EscalationNote game={game} />}
    </ResultSection>
  );
}
