/**
 * The command behind `npm run security` and `npm run faults`: runs the suites of one folder at full size (or at CI
 * size with --fast), prints each suite's figures and violations, and exits non-zero on any violation.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Suite } from './suite.ts';

/** Runs the suites exported by the `*.ts` files of `dir` that `argv` names (all when it names none). */
export async function runSuites(dir: string, args: string[]): Promise<never> {
  const fast = args.includes('--fast');
  const wanted = args.filter((arg) => !arg.startsWith('--'));

  const suites: Suite[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { suite?: Suite };
    if (module.suite) suites.push(module.suite);
  }
  const unknown = wanted.filter((name) => !suites.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(`unknown suite: ${unknown.join(', ')}; known: ${suites.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }

  let failed = 0;
  for (const suite of suites.filter((s) => wanted.length === 0 || wanted.includes(s.name))) {
    console.log(`\n== ${suite.name}: ${suite.description}${fast ? ' (fast)' : ''}`);
    const started = Date.now();
    try {
      const report = await suite.run({ fast, log: (line) => console.log(`   ${line}`) });
      for (const [key, value] of Object.entries(report.figures)) console.log(`   ${key}: ${value}`);
      console.log(`   time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (report.violations.length > 0) {
        failed++;
        console.log(`   VIOLATIONS (${report.violations.length}):`);
        for (const line of report.violations.slice(0, 100)) console.log(`   - ${line}`);
      } else {
        console.log('   violations: 0');
      }
    } catch (error) {
      failed++;
      console.log(`   FAILED TO RUN: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  console.log(`\n${failed === 0 ? 'all suites held' : `${failed} suite(s) found violations`}`);
  process.exit(failed === 0 ? 0 : 1);
}
