import { runCli } from '@ecup/scripts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the operator CLI in this process against a test database (its DATABASE_URL), as `npm run cli -- …args`
 * would, with `now` as the moment it acts at.
 */
export async function cli(
  args: string[],
  options: { databaseUrl: string; now?: Date; env?: NodeJS.ProcessEnv },
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const now = options.now ?? new Date();
  const code = await runCli(args, {
    env: { ...process.env, ...options.env, DATABASE_URL: options.databaseUrl },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    interactive: false,
    now: () => now,
  });
  return { code, stdout, stderr };
}
