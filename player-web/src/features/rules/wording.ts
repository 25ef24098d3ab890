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
}

/** Numbers and plurals in a locale. */
function numbers(locale: string): Pick<Wording, 'num' | 'plural'> {
  const numberFormat = new Intl.NumberFormat(locale);
  const num = (value: number) => numberFormat.format(value);
  return { num, plural: (count, one, many) => `${num(count)} ${count === 1 ? one : many}` };
}

const en = numbers('en-GB');

export const EN: Wording = {
  ...en,
  times: (count) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${en.num(count)} times`),
  points: (value) => `${en.num(value)} FIFA points`,
};

const sv = numbers('sv-SE');

export const SV: Wording = {
  ...sv,
  times: (count) => (count === 1 ? 'en gång' : `${sv.num(count)} gånger`),
  points: (value) => `${sv.num(value)} FIFA-poäng`,
};
