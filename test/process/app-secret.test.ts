import test from 'ava';
import { runEntry } from '../helpers/process.ts';

// The app-secret refusals come from the configuration, before any connection: no database or Redis is needed.
test('a production start without APP_SECRET is refused with one line and a non-zero exit', async (t) => {
  const proc = runEntry('scripts/src/start.ts', { NODE_ENV: 'production', APP_SECRET: '', PORT: '0' });
  t.not(await proc.exited, 0);
  const lines = proc.output().trim().split('\n');
  t.is(lines.length, 1, proc.output());
  t.regex(lines[0]!, /APP_SECRET is required with NODE_ENV=production.*openssl rand -hex 32/);
});

test('a production API or worker with a short APP_SECRET is refused with one line, without writing it', async (t) => {
  for (const entry of ['api/src/main.ts', 'worker/src/main.ts']) {
    const proc = runEntry(entry, { NODE_ENV: 'production', APP_SECRET: 'too-short-secret-17', PORT: '0' });
    t.not(await proc.exited, 0);
    const lines = proc.output().trim().split('\n');
    t.is(lines.length, 1, proc.output());
    t.regex(lines[0]!, /APP_SECRET must be at least 32 characters/);
    t.false(proc.output().includes('too-short-secret-17'));
  }
});
