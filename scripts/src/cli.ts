/** `npm run cli -- <command> [options]`: the operator CLI (decisions §1, §4, §6–§8). */
import { runCli } from './cli/program.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: Boolean(process.stderr.isTTY),
  now: () => new Date(),
});
