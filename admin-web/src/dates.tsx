import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { formatDateTime } from '@ecup/domain';

/** The zone of the staff member's device, named in every date the console writes. */
const READER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * An instant as the whole product writes it (domain `formatDateTime`: '26 Nov 2026, 07:34 CET'), in the reader's
 * zone; '—' for none. Takes the API's ISO text, unix milliseconds or a Date.
 */
export function formatWhen(instant: string | number | Date | null | undefined): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  const date = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(date.getTime()) ? '—' : formatDateTime(date, READER_ZONE);
}

/**
 * A list column of one instant, written with {@link formatWhen} (react-admin's DateField writes the browser's
 * locale format, US in most test browsers, without the zone). Sortable by its source like DateField.
 */
export function WhenField<R extends Record<string, unknown>>({
  source,
}: {
  source: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
}) {
  const record = useRecordContext<R>();
  const value: unknown = record
    ? source.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | null)?.[key], record)
    : undefined;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatWhen(typeof value === 'string' || typeof value === 'number' ? value : null)}
    </Typography>
  );
}
