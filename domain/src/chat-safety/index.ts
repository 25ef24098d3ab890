/**
 * The chat safety filter (docs/rules.md "Chat safety filter") and the identity-field rule (docs/rules.md "Player
 * text"), kept out of the domain barrel so that their word lists and top-level-domain list stay out of the web apps'
 * bundles: import them as `@ecup/domain/chat-safety/index.ts`.
 */
export {
  filterLine,
  MASK,
  SPREAD_MAX_LINES,
  SPREAD_WINDOW_MS,
  type ChatLineContext,
  type EarlierLine,
  type FilteredLine,
  type FilterResult,
  type MaskReason,
} from './filter.ts';
export { normalise, type Normalised } from './normalise.ts';
export {
  checkIdentityText,
  refuseIdentityFields,
  type ContactReason,
  type IdentityCheck,
  type IdentityRefusal,
} from './identity.ts';
export { maskForumText, type MaskedText } from './forum.ts';
