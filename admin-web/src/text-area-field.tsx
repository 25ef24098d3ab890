import TextField from '@mui/material/TextField';

/** A moderator's words in a dialog (a reason, a warning): several lines, focused when the dialog opens. */
export function TextAreaField({
  label,
  value,
  onChange,
  minRows,
  helperText,
  required,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  minRows: number;
  helperText: string;
  required?: boolean;
  error?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={minRows}
      required={required}
      error={error}
      helperText={helperText}
      autoFocus
    />
  );
}
