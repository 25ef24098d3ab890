import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import BlockIcon from '@mui/icons-material/Block';
import FlagOutlined from '@mui/icons-material/FlagOutlined';

import { useClient } from '../../providers/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { blockPlayer, unblockPlayer } from './safety-api.ts';
import './i18n.ts';

/**
 * "Report player" and "Block player" under the opponent's card; blocking asks to confirm first. Once blocked, the
 * second button reads "Unblock" and lifts the block at once.
 */
export function OpponentActions({
  gameId,
  opponent,
  blocked,
  onBlocked,
}: {
  gameId: number;
  opponent: { id: number; username: string };
  /** Whether the player has blocked this opponent. */
  blocked: boolean;
  /** After a block (true) or an unblock (false) was saved. */
  onBlocked(blocked: boolean): void;
}) {
  const { t, tm } = useI18n();
  const { api, popover } = useClient();
  const id = useId();
  const [reporting, setReporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const block = async () => {
    setPending(true);
    try {
      await blockPlayer(api, opponent.id);
      setConfirming(false);
      onBlocked(true);
      popover(t('safety.block.doneTitle'), tm('playerBlocked'));
    } catch {
      // The api client showed the server's message.
    } finally {
      setPending(false);
    }
  };

  const unblock = async () => {
    setPending(true);
    try {
      await unblockPlayer(api, opponent.id);
      onBlocked(false);
      popover(t('safety.blocked.title'), tm('playerUnblocked'));
    } catch {
      // The api client showed the server's message.
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} data-opponent-actions>
        <Button size="small" color="inherit" startIcon={<FlagOutlined />} onClick={() => setReporting(true)}>
          {t('safety.reportPlayer')}
        </Button>
        {blocked ? (
          <Button
            size="small"
            color="inherit"
            startIcon={<BlockIcon />}
            aria-label={t('safety.unblockName', { name: opponent.username })}
            onClick={() => void unblock()}
            disabled={pending}
          >
            {t('safety.unblock')}
          </Button>
        ) : (
          <Button size="small" color="inherit" startIcon={<BlockIcon />} onClick={() => setConfirming(true)}>
            {t('safety.blockPlayer')}
          </Button>
        )}
      </Stack>
      <ReportDialog
        open={reporting}
        gameId={gameId}
        chatMessageId={null}
        name={opponent.username}
        onClose={() => setReporting(false)}
      />
      <Dialog
        open={confirming}
        onClose={pending ? undefined : () => setConfirming(false)}
        aria-labelledby={`${id}-title`}
        maxWidth="xs"
      >
        <DialogTitle id={`${id}-title`}>{t('safety.block.title', { name: opponent.username })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('safety.block.text', { name: opponent.username })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={pending}>
            {t('safety.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={() => void block()} disabled={pending}>
            {t('safety.block.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
