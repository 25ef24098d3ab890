/**
 * The identity fields (docs/rules.md "Player text"): the texts a player is known by on every card, ranking and game page, seen by
 * players of any age. Contact details in them are refused when they are written (the rule itself,
 * `checkIdentityText`, is in `chat-safety/identity.ts`, kept out of the web bundles with the filter's word lists);
 * this file only names the fields and each one's refusal, so the player app can put a server's refusal under the
 * field it is about.
 */
import { CONSOLE_XBOX, type ConsoleId } from '../constants.ts';
import type { MessageName } from '../messages.ts';

/** The identity fields, named as the forms and the API name them; the order a refusal is looked for in. */
export const IDENTITY_FIELDS = ['username', 'first_name', 'last_name', 'irl_team', 'fifa_team', 'gamer_tag'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** The refusal of contact details in each identity field; the gamer tag's is worded for the console's network. */
export function identityContactMessage(field: IdentityField, console?: ConsoleId): MessageName {
  switch (field) {
    case 'username':
      return 'usernameContactDetails';
    case 'first_name':
      return 'firstNameContactDetails';
    case 'last_name':
      return 'lastNameContactDetails';
    case 'irl_team':
      return 'irlTeamContactDetails';
    case 'fifa_team':
      return 'fifaTeamContactDetails';
    case 'gamer_tag':
      return console === CONSOLE_XBOX ? 'xboxGamertagContactDetails' : 'psnIdContactDetails';
  }
}
