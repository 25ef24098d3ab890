import { formatWhen } from '../dates.tsx';

/** A waiting time as the queue shows it: "45 s", "12 min", "3 h 20 min", "2 d 4 h". */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return '–';
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** A player-API time in unix seconds, written as the whole product writes times (domain `formatDateTime`). */
export function formatUnixSeconds(seconds: number): string {
  return formatWhen(seconds * 1000);
}

/** A player image under `/images/{kind}/` (docs/decisions.md#content-and-uploads storage layout). */
export function avatarUrl(hash: string | null): string | undefined {
  return hash ? `/images/avatar_small/${hash.slice(0, 2)}/${hash}.jpg` : undefined;
}
