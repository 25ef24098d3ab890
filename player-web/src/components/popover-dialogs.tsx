import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useClient } from '../providers/client-context.tsx';
import { useI18n } from '../i18n/i18n.tsx';

/**
 * The popovers of the client state (docs/product.md#entities, docs/product.md#states), each a dialog with an OK button that closes it by id. A server
 * message is translated again as it shows: one that opened before the Swedish messages arrived (a session found
 * ended at start) turns Swedish once they have.
 */
export function PopoverDialogs() {
  const { t, tm } = useI18n();
  const { state, dispatch } = useClient();
  return (
    <>
      {state.popovers.map((popover, i) => {
        const close = () => dispatch({ type: 'close-popover', id: popover.id });
        const titleId = `popover-${popover.id}-title`;
        return (
          <Dialog
            key={popover.id}
            open
            onClose={close}
            aria-labelledby={titleId}
            className={popover.exClassName}
            // Only the newest popover takes focus; older ones wait underneath.
            disableEnforceFocus={i !== state.popovers.length - 1}
            slotProps={{ paper: { sx: { minWidth: { sm: 360 } } } }}
          >
            <DialogTitle id={titleId}>{popover.title}</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ whiteSpace: 'pre-line' }}>
                {typeof popover.content === 'string' ? popover.content : tm(popover.content)}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} variant="contained" autoFocus>
                {t('common.ok')}
              </Button>
            </DialogActions>
          </Dialog>
        );
      })}
    </>
  );
}
