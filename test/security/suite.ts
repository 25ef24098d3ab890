/**
 * One attack suite of the security and privacy checks: it runs against the real product, counts what it tried and
 * reports every violation. `fast` is the CI size (seconds); the full size is run with `npm run security`.
 */
export interface SuiteOptions {
  fast: boolean;
  /** Progress lines for long runs (the CLI prints them; tests ignore them). */
  log: (line: string) => void;
}

export interface SuiteReport {
  /** Figures to print, e.g. { requests: 20000, routes: 96 }. */
  figures: Record<string, number | string>;
  /** One line per violation; empty when the product held. */
  violations: string[];
}

export interface Suite {
  /** Short name used on the command line, e.g. 'malformed-input'. */
  name: string;
  description: string;
  run(options: SuiteOptions): Promise<SuiteReport>;
}

/** At most `max` violation lines in an assertion message, with the number left out. */
export function summarise(violations: string[], max = 20): string {
  const shown = violations.slice(0, max).join('\n');
  return violations.length > max ? `${shown}\n… and ${violations.length - max} more` : shown;
}
