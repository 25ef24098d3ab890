import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { FORUM_SEARCH_MAX } from '@ecup/domain';
import { useI18n } from '../../i18n/i18n.tsx';

/** The search runs once typing pauses this long (or at once on Enter). */
const SEARCH_PAUSE_MS = 350;

/**
 * A forum search form: `onSearch` gets the trimmed text on submit and once typing pauses; an empty box calls it
 * with '' at once, so the full list comes back (spec §5 "Empty searches clear the result").
 */
export function SearchBox({ label, hint, onSearch }: { label: string; hint: string; onSearch(text: string): void }) {
  const { t } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
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
    const timer = setTimeout(() => run(next), next === '' ? 0 : SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, run]);

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
          htmlInput: { maxLength: FORUM_SEARCH_MAX, enterKeyHint: 'search' },
          input: {
            endAdornment:
              value !== '' ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={t('forums.search.clear')}
                    onClick={() => {
                      setValue('');
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
        {t('forums.search.submit')}
      </Button>
    </Box>
  );
}
