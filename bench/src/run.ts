/**
 * `npm run bench`: runs every benchmark in this folder one after another and prints their figures. Benchmarks
 * send traffic only to servers they start on loopback, and each is bounded in requests and time.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { stopLoad } from './load.ts';

const only = process.argv[2];
const dir = import.meta.dirname;
const files = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only))).sort();
for (const file of files) {
  console.log(`\n== ${file}`);
  const bench = (await import(path.join(dir, file))) as { run(): Promise<void> };
  await bench.run();
}
await stopLoad();
// A benchmark that found its run invalid (the load generator check) has set a non-zero exit code.
process.exit(process.exitCode ?? 0);
