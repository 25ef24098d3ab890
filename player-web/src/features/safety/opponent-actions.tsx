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
import { MESSAGES } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { blockPlayer } from './safety-api.ts';
import './i18n.ts';

/** "Report player" and "Block player" under the opponent's card; blocking asks to confirm first. */
export function OpponentActions({
  gameId,
  opponent,
  onBlocked,
}: {
  gameId: number;
  opponent: { id: number; username: string };
  onBlocked(): void;
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
      onBlocked();
      popover(t('safety.block.doneTitle'), tm(MESSAGES.playerBlocked));
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
        <Button size="small" color="inherit" startIcon={<BlockIcon />} onClick={() => setConfirming(true)}>
          {t('safety.blockPlayer')}
        </Button>
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
