import type { ConsoleId, IdentityField } from '@ecup/domain';
import { refuseIdentityFields } from '@ecup/domain/chat-safety/index.ts';
import { flagIdentityAttempt } from '@ecup/db';
import type { AppDeps } from '../context.ts';
import { badRequest } from '../errors.ts';
import { runCommand } from './commands.ts';

/**
 * Refuses a write of identity fields (username, names, team names, gamer tag) that holds contact details,
 * with a 400 naming the field (the form shows it under that field). Checked on the server only, after the shared
 * validator, so the rule's word lists stay out of the web apps. `author_id` is the player writing their own fields:
 * an adult's attempt is flagged for the moderators in a transaction of its own, which commits although the write is
 * refused; a minor's is refused without a flag, as in chat. Without an author (a sign-up, which has no account yet,
 * or staff) nothing is flagged.
 */
export async function refuseContactDetails(
  deps: AppDeps,
  fields: Partial<Record<IdentityField, string>>,
  options: { author_id: number | null; console?: ConsoleId },
): Promise<void> {
  const refusal = refuseIdentityFields(fields, options.console);
  if (!refusal) return;
  const authorId = options.author_id;
  if (authorId !== null) {
    await runCommand(deps, (trx) =>
      flagIdentityAttempt(trx, { user_id: authorId, field: refusal.field, text: refusal.text, now: deps.now() }),
    );
  }
  throw badRequest(refusal.code);
}
