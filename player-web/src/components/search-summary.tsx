import Typography from '@mui/material/Typography';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * The live result line of a search ('3 players found'): hidden while empty, a dashed box when nothing matched
 * (`nothingFound`), a quiet line otherwise. It is a status region, so screen readers hear each new result.
 */
export function SearchSummary({
  text,
  nothingFound,
  gapBelowBox = 0,
}: {
  text: string;
  nothingFound: boolean;
  /** Space under the dashed box, in theme spacing units. */
  gapBelowBox?: number;
}) {
  return (
    <Typography
      role="status"
      sx={
        text === ''
          ? visuallyHidden
          : nothingFound
            ? {
                py: 4,
                px: 2,
                mb: gapBelowBox,
                textAlign: 'center',
                fontWeight: 500,
                border: 1,
                borderStyle: 'dashed',
                borderColor: 'divider',
                borderRadius: 2,
              }
            : { mb: 1.5, color: 'text.secondary' }
      }
    >
      {text}
    </Typography>
  );
}
