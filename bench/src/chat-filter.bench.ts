/**
 * The chat safety filter's cost per line (goal: under 0.2 ms a line) over the whole corpus in
 * test/fixtures/chat-safety, both the contact-detail attempts and the football chat, each line timed on its own
 * (with the sender's two lines before it, as the chat passes them). Beside it, a baseline measured in the same run:
 * lower-casing each line and testing it against one regular expression.
 */
import { readFileSync } from 'node:fs';
import { filterLine, type EarlierLine } from '@ecup/domain/chat-safety/index.ts';
import { mark, percentile } from './goals.ts';

/** The goal: the filter costs under 0.2 ms a line. */
const LINE_GOAL_MS = 0.2;
const PASSES = 20;
const WARM_UP_PASSES = 3;

function corpusLines(): string[] {
  return ['contact-attempts.txt', 'football-chat.txt'].flatMap((name) =>
    readFileSync(new URL(`../../test/fixtures/chat-safety/${name}`, import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .flatMap((line) => line.replace(/[⟦⟧]/g, '').split(' ⏎ ')),
  );
}

interface Figures {
  mean: number;
  p99: number;
  /** Processor time a line (user + system), which other work on a shared machine disturbs less than the clock. */
  cpu: number;
}

function time(lines: string[], once: (line: string, k: number) => unknown): Figures {
  const costs: number[] = [];
  let cpu = { user: 0, system: 0 };
  for (let pass = 0; pass < WARM_UP_PASSES + PASSES; pass++) {
    if (pass === WARM_UP_PASSES) cpu = process.cpuUsage();
    lines.forEach((line, k) => {
      const t0 = performance.now();
      once(line, k);
      const cost = performance.now() - t0;
      if (pass >= WARM_UP_PASSES) costs.push(cost);
    });
  }
  const used = process.cpuUsage(cpu);
  return {
    mean: costs.reduce((a, b) => a + b, 0) / costs.length,
    p99: percentile(costs, 0.99),
    cpu: (used.user + used.system) / 1000 / costs.length,
  };
}

export async function run(): Promise<void> {
  const lines = corpusLines();
  const earlier: Array<Array<EarlierLine<number>>> = lines.map((_, k) =>
    lines.slice(Math.max(0, k - 2), k).map((text, j) => ({ id: j, text, at_ms: 1_000 * (k - 2 + j) })),
  );
  const CONTACT = /\d{7,}|@|https?:\/\/|snap|insta|discord/;
  const baseline = time(lines, (line) => CONTACT.test(line.toLowerCase()));
  const filter = time(lines, (line, k) => filterLine(line, { at_ms: 1_000 * k, recent: earlier[k] }));
  console.log(
    `chat filter (filterLine), ${lines.length} corpus lines x ${PASSES} passes: mean ${filter.mean.toFixed(4)} ms, ` +
      `p99 ${filter.p99.toFixed(4)} ms, processor time ${filter.cpu.toFixed(4)} ms a line; ` +
      `goal < ${LINE_GOAL_MS} ms: mean ${mark(filter.mean < LINE_GOAL_MS)}, processor time ${mark(filter.cpu < LINE_GOAL_MS)}, ` +
      `p99 ${mark(filter.p99 < LINE_GOAL_MS)}`,
  );
  console.log(
    `  baseline: toLowerCase + one regex test, mean ${baseline.mean.toFixed(4)} ms, p99 ${baseline.p99.toFixed(4)} ms, ` +
      `processor time ${baseline.cpu.toFixed(4)} ms ` +
      `a line (filter = ${(filter.mean / baseline.mean).toFixed(0)}x the baseline)`,
  );
  await Promise.resolve();
}
