import Popover from '@mui/material/Popover';
import { SignInForm } from './sign-in-form.tsx';

/**
 * The desktop sign-in dropdown of docs/product.md#screens-and-routes. Its own chunk with the form: the header loads it when a visitor reaches
 * for the Sign in button, so pages do not carry the form's fields on first load.
 */
export function SignInDropdown({
  anchor,
  open,
  onClose,
}: {
  anchor: HTMLElement | null;
  open: boolean;
  onClose(): void;
}) {
  // Runs as the dropdown appears, when its fields are in the page (the first time, the form has just arrived).
  const focusUsername = () => {
    const field = document.getElementById('dropdown-username');
    // A visitor who has already reached one of the form's fields keeps their place.
    if (field instanceof HTMLInputElement && !field.form?.contains(document.activeElement)) field.focus();
  };

  return (
    <Popover
      id="sign-in-dropdown"
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      // Kept mounted so what was typed survives closing and reopening (ui-brief).
      keepMounted
      // The username field takes the focus instead (above); the focus stays trapped in the dropdown.
      disableAutoFocus
      slotProps={{ paper: { sx: { p: 2, mt: 1, width: 300 } }, transition: { onEntering: focusUsername } }}
    >
      <SignInForm idPrefix="dropdown" onSignedIn={onClose} />
    </Popover>
  );
}
