import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ProgressBar } from './progress-bar.tsx';
import { ErrorAlert } from './error-alert.tsx';

export interface ShowMoreButtonsProps {
  /** The page sizes offered, one button each (docs/product.md#constants). */
  steps: readonly number[];
  /** Rows on screen now. */
  shown: number;
  /** Rows there are; the buttons show only while `shown < total`. */
  total: number;
  onMore(step: number): void;
  /** The text of the button that loads `step` more rows. */
  label(step: number): string;
  /** The accessible name of the button group. */
  groupLabel: string;
  /** A page is being loaded: the buttons are disabled and a progress bar shows. */
  busy: boolean;
  /** 'Showing N of M', or null to leave it out. */
  showing: string | null;
  /** The message when the last page could not be loaded, or null. */
  error: string | null;
}

/**
 * The footer of a paged list (docs/product.md#constants): 'Showing N of M', one 'Show N more' button per step while rows are
 * missing, a progress bar while a page loads and an alert when it failed.
 */
export function ShowMoreButtons({
  steps,
  shown,
  total,
  onMore,
  label,
  groupLabel,
  busy,
  showing,
  error,
}: ShowMoreButtonsProps) {
  return (
    <Stack spacing={1.5} sx={{ mt: 2, alignItems: { xs: 'stretch', sm: 'center' } }}>
      {showing !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {showing}
        </Typography>
      )}
      {shown < total && (
        <Stack
          role="group"
          aria-label={groupLabel}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ justifyContent: 'center', flexWrap: 'wrap' }}
        >
          {steps.map((step) => (
            <Button key={step} variant="outlined" disabled={busy} onClick={() => onMore(step)}>
              {label(step)}
            </Button>
          ))}
        </Stack>
      )}
      {busy && <ProgressBar sx={{ width: '100%', maxWidth: 320, alignSelf: 'center' }} />}
      {error !== null && <ErrorAlert role="alert">{error}</ErrorAlert>}
    </Stack>
  );
}
