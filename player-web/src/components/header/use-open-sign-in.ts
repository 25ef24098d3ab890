import { useCallback } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { loadSignIn } from './lazy-parts.ts';

/**
 * Opens the header's sign-in form (the dropdown from 768 px, the nav bar below) and focuses its username, for a
 * screen that asks a visitor to sign in. The header loads the form's code itself, so the client state never imports
 * the header.
 */
export function useOpenSignIn(): () => void {
  const { dispatch } = useClient();
  return useCallback(() => {
    const desktop = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;
    if (desktop) {
      dispatch({ type: 'toggle-dropdown', name: 'sign-in' });
    } else {
      window.scrollTo(0, 0);
      dispatch({ type: 'set-nav-open', open: true });
    }
    // After the form's code has arrived and the dropdown or the nav bar has opened; a visitor who has already
    // reached one of the form's fields (typing fast, or a password manager filling it) keeps their place.
    void loadSignIn()
      .catch(() => undefined)
      .then(() =>
        setTimeout(() => {
          const field = document.getElementById(desktop ? 'dropdown-username' : 'inline-username');
          if (field instanceof HTMLInputElement && !field.form?.contains(document.activeElement)) field.focus();
        }, 350),
      );
  }, [dispatch]);
}
