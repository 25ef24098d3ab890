import { useState } from 'react';
import TextField from '@mui/material/TextField';

/** A number of days typed into a form (a mute's or a ban's length): the text, the number, and whether it is 1-max. */
export function useDays(initial: number, max: number) {
  const [text, setText] = useState(String(initial));
  const count = Number(text);
  const valid = Number.isInteger(count) && count >= 1 && count <= max;
  return { text, setText, count, valid, max };
}

/** The "Days" field of a mute or ban form, marked in error outside 1-max. */
export function DaysField({ days }: { days: ReturnType<typeof useDays> }) {
  return (
    <TextField
      label="Days"
      type="number"
      value={days.text}
      onChange={(event) => days.setText(event.target.value)}
      slotProps={{ htmlInput: { min: 1, max: days.max } }}
      error={!days.valid}
      helperText={`1-${days.max}`}
    />
  );
}
