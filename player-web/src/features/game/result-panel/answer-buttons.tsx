import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Gavel from '@mui/icons-material/Gavel';
import type { GamePayload } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { protestResult } from '../protest-result.ts';
import { verifyResult } from '../verify-result.ts';
import { withSummary } from '../game-logic.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Busy } from './busy.tsx';

/** Verify and Protest for the player a submission or an 'Opponent left' report waits on. */
export function AnswerButtons({ game, onGame }: { game: GamePayload; onGame(game: GamePayload): void }) {
  const { t } = useI18n();
  const { api } = useClient();
  const [pending, setPending] = useState<'verify' | 'protest' | null>(null);
  const [asking, setAsking] = useState(false);

  const run = async (which: 'verify' | 'protest') => {
    if (pending) return;
    setAsking(false);
    setPending(which);
    try {
      // A verify answers the summary alone: the chat and evidence shown stay, as with a `score` event.
      onGame(
        which === 'verify' ? withSummary(game, await verifyResult(api, game.id)) : await protestResult(api, game.id),
      );
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
