import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';

export interface SearchBoxProps {
  label: string;
  hint: string;
  /** The accessible name of the button that empties the box. */
  clearLabel: string;
  submitLabel: string;
  maxLength: number;
  /** The search runs once typing pauses this long (or at once on Enter). */
  pauseMs?: number;
  /** The text the box starts with (searched once the pause has passed). */
  initialValue?: string;
  onSearch(text: string): void;
}

/**
 * A search form: `onSearch` gets the trimmed text on submit and once typing pauses; an empty box calls it with ''
 * at once, so the full list comes back (docs/product.md#validation "Empty searches clear the result"). The same text is not searched
 * twice in a row.
 */
export function SearchBox({
  label,
  hint,
  clearLabel,
  submitLabel,
  maxLength,
  pauseMs = 300,
  initialValue = '',
  onSearch,
}: SearchBoxProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialValue);
  const last = useRef('');
  const searchRef = useRef(onSearch);
  searchRef.current = onSearch;

  /** Searches unless the text is what was searched last. */
  const run = useRef((text: string) => {
    if (text === last.current) return;
    last.current = text;
    searchRef.current(text);
  }).current;

  useEffect(() => {
    const next = value.trim();
    const timer = setTimeout(() => run(next), next === '' ? 0 : pauseMs);
    return () => clearTimeout(timer);
  }, [value, run, pauseMs]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(value.trim());
  };

  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
      <TextField
        id={`${id}-search`}
        type="search"
        size="small"
        fullWidth
        label={label}
        placeholder={hint}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
        inputRef={input}
        sx={{ '& input::-webkit-search-cancel-button': { display: 'none' } }}
        slotProps={{
          htmlInput: { maxLength, enterKeyHint: 'search' },
          input: {
            endAdornment:
              value !== '' ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={clearLabel}
                    onClick={() => {
                      setValue('');
                      // The button disappears with the text; keep the keyboard in the search box.
                      input.current?.focus();
                    }}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
          },
        }}
      />
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />} sx={{ flex: 'none' }}>
        {submitLabel}
      </Button>
    </Box>
  );
}
