/** Small text, date and concurrency helpers of the demo seed. */
import { seasonFinalYear, type BirthDate } from '@ecup/domain';
import { type SeedSeason } from '../base.ts';

const LETTER_FOLDS: Record<string, string> = {
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'Ae',
  ß: 'ss',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  œ: 'oe',
};

/** A name reduced to A-Z, a-z and 0-9 (usernames and gamer tags allow no accents). */
export function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\u0020-\u007e]/g, (ch) => LETTER_FOLDS[ch] ?? '')
    .replace(/[^A-Za-z0-9]/g, '');
}

export function names(list: string): string[] {
  return list.split(' ').map((name) => name.replace(/_/g, ' '));
}

/**
 * The season's own words in a demo text: `{product}`, `{max_games}` and `{final_month}` (the July of this season's
 * final, e.g. 'July 2027'), so the demo always speaks of the current season.
 */
export function fill(text: string, season: SeedSeason): string {
  return text
    .replace(/\{product\}/g, season.product_name)
    .replace(/\{max_games\}/g, String(season.max_games_per_week))
    .replace(/\{final_month\}/g, `July ${seasonFinalYear(season.qualifiers_end)}`);
}

/** Whole seconds, for the DATETIME columns without fractions. */
export function toSecond(ms: number): Date {
  return new Date(Math.floor(ms / 1000) * 1000);
}

export function isoDate(birth: BirthDate): string {
  return `${birth.year}-${String(birth.month).padStart(2, '0')}-${String(birth.day).padStart(2, '0')}`;
}

/** Categories taken in turn (0, 1, 2, 3, 0, 1, …), so any prefix of the list covers every category. */
export function interleaveByCategory<T extends { category_id: number }>(items: readonly T[]): T[] {
  const byCategory = new Map<number, T[]>();
  for (const item of items) byCategory.set(item.category_id, [...(byCategory.get(item.category_id) ?? []), item]);
  const queues = [...byCategory.entries()].sort(([a], [b]) => a - b).map(([, list]) => list);
  const out: T[] = [];
  for (let round = 0; out.length < items.length; round++) {
    for (const queue of queues) if (queue[round]) out.push(queue[round]!);
  }
  return out;
}

export function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of the results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}
