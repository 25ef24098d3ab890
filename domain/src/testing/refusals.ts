import { MESSAGES, message, type Message, type MessageName } from '../messages.ts';

/**
 * For tests whose tables hold the spec's English: the message with that fixed English text, with its code. Fixed
 * texts are unique (domain messages.test), so the code found is the one the rule must answer.
 */
export function messageWithText(text: string): Message {
  const code = (Object.keys(MESSAGES) as MessageName[]).find((name) => MESSAGES[name] === text);
  if (code === undefined) throw new Error(`no fixed message reads '${text}'`);
  return message(code);
}

/** A validator's refusal with the fixed message of that English text. */
export function refusedWith(text: string): { ok: false } & Message {
  return { ok: false, ...messageWithText(text) };
}
