/** `npm run security [suite ...] [--fast]`: the attack suites of test/security/suites. */
import path from 'node:path';
import { runSuites } from './suite-runner.ts';

await runSuites(path.join(import.meta.dirname, 'suites'), process.argv.slice(2));
