import { message, type Message, type MessageName } from '../messages.ts';

/**
 * Result of every validator: the cleaned value, or the first failing rule's message (docs/product.md#validation) with its code.
 * `F` is the refusal's shape: a player-facing {@link Message}, or an operator's text for the command line.
 */
export type Validation<T, F = Message> = { ok: true; value: T } | ({ ok: false } & F);

/** A passing result. */
export function ok<T>(value: T): Validation<T> {
  return { ok: true, value };
}

/** A failing result carrying the message shown to the user: a fixed message's name, or a built message. */
export function fail<T = never>(refusal: MessageName | Message): Validation<T> {
  return { ok: false, ...(typeof refusal === 'string' ? message(refusal) : refusal) };
}

/** Result of a rule that only operators meet (the command line): the refusal is English text without a code. */
export type OperatorValidation<T> = Validation<T, { error: string }>;
