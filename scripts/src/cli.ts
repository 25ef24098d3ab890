/** `npm run cli -- <command> [options]`: the operator CLI (docs/decisions.md#shape, docs/decisions.md#season-and-time, docs/decisions.md#elo, docs/decisions.md#trophy-hunt, docs/decisions.md#permissions). */
import { runCli } from './cli/program.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: Boolean(process.stderr.isTTY),
  now: () => new Date(),
});
