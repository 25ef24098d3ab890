import { PRIZE_POINTS, RULE_NUMBERS } from './content-types.ts';

/** The number words the /rules and /terms texts are written with, one set per language. */
export interface Wording {
  /** 36000 → '36,000' (en), '36 000' (sv). */
  num(value: number): string;
  /** '1 hour', '24 hours'. */
  plural(count: number, one: string, many: string): string;
  /** 'once', 'twice', '3 times' (en); 'en gång', '3 gånger' (sv). */
  times(count: number): string;
  /** '36,000 FIFA points' (en), '36 000 FIFA-poäng' (sv). */
  points(value: number): string;
  /** The prize list of spec §1, as /rules and /terms both quote it. */
  prizes(): string[];
}

/** Numbers and plurals in a locale. */
function numbers(locale: string): Pick<Wording, 'num' | 'plural'> {
  const numberFormat = new Intl.NumberFormat(locale);
  const num = (value: number) => numberFormat.format(value);
  return { num, plural: (count, one, many) => `${num(count)} ${count === 1 ? one : many}` };
}

const en = numbers('en-GB');

const enPoints = (value: number) => `${en.num(value)} FIFA points`;

export const EN: Wording = {
  ...en,
  times: (count) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${en.num(count)} times`),
  points: enPoints,
  prizes: () => [
    `Winner: ${enPoints(PRIZE_POINTS.first)} plus a trip to the final.`,
    `Second place: ${enPoints(PRIZE_POINTS.second)}.`,
    `Third place: ${enPoints(PRIZE_POINTS.third)}.`,
    'All three also win apparel.',
    `Winner of each weekly qualifier round: ${enPoints(PRIZE_POINTS.weeklyRound)}.`,
    `Coca-Cola Trophy hunt: ${enPoints(PRIZE_POINTS.trophyHuntWeekly)} to each of the ${en.num(RULE_NUMBERS.trophyWeeklyWinners)} weekly winners.`,
  ],
};

const sv = numbers('sv-SE');

const svPoints = (value: number) => `${sv.num(value)} FIFA-poäng`;

export const SV: Wording = {
  ...sv,
  times: (count) => (count === 1 ? 'en gång' : `${sv.num(count)} gånger`),
  points: svPoints,
  prizes: () => [
    `Vinnaren: ${svPoints(PRIZE_POINTS.first)} och en resa till finalen.`,
    `Tvåan: ${svPoints(PRIZE_POINTS.second)}.`,
    `Trean: ${svPoints(PRIZE_POINTS.third)}.`,
    'Alla tre vinner dessutom kläder.',
    `Vinnaren av varje veckas kvalomgång: ${svPoints(PRIZE_POINTS.weeklyRound)}.`,
    `Coca-Cola Trophy hunt: ${svPoints(PRIZE_POINTS.trophyHuntWeekly)} till var och en av veckans ${sv.num(RULE_NUMBERS.trophyWeeklyWinners)} vinnare.`,
  ],
};
