/**
 * One rule for the identity fields (docs/rules.md "Player text"): username, first and last name, IRL and FIFA team name, gamer tag.
 * They are shown to players of every age on cards, rankings and game pages (also where the chat is quick messages
 * only), so a contact detail in them is refused when it is written, not masked: a phone number, an e-mail address,
 * a link or a bare domain, a name on another platform ("snap: x", "insta x", "wa 070…"), a street address.
 *
 * It is the chat filter's detection, without swearing, and stricter about domains: a word, a dot and any real
 * top-level domain is a web address here ("micke.se", and "micke.coach" or "man.city" too, as .coach and .city are
 * real), where chat lets uncommon ones pass without a path. Names with a dot and a space ("1. FC Köln",
 * "St. Pauli") and initials ("A.F.C. Wimbledon") are no domains. A player who meant "Man.City" writes "Man City".
 */
import { IDENTITY_FIELDS, identityContactMessage, type IdentityField } from '../validation/identity.ts';
import type { ConsoleId } from '../constants.ts';
import type { MessageName } from '../messages.ts';
import { findEmails, findLinks } from './addresses.ts';
import { render } from './filter.ts';
import { findHandles } from './handles.ts';
import { normalise } from './normalise.ts';
import { findPhones } from './phone.ts';
import type { MaskReason } from './spans.ts';
import { findStreetAddresses } from './street.ts';

/** The kinds of contact detail (the chat filter's reasons but swearing). */
export type ContactReason = Exclude<MaskReason, 'profanity'>;

export interface IdentityCheck {
  /** True when the text holds a contact detail: a write of it is refused. */
  contact: boolean;
  /** What was found, each kind once, in the filter's order. */
  reasons: ContactReason[];
  /** The text with each contact detail replaced by `•••` (for rows stored before the rule, see the migration). */
  masked: string;
}

/** Whether an identity field's text holds contact details, which, and the text with them masked. */
export function checkIdentityText(text: string): IdentityCheck {
  const view = normalise(text);
  const spans = [
    ...findPhones(view.plain),
    ...findEmails(view),
    ...findLinks(view, true),
    ...findHandles(view),
    ...findStreetAddresses(view),
  ];
  const shown = render(view, spans);
  return { contact: shown.masked, reasons: shown.reasons as ContactReason[], masked: shown.text };
}

/** The first identity field a write must be refused for, with the field's message and the text as typed. */
export interface IdentityRefusal {
  field: IdentityField;
  code: MessageName;
  reasons: ContactReason[];
  text: string;
}

/**
 * The first of the given identity fields (in {@link IDENTITY_FIELDS} order) that holds contact details, or null.
 * First and last name are also read together, so a number split between them ("070" and "123 45 67") is refused
 * on the last name. `console` words the gamer tag's message for its network.
 */
export function refuseIdentityFields(
  fields: Partial<Record<IdentityField, string>>,
  console?: ConsoleId,
): IdentityRefusal | null {
  const refusal = (field: IdentityField, text: string, reasons: ContactReason[]): IdentityRefusal => ({
    field,
    code: identityContactMessage(field, console),
    reasons,
    text,
  });
  for (const field of IDENTITY_FIELDS) {
    const text = fields[field];
    if (text === undefined) continue;
    const check = checkIdentityText(text);
    if (check.contact) return refusal(field, text, check.reasons);
  }
  const { first_name, last_name } = fields;
  if (first_name !== undefined && last_name !== undefined) {
    const both = checkIdentityText(`${first_name} ${last_name}`);
    if (both.contact) return refusal('last_name', `${first_name} ${last_name}`, both.reasons);
  }
  return null;
}
