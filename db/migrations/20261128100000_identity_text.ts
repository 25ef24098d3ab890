import type { Knex } from 'knex';
import { checkIdentityText } from '@ecup/domain/chat-safety/index.ts';

/** The stored identity fields (docs/rules.md "Player text"): column, its length, and how a moderator reads its name. */
const FIELDS = [
  { column: 'username', max: 15, label: 'username' },
  { column: 'first_name', max: 50, label: 'first name' },
  { column: 'last_name', max: 50, label: 'last name' },
  { column: 'team_name', max: 100, label: 'IRL team name' },
  { column: 'fifa_team_name', max: 100, label: 'FIFA team name' },
  { column: 'gamer_tag', max: 25, label: 'gamer tag' },
] as const;

type Column = (typeof FIELDS)[number]['column'];
type Row = { id: number } & Record<Column, string>;

/** Rows read at a time. */
const BATCH = 500;
/** The most of a `reports.text`. */
const TEXT_MAX = 500;

/** A username for a player whose own was refused: `player<id>`, valid (letters, digits, _) and not taken. */
async function freeUsername(knex: Knex, id: number): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = (n === 1 ? `player${id}` : `player${id}_${n}`).slice(0, 15);
    const taken = await knex('users').where('username', candidate).whereNot('id', id).first('id');
    if (!taken) return candidate;
  }
}

/**
 * Identity text (docs/rules.md "Player text"): from now on a username, first or last name, team name or gamer tag holding contact
 * details (a phone number, an e-mail address, a link or domain, a name on another platform, a street address) is
 * refused when written. This runs the same rule (`checkIdentityText`, imported from the domain) over what players
 * stored before: each contact detail is replaced with `•••`, and a refused username, which must stay unique and
 * valid, becomes `player<id>`. Each changed player gets one flag in the moderators' queue (a `reports` row of kind
 * 'flag', reason 'personal_details', without a reporter) whose text names each field changed and what it was; an
 * open flag of theirs gets the text in front of its own and counts one attempt more. Erased accounts are skipped.
 * Not undone by `down`: the old values are in the flags' texts.
 */
export async function up(knex: Knex): Promise<void> {
  const now = new Date();
  let after = 0;
  for (;;) {
    const rows = (await knex('users')
      .whereNull('erased_at')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .select('id', ...FIELDS.map((field) => field.column))) as Row[];
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const changes: Partial<Record<Column, string>> = {};
      const lines: string[] = [];
      for (const field of FIELDS) {
        const was = row[field.column];
        const check = checkIdentityText(was);
        if (!check.contact) continue;
        const masked =
          field.column === 'username' ? await freeUsername(knex, row.id) : check.masked.slice(0, field.max);
        changes[field.column] = masked;
        lines.push(`${field.label} was "${was}", now "${masked}" (${check.reasons.join(', ')})`);
      }
      if (lines.length === 0) continue;
      // The migration's own transaction holds both writes.
      await knex('users').where('id', row.id).update(changes);
      const text = `Contact details removed from the profile: ${lines.join('; ')}`.slice(0, TEXT_MAX);
      await knex('reports')
        .insert({
          kind: 'flag',
          reporter_user_id: null,
          reported_user_id: row.id,
          reason: 'personal_details',
          text,
          attempts: 1,
          created_at: now,
        })
        .onConflict('open_flag_user_id')
        .merge({
          attempts: knex.raw('attempts + 1'),
          text: knex.raw("LEFT(CONCAT(?, IF(reports.text IS NULL, '', CONCAT(?, reports.text))), ?)", [
            text,
            '\n',
            TEXT_MAX,
          ]),
        });
    }
  }
}

export async function down(): Promise<void> {
  // The changed values are kept in the flags' texts for the moderators; nothing is put back.
}
