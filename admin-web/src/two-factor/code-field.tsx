import TextField from '@mui/material/TextField';
import { TOTP_DIGITS } from '@ecup/domain';

/** Whether a typed authenticator code is long enough to send (the server checks it). */
export function codeComplete(code: string): boolean {
  return code.trim().length >= TOTP_DIGITS;
}

/** The authenticator app's code (turning two-factor sign-in on or off): digits, filled in by the phone's keyboard. */
export function CodeField({
  code,
  onCode,
  autoFocus = false,
  required = false,
}: {
  code: string;
  onCode(code: string): void;
  autoFocus?: boolean;
  required?: boolean;
}) {
  return (
    <TextField
      label="Code"
      value={code}
      onChange={(event) => onCode(event.target.value)}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
      required={required}
      autoFocus={autoFocus}
    />
  );
}
