/** Forum forms (docs/product.md#validation "Forum"): texts are trimmed before their length is checked. */
import { FORUM_MESSAGE_MAX, FORUM_MESSAGE_MIN, FORUM_TITLE_MAX, FORUM_TITLE_MIN } from '../constants.ts';
import type { MessageName } from '../messages.ts';
import { asTrimmed, charLength, field } from './input.ts';
import type { FormInput } from './input.ts';
import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

function messageError(message: string): MessageName | null {
  const length = charLength(message);
  if (length < FORUM_MESSAGE_MIN) return 'messageTooShort';
  if (length > FORUM_MESSAGE_MAX) return 'messageTooLong';
  return null;
}

/**
 * A reply (docs/product.md#validation, /forums/new_post): `message` trimmed, 3-10000 characters. The thread id is the route's
 * business (parsePositiveInt, then a lookup that answers 404).
 */
export function validateForumReply(input: FormInput): Validation<{ message: string }> {
  const message = asTrimmed(field(input, 'message'));
  const error = messageError(message);
  return error ? fail(error) : ok({ message });
}

/** A new thread (docs/product.md#validation, /forums/new_thread): `title` trimmed 3-1000, then `message` trimmed 3-10000. */
export function validateForumThread(input: FormInput): Validation<{ title: string; message: string }> {
  const title = asTrimmed(field(input, 'title'));
  const titleLength = charLength(title);
  if (titleLength < FORUM_TITLE_MIN) return fail('titleTooShort');
  if (titleLength > FORUM_TITLE_MAX) return fail('titleTooLong');
  const message = asTrimmed(field(input, 'message'));
  const error = messageError(message);
  return error ? fail(error) : ok({ title, message });
}
