import { Suspense, lazy } from 'react';
import { useClient } from '../providers/client-context.tsx';

/** The dialogs' code (MUI's Dialog and Modal) is fetched with the first popover, not with every page. */
const PopoverDialogs = lazy(() => import('./popover-dialogs.tsx').then((m) => ({ default: m.PopoverDialogs })));

/** Shows the popovers of the client state (docs/product.md#entities, docs/product.md#states), each with an OK button that closes it by id. */
export function PopoverHost() {
  const { state } = useClient();
  if (state.popovers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PopoverDialogs />
    </Suspense>
  );
}
