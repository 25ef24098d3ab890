/**
 * Loaded by AVA in every test process (package.json `ava.require`): once AVA has finished a file's tests and hooks,
 * the process ends within five seconds even if a library left a handle open (a pool's socket, a thread). Such a
 * process would otherwise keep the whole run waiting with every test already reported.
 */
import { registerCompletionHandler } from 'ava';

registerCompletionHandler(() => {
  setTimeout(() => process.exit(0), 5_000).unref();
});
