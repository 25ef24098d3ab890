import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CommandRejected, eraseUser, exportUserData, type ErasureResult } from '@ecup/db';
import { createDiskImageStore } from '@ecup/storage';
import { CliError, type CliRuntime } from '../cli/runtime.ts';
import type { RegisterCommands } from './index.ts';

/** A db command's refusal is the CLI's: `error: <message>`, exit 1, nothing changed. */
async function refusalsAsCliErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CommandRejected) throw new CliError(error.message);
    throw error;
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The operator's summary of an erasure: what changed (or would), what stayed, and what is left to watch. */
function printErasure(runtime: CliRuntime, result: ErasureResult, filesLeft: string[]) {
  const { changes: c, kept: k } = result;
  const verb = result.dry_run ? 'would' : 'did';
  runtime.print(
    result.dry_run
      ? `Dry run: erasing ${result.username} (id ${result.user_id}) would change the following. Nothing was changed.`
      : `Erased ${result.username} (id ${result.user_id}): the account is now ${result.anonymous_username}.`,
  );
  const lines: [string, string][] = [
    ['users', `${plural(c.users, 'row')} anonymised (names, e-mail, gamer tag, birth date, photos, password)`],
    ['sessions', `${plural(c.sessions, 'row')} deleted`],
    ['password_resets', `${plural(c.password_resets, 'row')} deleted`],
    ['email_changes', `${plural(c.email_changes, 'row')} deleted`],
    ['queue_entries', `${plural(c.queue_entries, 'row')} deleted`],
    ['emails', `${plural(c.emails, 'row')} deleted`],
    ['bans', `${plural(c.bans, 'row')} deleted`],
    ['chat_messages', `${plural(c.chat_messages, 'row')} replaced by "[removed]"`],
    ['forum_posts', `${plural(c.forum_posts, 'row')} replaced by "[removed]"`],
    ['reports', `${plural(c.reports, 'text')} replaced by "[removed]"`],
    ['audit_log', `${plural(c.audit_log_ips, 'IP address', 'IP addresses')} cleared, 1 row added`],
    ['image files', `${plural(c.image_files, 'file')} deleted`],
  ];
  const width = Math.max(...lines.map(([name]) => name.length));
  for (const [name, text] of lines) runtime.print(`  ${name.padEnd(width)}  ${text}`);
  runtime.print(
    `Kept as they are (${verb === 'would' ? 'would stay' : 'stay'} under the anonymous name): ` +
      `${plural(k.games, 'game')}, ${plural(k.matches, 'match', 'matches')}, ${plural(k.forum_threads, 'forum thread')}, ` +
      `${plural(k.evidence, 'piece', 'pieces')} of evidence, ${plural(k.trophies, 'trophy', 'trophies')}; ` +
      'scores, Elo and the opponents\u2019 statistics do not change.',
  );
  if (k.unfinished_games > 0) {
    runtime.print(
      `Note: ${plural(k.unfinished_games, 'game is', 'games are')} not finished. The opponent can report ` +
        '\u2018Opponent left\u2019; an unanswered result goes to conflict for a moderator (decisions \u00a75).',
    );
  }
  for (const file of filesLeft) runtime.print(`Warning: could not delete ${file}; delete it by hand.`);
}

/** The `users:*` commands: a player's data export (right of access) and erasure (right to be forgotten). */
export const registerUsersCommands: RegisterCommands = (program, runtime) => {
  program
    .command('users:export')
    .description(
      'Write everything stored about one player as JSON (right of access): profile, sessions with IP addresses, ' +
        'games with opponents and scores, chat, evidence, forum threads, posts and reports, trophies, e-mails, bans. ' +
        'No password hash, token or other player\u2019s private data.',
    )
    .argument('<user>', 'username or numeric id')
    .option('--out <file>', 'write the JSON to this file instead of standard output')
    .action(async (ref: string, options: { out?: string }) => {
      const data = await runtime.withDatabase((knex) =>
        refusalsAsCliErrors(() => exportUserData(knex, { ref, now: runtime.io.now() })),
      );
      const json = `${JSON.stringify(data, null, 2)}\n`;
      if (options.out === undefined) {
        runtime.io.stdout(json);
        return;
      }
      const file = path.resolve(options.out);
      // 0600: the file holds one person's personal data.
      await writeFile(file, json, { mode: 0o600 });
      runtime.io.stderr(`Wrote the data of user ${String(data.profile.id)} to ${file}.\n`);
    });

  program
    .command('users:erase')
    .description(
      'Erase one player (right to be forgotten): anonymise the account as deleted-<id>, delete sessions, reset ' +
        'links, queue entries, e-mails, bans and photos, replace their forum posts and chat lines by "[removed]". ' +
        'Games, scores, Elo and trophies stay, so opponents\u2019 histories and the ranking stay consistent.',
    )
    .argument('<user>', 'username or numeric id')
    .option('--confirm <username>', 'the username again, to confirm (not needed with --dry-run)')
    .option('--force', 'erase a staff account that still holds permissions', false)
    .option('--dry-run', 'report what would change and change nothing', false)
    .action(async (ref: string, options: { confirm?: string; force: boolean; dryRun: boolean }) => {
      const now = runtime.io.now();
      const input = { ref, confirm: options.confirm, force: options.force, dry_run: options.dryRun, now };
      await runtime.withDatabase(async (knex, config) => {
        const result = await runtime.runCommand(knex, (trx) => eraseUser(trx, input));
        // After commit (docs/conventions.md#after-commit): a failed delete leaves a file nobody links to, never a broken account.
        const images = createDiskImageStore(config.uploadDir);
        const left: string[] = [];
        for (const file of result.files) {
          try {
            await images.remove(file.kind, file.id);
          } catch {
            left.push(`${file.kind}/${file.id}`);
          }
        }
        printErasure(runtime, result, left);
      });
    });
};
