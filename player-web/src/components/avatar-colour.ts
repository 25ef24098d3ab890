/*
 * The look of a player without a photo, kept apart from the MUI avatar so lists that draw their own avatars do not
 * download it; the rule itself is the domain's (the profiles' link-preview cards use it too).
 */
export { colourFor, initialsOf } from '@ecup/domain';
