import { useState } from 'react';
import Button from '@mui/material/Button';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { useClient } from '../../../providers/client-context.tsx';
import { useI18n } from '../../../i18n/i18n.tsx';
import { otherSeat, seatOf } from '../game-logic.ts';
import { reportOpponentLeft } from '../report-opponent-left.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Busy } from './busy.tsx';
import type { PlayerPanelProps } from './player-panel-props.ts';

/** 'Opponent left' while playing, after a confirmation. */
export function OpponentLeftButton({ game, seat, onGame }: PlayerPanelProps) {
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
