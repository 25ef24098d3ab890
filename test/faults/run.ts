/** `npm run faults [suite ...] [--fast]`: the fault suites of test/faults/suites. */
import path from 'node:path';
import { runSuites } from '../security/suite-runner.ts';

await runSuites(path.join(import.meta.dirname, 'suites'), process.argv.slice(2));
