import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { SCORE_MAX } from '@ecup/domain';

/** Two score fields 0-99 and a submit button; validated with the domain's validateScore. */
export function ScoreFields({
  idPrefix,
  labels,
  values,
  onChange,
}: {
  idPrefix: string;
  labels: [string, string];
  values: [string, string];
  onChange(values: [string, string]): void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
      {labels.map((label, i) => (
        <TextField
          key={label}
          id={`${idPrefix}-${i + 1}`}
          label={label}
          value={values[i]}
          onChange={(event) => {
            const next: [string, string] = [...values];
            next[i] = event.target.value.replace(/[^\d]/g, '').slice(0, 2);
            onChange(next);
          }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              pattern: '[0-9]*',
              maxLength: String(SCORE_MAX).length,
              autoComplete: 'off',
              sx: { fontSize: '1.5rem', fontWeight: 700, textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
            },
          }}
        />
      ))}
    </Box>
  );
}
