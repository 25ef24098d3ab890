import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { TEAM_NAME_MAX } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { searchTeams } from './search-teams.ts';

/** Wait this long after the last key before asking for suggestions. */
const SEARCH_DEBOUNCE_MS = 300;
/** Suggestions start from this many characters. */
const SEARCH_MIN_CHARS = 2;

/**
 * A team name with suggestions from GET /user/search_teams (docs/product.md#entities, docs/product.md#calls). Any name may be typed (free text); the
 * suggestions only help players spell known teams the same way.
 */
export function TeamInput({
  id,
  label,
  helperText,
  value,
  onChange,
  invalid,
  error,
}: {
  id: string;
  label: string;
  helperText: string;
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  /** A message shown instead of the help text (already in the reader's language); it marks the field invalid. */
  error?: string | undefined;
}) {
  const { api } = useClient();
  const [options, setOptions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const name = value.trim();
    if (name.length < SEARCH_MIN_CHARS) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      searchTeams(api, name, controller.signal)
        .then((answer) => setOptions(answer.teams))
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, value]);

  return (
    <Autocomplete
      id={id}
      freeSolo
      options={options}
      // The server already matched the text; show its answer as it is.
      filterOptions={(all) => all}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      loading={loading}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={error ?? helperText}
          error={invalid === true || error !== undefined}
          slotProps={{
            htmlInput: { ...params.inputProps, maxLength: TEAM_NAME_MAX },
          }}
        />
      )}
    />
  );
}
