import { useEffect, useRef, useState } from 'react';
import { useClient } from '../../providers/client-context.tsx';

/**
 * The field a validation message is about (an element id), marked invalid while it is set and focused once the
 * Error popover is closed, so a keyboard user lands where the fix is (ui-brief: errors in the spec's popups).
 */
export function useFocusAfterPopover(): [string | null, (fieldId: string | null) => void] {
  const { state } = useClient();
  const [fieldId, setFieldId] = useState<string | null>(null);
  const open = state.popovers.length > 0;
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && fieldId) {
      // After the dialog has handed focus back (to the body, as the popover blurred the field).
      const timer = setTimeout(() => document.getElementById(fieldId)?.focus(), 0);
      wasOpen.current = open;
      return () => clearTimeout(timer);
    }
    wasOpen.current = open;
  }, [open, fieldId]);
  return [fieldId, setFieldId];
}
