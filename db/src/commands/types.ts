/** What a command asks the caller to do once its transaction has committed (CONVENTIONS §6). */
export type CommandEvent =
  { type: 'email'; email_id: number } | { type: 'sessions-revoked'; user_id: number; kept_session_id: number | null };

export interface CommandOutcome<T> {
  result: T;
  events: CommandEvent[];
}

/** A command refused its input; `kind` says how the API answers (400, 404, 409, 403). */
export class CommandRejected extends Error {
  constructor(
    readonly kind: 'invalid' | 'not_found' | 'conflict' | 'forbidden',
    message: string,
  ) {
    super(message);
  }
}

/** Ids of the e-mails a command queued. */
export function emailIds(events: CommandEvent[]): number[] {
  return events.flatMap((event) => (event.type === 'email' ? [event.email_id] : []));
}
