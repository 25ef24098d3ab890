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

/** The account's password, asked again before two-factor sign-in is turned on or off (docs/rules.md "Account changes"). */
export function PasswordField({
  password,
  onPassword,
  autoFocus = false,
}: {
  password: string;
  onPassword(password: string): void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Your password"
      type="password"
      name="password"
      value={password}
      onChange={(event) => onPassword(event.target.value)}
      autoComplete="current-password"
      required
      autoFocus={autoFocus}
    />
  );
}
