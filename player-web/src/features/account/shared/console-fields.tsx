import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CONSOLE_PLAYSTATION, CONSOLE_XBOX, GAMER_TAG_MAX } from '@ecup/domain';
import { useI18n } from '../../../i18n/i18n.tsx';

/** The console as the form holds it: '' (none chosen yet), '0' Xbox or '1' PlayStation (docs/product.md#entities). */
export type ConsoleChoice = '' | `${typeof CONSOLE_XBOX}` | `${typeof CONSOLE_PLAYSTATION}`;

/** Element ids of the two fields, for focusing the one a validation message is about. */
export function consoleFieldIds(idPrefix: string) {
  return { console: `${idPrefix}-console-playstation`, gamerTag: `${idPrefix}-gamer_tag` };
}

/**
 * Console and gamer tag (docs/product.md#entities, docs/product.md#validation): the tag's label follows the console ("PSN ID" or "Xbox Live Gamertag"), and
 * choosing Xbox shows at once that this season is PlayStation only.
 */
export function ConsoleFields({
  idPrefix,
  console,
  gamerTag,
  onConsole,
  onGamerTag,
  invalid,
  errors = {},
}: {
  idPrefix: string;
  console: ConsoleChoice;
  gamerTag: string;
  onConsole(value: ConsoleChoice): void;
  onGamerTag(value: string): void;
  invalid?: 'console' | 'gamer_tag' | null;
  /** Messages shown under the fields (already in the reader's language); a field with one is marked invalid. */
  errors?: { console?: string | undefined; gamer_tag?: string | undefined };
}) {
  const { t, tm } = useI18n();
  const ids = consoleFieldIds(idPrefix);
  const xbox = console === String(CONSOLE_XBOX);
  return (
    <Stack spacing={2}>
      <FormControl error={invalid === 'console' || errors.console !== undefined}>
        <FormLabel id={`${idPrefix}-console-label`}>{t('account.field.console')}</FormLabel>
        <RadioGroup
          row
          name={`${idPrefix}-console`}
          aria-labelledby={`${idPrefix}-console-label`}
          aria-describedby={errors.console !== undefined ? `${idPrefix}-console-error` : undefined}
          value={console}
          onChange={(event) => onConsole(event.target.value as ConsoleChoice)}
        >
          <FormControlLabel
            value={String(CONSOLE_PLAYSTATION)}
            control={<Radio id={ids.console} />}
            label={t('account.console.playstation')}
          />
          <FormControlLabel
            value={String(CONSOLE_XBOX)}
            control={<Radio id={`${idPrefix}-console-xbox`} />}
            label={t('account.console.xbox')}
          />
        </RadioGroup>
        {errors.console !== undefined && (
          <FormHelperText id={`${idPrefix}-console-error`} sx={{ mx: 0 }}>
            {errors.console}
          </FormHelperText>
        )}
      </FormControl>
      {xbox && (
        <Alert severity="warning" variant="outlined">
          {tm('playstationOnly')}
        </Alert>
      )}
      <TextField
        id={ids.gamerTag}
        label={xbox ? t('account.field.xboxGamertag') : t('account.field.psnId')}
        helperText={errors.gamer_tag ?? t('account.field.gamerTagHelp')}
        value={gamerTag}
        onChange={(event) => onGamerTag(event.target.value)}
        error={invalid === 'gamer_tag' || errors.gamer_tag !== undefined}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: GAMER_TAG_MAX, autoCapitalize: 'none', spellCheck: false } }}
      />
    </Stack>
  );
}
