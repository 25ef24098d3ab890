import { PRIZE_POINTS, RULE_NUMBERS, type PlayWindow } from './content-types.ts';

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
  /** The prize list of docs/product.md#what-it-does, as /rules and /terms both quote it. */
  prizes(): string[];
  /**
   * When play is open, to follow "open": 'every week from Monday 00:00 to Saturday 00:00 (Central European Time)',
   * 'every Saturday from 10:00 to 18:00 (…)', 'at any time of day, every day of the week'; null when never open.
   */
  openWhen(window: PlayWindow): string | null;
  /** The rules' sentences on the queue during the qualifiers (the window, and that it is closed outside it). */
  queueWindow(window: PlayWindow): string;
  /** The FAQ's answer to "When does the queue open?". */
  queueOpens(window: PlayWindow, from: string, to: string): string;
  /** The terms' line on when play is open. */
  playOpen(window: PlayWindow): string;
}

/** Numbers and plurals in a locale. */
function numbers(locale: string): Pick<Wording, 'num' | 'plural'> {
  const numberFormat = new Intl.NumberFormat(locale);
  const num = (value: number) => numberFormat.format(value);
  return { num, plural: (count, one, many) => `${num(count)} ${count === 1 ? one : many}` };
}

const en = numbers('en-GB');

const enPoints = (value: number) => `${en.num(value)} FIFA points`;

function enOpenWhen(w: PlayWindow): string | null {
  switch (w.kind) {
    case 'never':
      return null;
    case 'allWeek':
      return 'at any time of day, every day of the week';
    case 'sameDay':
      return `every ${w.day} from ${w.from} to ${w.to} (${w.zone})`;
    case 'span':
      return `every week from ${w.from.day} ${w.from.time} to ${w.toNextWeek ? 'the following ' : ''}${w.to.day} ${w.to.time} (${w.zone})`;
  }
}

export const EN: Wording = {
  ...en,
  openWhen: enOpenWhen,
  queueWindow: (w) => {
    const open = enOpenWhen(w);
    if (open === null)
      return 'No weekly playing time is set yet, so the matchmaking queue stays closed until we announce one in the news.';
    const sentence = `During that period the matchmaking queue is open ${open}.`;
    return w.kind === 'allWeek' ? sentence : `${sentence} Outside those hours the queue is closed.`;
  },
  queueOpens: (w, from, to) => {
    const open = enOpenWhen(w);
    return open === null
      ? `Not yet: no weekly playing time is set. We announce it in the news, and the qualifiers run from ${from} to ${to}.`
      : `Between ${from} and ${to}, ${open}. The Play page counts down to the start.`;
  },
  playOpen: (w) => {
    const open = enOpenWhen(w);
    return open === null
      ? 'Play is closed until a weekly playing time is announced in the news.'
      : `Play is open ${open}.`;
  },
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

function svOpenWhen(w: PlayWindow): string | null {
  switch (w.kind) {
    case 'never':
      return null;
    case 'allWeek':
      return 'dygnet runt, alla dagar i veckan';
    case 'sameDay':
      return `varje ${w.day} från ${w.from} till ${w.to} (${w.zone})`;
    case 'span':
      // "till måndagen därpå": the weekday's definite form (every Swedish weekday ends in -dag).
      return `varje vecka från ${w.from.day} ${w.from.time} till ${w.toNextWeek ? `${w.to.day}en därpå` : w.to.day} ${w.to.time} (${w.zone})`;
  }
}

export const SV: Wording = {
  ...sv,
  openWhen: svOpenWhen,
  queueWindow: (w) => {
    const open = svOpenWhen(w);
    if (open === null)
      return 'Ingen speltid per vecka är bestämd än, så matchmaking-kön är stängd tills vi meddelar en i nyheterna.';
    const sentence = `Under den perioden är matchmaking-kön öppen ${open}.`;
    return w.kind === 'allWeek' ? sentence : `${sentence} Utanför de tiderna är kön stängd.`;
  },
  queueOpens: (w, from, to) => {
    const open = svOpenWhen(w);
    return open === null
      ? `Inte än: ingen speltid per vecka är bestämd. Vi meddelar den i nyheterna, och kvalet pågår från ${from} till ${to}.`
      : `Mellan ${from} och ${to}, ${open}. Spelsidan räknar ner till starten.`;
  },
  playOpen: (w) => {
    const open = svOpenWhen(w);
    return open === null
      ? 'Spelet är stängt tills en speltid per vecka meddelas i nyheterna.'
      : `Spelet är öppet ${open}.`;
  },
  times: (count) => (count === 1 ? 'en gång' : `${sv.num(count)} gånger`),
  points: svPoints,
  prizes: () => [
    `Vinnaren: ${svPoints(PRIZE_POINTS.first)} och en resa till finalen.`,
    `Tvåan: ${svPoints(PRIZE_POINTS.second)}.`,
    `Trean: ${svPoints(PRIZE_POINTS.third)}.`,
    'Alla tre vinner dessutom kläder.',
    `Vinnaren av varje veckas kvalomgång: ${svPoints(PRIZE_POINTS.weeklyRound)}.`,
    `Coca-Cola Troféjakt: ${svPoints(PRIZE_POINTS.trophyHuntWeekly)} till var och en av veckans ${sv.num(RULE_NUMBERS.trophyWeeklyWinners)} vinnare.`,
  ],
};
