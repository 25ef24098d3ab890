import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import type { WarningPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { getWarning, markWarningSeen } from './safety-api.ts';
import type { WarningDialogViewProps } from './warning-dialog-view.tsx';

/**
 * The dialog's code is fetched only when there is a warning to show, not with every page. If it cannot
 * be fetched, nothing shows and the warning stays unseen, so it shows on the next visit.
 */
const WarningDialogView = lazy<ComponentType<WarningDialogViewProps>>(() =>
  import('./warning-dialog-view.tsx').then(
    (m) => ({ default: m.WarningDialogView }),
    () => ({ default: () => null }),
  ),
);

/**
 * A moderator's warning (docs/decisions.md#minors-safety): on the next visit a signed-in player with an unseen warning sees it once
 * in a dialog; closing it marks it seen.
 */
export function WarningDialog() {
  const { api, state } = useClient();
  const userId = state.user?.id ?? null;
  // The last warning read stays for the dialog's closing transition; `open` says whether it shows.
  const [warning, setWarning] = useState<WarningPayload | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    getWarning(api)
      .then((answer) => {
        if (!live) return;
        if (answer.warning) setWarning(answer.warning);
        setOpen(answer.warning !== null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, userId]);

  const close = () => {
    if (warning && open) void markWarningSeen(api, warning.id).catch(() => undefined);
    setOpen(false);
  };

  if (!warning) return null;
  return (
    <Suspense fallback={null}>
      <WarningDialogView warning={warning} open={open} onClose={close} />
    </Suspense>
  );
}
