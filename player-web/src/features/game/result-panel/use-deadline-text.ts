import { useI18n } from '../../../i18n/i18n.tsx';

/** A deadline in the reader's local time with its zone (ui-brief: "Deadlines show the local time and zone"). */
export function useDeadlineText(): (ms: number) => string {
  const { dateTime } = useI18n();
  return (ms) => dateTime(new Date(ms), { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
}
