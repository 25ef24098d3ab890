/**
 * Every user-visible string of docs/product.md#validation and docs/product.md#errors, verbatim, plus the few screen texts of docs/product.md#screens-and-routes and docs/product.md#states that
 * the server or several apps share. Strings the spec does not give but the server needs are marked
 * "not in the spec" and listed in docs/rules.md. Names are stable: code refers to MESSAGES.<name>, never to text.
 */
import { formatDateTime } from './time.ts';

/** The words of a wait, one and many, in seconds and in minutes. */
export interface WaitUnits {
  second: string;
  seconds: string;
  minute: string;
  minutes: string;
}

const WAIT_UNITS_EN: WaitUnits = { second: 'second', seconds: 'seconds', minute: 'minute', minutes: 'minutes' };

/**
 * A wait as a player reads it in any language: whole seconds rounded up (at least 1) under a minute, else minutes
 * rounded up; an unknown wait reads as a minute.
 */
export function waitWords(seconds: number, units: WaitUnits): string {
  const wait = Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 60;
  if (wait < 60) return `${wait} ${wait === 1 ? units.second : units.seconds}`;
  const minutes = Math.ceil(wait / 60);
  return `${minutes} ${minutes === 1 ? units.minute : units.minutes}`;
}

/** Gamer-tag wording per console (docs/product.md#validation: "Your Xbox Live Gamertag / PSN Live ID ..."). */
const XBOX_TAG = 'Your Xbox Live Gamertag';
const PSN_TAG = 'Your PSN Live ID';

/** What may not be in a name or a tag, in the words of every identity field's refusal. */
const CONTACT_DETAILS =
  'Contact details (phone numbers, e-mail or web addresses, social media names, street addresses) are not allowed';

export const MESSAGES = {
  // --- Popover titles (docs/product.md#validation, docs/product.md#errors) ---
  errorTitle: 'Error',
  loginErrorTitle: 'Login error',

  // --- Signup (docs/product.md#validation) ---
  usernameTooShort: 'Your username is too short.',
  usernameTooLong: 'Your username is too long.',
  usernameIllegal: 'Your username contains illegal characters.',
  firstNameTooShort: 'Your first name is too short.',
  firstNameTooLong: 'Your first name is too long.',
  lastNameTooShort: 'Your last name is too short.',
  lastNameTooLong: 'Your last name is too long.',
  invalidEmail: 'Invalid e-mail address.',
  passwordTooShort: 'Your password is too short.',
  passwordTooLong: 'Your password is too long.',
  passwordMismatch: 'Your password does not match the repeated password.',
  invalidBirthYear: 'Invalid birth year.',
  invalidBirthMonth: 'Invalid birth month.',
  invalidBirthDay: 'Invalid birth day.',
  mustAgreeToTerms: 'You must agree to the terms before you can sign up.',
  teamsRequired: 'You must enter an IRL team and a FIFA team.',
  consoleRequired: 'You must select a console.',
  playstationOnly: 'Sorry! This season is only open to players on Playstation.',
  xboxGamertagIllegal: `${XBOX_TAG} contains illegal characters.`,
  psnIdIllegal: `${PSN_TAG} contains illegal characters.`,
  countryRequired: 'You must select a country.',
  /** docs/decisions.md#permissions: the terms' minimum age, in the product's words (docs/product.md#what-it-does) ("players older than 12"), as the rules say it. */
  tooYoung: 'You must be older than 12 to take part.',

  // --- Signup and settings: not in the spec ---
  /** Not in the spec: gamer tag length (the spec gives only the bounds). */
  xboxGamertagTooShort: `${XBOX_TAG} is too short.`,
  /** Not in the spec. */
  xboxGamertagTooLong: `${XBOX_TAG} is too long.`,
  /** Not in the spec. */
  psnIdTooShort: `${PSN_TAG} is too short.`,
  /** Not in the spec. */
  psnIdTooLong: `${PSN_TAG} is too long.`,
  /** Not in the spec: a team name over 100 characters (the form's maxlength stops players before this). */
  teamNameTooLong: 'Your team name is too long.',
  /** An identity field holding contact details, refused at sign-up, in settings and in the console (400). */
  usernameContactDetails: `${CONTACT_DETAILS} in your username.`,
  /** The same refusal for another identity field (docs/rules.md "Player text"). */
  firstNameContactDetails: `${CONTACT_DETAILS} in your first name.`,
  /** The same refusal for another identity field (docs/rules.md "Player text"). */
  lastNameContactDetails: `${CONTACT_DETAILS} in your last name.`,
  /** The same refusal for another identity field (docs/rules.md "Player text"). */
  irlTeamContactDetails: `${CONTACT_DETAILS} in your IRL team's name.`,
  /** The same refusal for another identity field (docs/rules.md "Player text"). */
  fifaTeamContactDetails: `${CONTACT_DETAILS} in your FIFA team's name.`,
  /** The same refusal for another identity field (docs/rules.md "Player text"). */
  psnIdContactDetails: `${CONTACT_DETAILS} in your PSN Live ID.`,
  /** The same refusal for another identity field (docs/rules.md "Player text"). */
  xboxGamertagContactDetails: `${CONTACT_DETAILS} in your Xbox Live Gamertag.`,
  /** Not in the spec: 400 at signup. */
  usernameTaken: 'That username is already taken.',
  /** Not in the spec: 400 at signup and in settings. */
  emailInUse: 'That e-mail address is already in use.',
  /** Not in the spec: docs/decisions.md#permissions, players under 18 give a guardian's e-mail. */
  guardianEmailRequired: 'Players under 18 must give the e-mail address of a parent or guardian.',
  /** Not in the spec. */
  guardianEmailInvalid: 'Invalid parent or guardian e-mail address.',
  /** Not in the spec: the guardian's confirmation must reach someone other than the player. */
  guardianEmailSameAsOwn: 'The e-mail address of your parent or guardian must differ from your own.',
  /** Not in the spec: docs/product.md#validation "photos: jpeg or png". */
  photoType: 'Your photo must be a JPEG or PNG image.',
  /** Not in the spec: 413, docs/decisions.md#content-and-uploads size limit. */
  photoTooLarge: (megabytes: number) => `Your photo is too large. The maximum size is ${megabytes} MB.`,
  /** Not in the spec: docs/decisions.md#content-and-uploads pixel limit. */
  photoTooManyPixels: (px: number) => `Your photo is too large. The maximum is ${px} × ${px} pixels.`,
  /** Not in the spec: the upload is not a decodable image. */
  photoUnreadable: 'Your photo could not be read. Please try another JPEG or PNG image.',

  // --- Login (docs/product.md#validation) ---
  usernameRequired: 'You must enter your username.',
  passwordRequired: 'You must enter your password.',
  /** Not in the spec: one answer for an unknown user and a wrong password (docs/decisions.md#api-contract). */
  wrongCredentials: 'Wrong username or password.',

  // --- Settings (docs/product.md#validation) ---
  personalInfoSaved: 'Your personal information has been saved.',
  consoleInfoSaved: 'Your console information has been saved.',
  /** Not in the spec: settings → teams, worded like the spec's other settings messages. */
  teamsSaved: 'Your team information has been saved.',
  passwordChanged: 'Your password has been changed.',
  /** Not in the spec: POST /user/password/change with a wrong current password. */
  wrongCurrentPassword: 'Your current password is incorrect.',

  // --- Forgot and reset password (docs/product.md#screens-and-routes, docs/product.md#validation) ---
  noUserWithUsername: 'There is no user with that username',
  noUserWithEmail: 'There is no user with that e-mail address',
  done: 'Done!',
  /** Not in the spec: the same answer whether or not an account matched, so the form reveals no accounts. */
  forgotPasswordSent:
    'If the username and e-mail address match an account, we have sent an e-mail with instructions to reset your password.',
  resetPasswordTooShort: 'Password is too short',
  resetPasswordMismatch: 'The passwords mismatch',
  /** Not in the spec: unknown, used or expired reset link. */
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  /** Not in the spec: the confirmation on / after a reset has signed the player in. */
  passwordResetDone: 'Your password has been changed and you are signed in.',

  // --- Guardian confirmation page (docs/decisions.md#permissions; not in the spec) ---
  /** Not in the spec. */
  guardianConfirmedTitle: 'Thank you!',
  /** Not in the spec. */
  guardianConfirmed: (username: string, product: string) =>
    `You have approved that ${username} takes part in ${product}. ${username} can now receive prizes.`,
  /** Not in the spec. */
  guardianAlreadyConfirmed: 'You have already approved this player. Thank you!',
  /** Not in the spec. */
  guardianLinkInvalid: 'This confirmation link is invalid or has expired.',
  /** Not in the spec: settings, the guardian e-mail went out again (docs/decisions.md#permissions). */
  guardianMailResent: 'We have sent the e-mail to your parent or guardian again.',
  /** Not in the spec: 409 for "send the e-mail again" once the guardian has approved. */
  guardianResendApproved: 'Your parent or guardian has already approved your account.',
  /** Not in the spec: 409 for "send the e-mail again" from a player who gave no guardian e-mail (18 or older). */
  guardianResendNotNeeded: 'Only players under 18 need the approval of a parent or guardian.',
  /** Not in the spec: 429 for "send the e-mail again", the wait rounded up as in {@link MESSAGES.rateLimited}. */
  guardianResendTooSoon: (seconds: number) =>
    `The e-mail to your parent or guardian has been sent several times already. You can send it again in ${waitWords(seconds, WAIT_UNITS_EN)}.`,

  // --- Games (docs/product.md#states, docs/product.md#validation) ---
  scoreRange: 'Score must be a value between 0 and 100',
  invalidYoutubeLink: 'Invalid YouTube link',
  evidenceUploaded: 'The evidence has been uploaded.',
  newEvidenceTitle: 'New evidence',
  newEvidence: (name: string) => `${name} has uploaded new evidence.`,

  // --- Matchmaking and games: not in the spec (docs/decisions.md#matchmaking; each is the `error` of a 400/403/404/409) ---
  /** Not in the spec: queueing outside the weekly window; `opensAt` null when the season has no further window. */
  matchmakingClosed: (opensAt: Date | null, timeZone: string = 'UTC') =>
    opensAt
      ? `The matchmaking is closed right now. It opens again ${formatDateTime(opensAt, timeZone)}.`
      : 'The matchmaking is closed: this season is over. See you next season!',
  /** Not in the spec: queueing with an open game (docs/decisions.md#matchmaking). */
  finishOpenGame: 'You have a game to finish first.',
  /** Not in the spec: the weekly cap (docs/product.md#constants terms: max 30 games per week). */
  weeklyGameCap: (max: number) => `You have played the maximum of ${max} games this week. See you next week!`,
  /** Not in the spec: the cooldown after three declined or missed matches within an hour (docs/decisions.md#matchmaking). */
  queueCooldown: (until: Date, timeZone: string = 'UTC') =>
    `You declined or missed three matches within an hour. You can queue again at ${formatDateTime(until, timeZone)}.`,
  /** Not in the spec: keepalive, accept or decline with no queue entry or match to act on (409). */
  notInQueue: 'You are not in the queue.',
  /** Not in the spec: accept or decline with no pending match (409). */
  noMatchToAnswer: 'There is no match waiting for your answer.',
  /** Not in the spec: a second accept of the same match (409). */
  matchAlreadyAccepted: 'You have already accepted this match.',
  /** Not in the spec: an unknown game, or one the caller may not see (404, the same answer for both). */
  gameNotFound: 'That game does not exist.',
  /** Not in the spec: a result before the form opens (docs/product.md#states: 12 minutes after the game started). */
  resultNotOpenYet: 'The result can be entered 12 minutes after the game started.',
  /** Not in the spec: a second submission, or one after the game moved on (409). */
  resultAlreadySubmitted: 'A result has already been submitted for this game.',
  /** Not in the spec: verify or protest with nothing to answer, or one's own submission (409). */
  nothingToVerify: 'There is no result from your opponent to answer.',
  /** Not in the spec: a second verify (409). */
  resultAlreadyVerified: 'This result has already been verified.',
  /** Not in the spec: verify or protest after the game went to conflict (409). */
  gameInConflict: 'This game is in conflict. An admin will set the result.',
  /** Not in the spec: any result call on a final game (409). */
  gameAlreadyFinal: 'This game already has its final result.',
  /** Not in the spec: 'Opponent left' naming someone other than the opponent (400). */
  droppedUserInvalid: 'You can only report your opponent as having left.',
  /** Not in the spec: evidence outside a conflict or a submitted result (409). */
  evidenceNotOpen: 'Evidence can be uploaded once a result has been submitted or protested.',
  /** Not in the spec: evidence with neither a link nor an image (400). */
  evidenceMissing: 'Enter a YouTube link or choose an image.',
  /** Not in the spec: chat faster than the throttle (docs/product.md#validation: about 4 s), 429. */
  chatThrottled: 'Please wait a moment before sending another message.',
  /** Not in the spec: a chat message over 500 characters (400). */
  chatMessageTooLong: 'Your message is too long.',
  /** Chat safety: free text in a game whose chat is quick messages only (adult with minor, season 'presets'), 403. */
  chatPresetsOnly: 'In this game, chat is quick messages only.',
  /** Chat safety: any line in a game whose chat is off (an adult with a minor, season 'off'), 403. */
  chatOff: 'Chat is off in this game.',
  /** Chat safety: a quick message key that is not one of the list (400). */
  chatPresetUnknown: 'That quick message does not exist.',
  /** Chat safety: the sender's notice when parts of a line in a chat with a minor were masked. */
  chatMasked:
    'Parts of your message were hidden: contact details and swearing are not allowed in chats with players under 18.',
  /** Forum text: the author's notice when parts of their post or thread title were masked (anyone's). */
  forumMasked: 'Parts of your post were hidden: contact details and swearing are not allowed in the forum.',
  /** Not in the spec: /admin/games/edit on a game that is still being played (409). */
  gameNotReadyForEdit: 'This game has no result to edit yet.',

  // --- Forums (docs/product.md#validation) ---
  messageTooShort: 'The message is too short.',
  messageTooLong: 'The message is too long.',
  titleTooShort: 'The title is too short.',
  titleTooLong: 'The title is too long.',
  /** Not in the spec: a forum call with a category id other than 0-3 (404). */
  forumNotFound: 'That forum does not exist.',
  /** Not in the spec: a forum call with an unknown thread id (404). */
  threadNotFound: 'That topic does not exist.',
  /** Not in the spec: a report or moderation call with an unknown post id (404). */
  postNotFound: 'That post does not exist.',
  /** Not in the spec: a reply to a thread that staff locked (409). */
  threadLocked: 'This topic is locked.',
  /** Not in the spec: a post report or a hide reason under 3 characters, after trimming. */
  reasonTooShort: 'The reason is too short.',
  /** Not in the spec: a post report or a hide reason over 500 characters. */
  reasonTooLong: 'The reason is too long.',
  /** Not in the spec: what the player app shows after a report (the API answers `{ reported: true }`). */
  postReported: 'Thank you. A moderator will look at this post.',
  /**
   * Not in the spec: the stored text of a forum post, chat message or post report whose author's account was erased
   * (docs/decisions.md#permissions: the row keeps its place in the thread or game, the words go).
   */
  contentRemoved: '[removed]',

  // --- Reports, blocks and warnings (docs/decisions.md#minors-safety; not in the spec) ---
  /** After a report of a chat line or of the opponent. */
  reportSent: 'Thanks. A moderator will look at your report.',
  /** The same reporter reports the same chat line again (409). */
  reportDuplicate: 'You have already reported this message.',
  /** A report without one of the four reasons. */
  reportReasonInvalid: 'Choose a reason.',
  /** A report with the reason "Other" and no text. */
  reportTextRequired: 'Tell us what happened.',
  /** A report's text over 500 characters. */
  reportTextTooLong: 'The text is too long.',
  /** A report of a chat line that is not the opponent's in that game (404). */
  chatLineNotFound: 'That message does not exist.',
  /** Block or unblock of someone the player never played (404). */
  playerNotFound: 'That player does not exist.',
  /** Not in the spec: GET /season/get for a season that does not exist (404). */
  seasonNotFound: 'That season does not exist.',
  /** Not in the spec: a season id that is not a whole number from 1 (400). */
  seasonIdInvalid: 'Invalid season id.',
  /** A player blocks someone. */
  playerBlocked: 'You blocked this player. You will not be matched again and you will not see their messages.',
  /** A player unblocks someone. */
  playerUnblocked: 'You unblocked this player.',
  /** A moderator's warning without text. */
  warningRequired: 'Write the warning.',
  /** A moderator's warning over 500 characters. */
  warningTooLong: 'The warning is too long.',
  /** A chat mute of anything but 1 to 365 whole days. */
  muteDaysInvalid: 'Enter a number of days from 1 to 365.',
  /** A console action on a report another moderator already settled (409). */
  reportAlreadySettled: 'This report was already handled.',
  /** A chat line from a player a moderator muted (403). */
  chatMuted: (until: Date, timeZone?: string) => `You cannot chat until ${formatDateTime(until, timeZone)}.`,

  // --- Notifications (docs/api.md "Notifications"; not in the spec) ---
  /** PUT /user/notifications with a channel other than push or email. */
  notificationChannelUnknown: 'Unknown notification channel. Use push or email.',
  /** PUT /user/notifications with a kind the server does not send. */
  notificationKindUnknown: 'Unknown notification kind.',
  /** PUT /user/notifications with a choice that is not true or false, or without choices. */
  notificationChoiceInvalid: 'Turn each notification on or off with true or false.',
  /** POST /user/push-subscription with an endpoint or keys that cannot be read. */
  pushSubscriptionInvalid: "This browser's push subscription could not be read.",
  /** POST /user/push-subscription with an endpoint that is not https:// (outside development and tests). */
  pushEndpointInsecure: 'Push notifications need a push service address starting with https://.',
  /** /unsubscribe with a token that is not this server's. */
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  /** /unsubscribe done. */
  unsubscribed: 'You will no longer get these e-mails.',
  /** Push subscriptions: POST /user/push-subscription with an endpoint that is not a browser's push service. */
  pushEndpointNotAllowed:
    "Push notifications work only with a browser's own push service (Chrome, Firefox, Edge or Safari).",

  // --- Empty searches (docs/product.md#errors) ---
  noThreadsFound: 'No threads found in search!',
  noPostsFound: 'No posts found in search!',
  noUserFound: 'No user found in search!',

  // --- Screens (docs/product.md#screens-and-routes, docs/product.md#entities) ---
  loading: 'Loading...',
  signingIn: 'Signing in...',
  mustLogInToView: 'You must log in to view this page',
  signInToPlay: 'Sign in to play',
  startMatchmaking: 'Start the matchmaking',
  /** Not in the spec: the result popover after a moderator saved a score. */
  resultSaved: 'The result has been saved.',
  seasonEnded: (product: string) => `${product} has ended. See you next season!`,

  // --- Result and conflict labels (docs/product.md#screens-and-routes, docs/product.md#states) ---
  statusUnverified: 'Unverified',
  statusVerified: 'Verified',
  statusConfirmed: 'Confirmed',
  statusConflict: 'Conflict',
  /** The spec writes it 'dropped'; on a chip beside Unverified, Verified and Conflict it reads as they do. */
  statusDropped: 'Dropped',
  statusSolved: 'Solved',
  opponentLeft: 'Opponent left',

  // --- Errors (docs/product.md#errors) ---
  /** The popover after the second retry of a 500 (docs/product.md#errors). */
  serverErrorPopover:
    "Oh no! Something went wrong on our end. Please try again or notify an admin if it still doesn't work.",
  /** Not in the spec: body of every 500 answer (docs/decisions.md#api-contract: a 500 never carries internals). */
  somethingWentWrong: 'Something went wrong on our end.',
  /** Not in the spec: 404. */
  notFound: 'Not found.',
  /** Not in the spec: 503 while a service the call needs (Redis for sign-in limits) is unreachable. */
  serviceUnavailable: 'This is not available right now. Please try again in a minute.',
  /**
   * Not in the spec: 503 with Retry-After when every password-hashing thread is busy and the line is full (sign-in,
   * sign-up, password change and reset).
   */
  hashingBusy: 'Many players are signing in right now. Please try again in a few seconds.',
  /** Not in the spec: 400 for a body that cannot be parsed (broken JSON, wrong encoding). */
  invalidRequestBody: 'The request could not be read.',
  /** Not in the spec: GET/POST /news/get with an unknown id. */
  newsNotFound: 'That news article does not exist.',
  /** Not in the spec: GET /user/search_teams without a name. */
  teamNameRequired: 'You must enter a team name.',
  /** Not in the spec: 401 for a call that needs a session. */
  notSignedIn: 'You must be signed in to do that.',
  /** 401 for a bad, revoked or ended id/token pair (docs/decisions.md#minors-safety). */
  sessionExpired: 'Your session has ended. Please sign in again.',
  /** Not in the spec: "Where you're signed in", a session to sign out that is not the caller's or no longer exists. */
  sessionNotFound: 'That session does not exist or has already ended.',
  /** Not in the spec: "Where you're signed in", a sign-out without a valid session id. */
  sessionIdRequired: 'Choose the session to sign out.',
  /** Not in the spec: 403 for a missing permission flag. */
  noPermission: 'You do not have permission to do that.',
  /**
   * Not in the spec: 403 for a state-changing request sent by another site's page (foreign origins cannot
   * change state), and the socket.io handshake's refusal from one.
   */
  foreignOrigin: 'This request came from another site and was refused.',
  /**
   * Not in the spec: 403 for a banned user (docs/decisions.md#permissions: the user sees the reason). `until` null is permanent;
   * the date is shown in `timeZone` with the zone named.
   */
  banned: (reason: string, until: Date | null, timeZone: string = 'UTC') => {
    const head = until ? `You are banned until ${formatDateTime(until, timeZone)}.` : 'You are banned.';
    const why = reason.trim();
    return why === '' ? head : `${head} Reason: ${why}`;
  },
  /** Not in the spec: 403 for sign-in or sign-up from an IP-banned range (docs/decisions.md#permissions). */
  ipBanned: 'Sign-in and sign-up are not available from your network.',
  // --- Admin console (docs/decisions.md#permissions, docs/decisions.md#content-and-uploads; not in the spec; docs/api.md "Admin API") ---
  /** Not in the spec: 400 for a console list call whose sort, range or filter cannot be read. */
  listQueryInvalid: 'The list request could not be read.',
  /** Not in the spec: 400 for a console list call that sorts or filters by a field the resource does not offer. */
  unknownListField: (name: string) => `Unknown sort or filter field: ${name.slice(0, 64)}.`,
  /** Not in the spec: 404 for a console record (user, IP ban, conflict, article, report) that does not exist. */
  recordNotFound: 'That record does not exist.',
  /** Not in the spec: 400 for a console update with an action the resource does not know. */
  adminActionInvalid: 'Unknown action.',
  /** Not in the spec: 401 at console sign-in when the account has two-factor sign-in on and no code was sent. */
  secondFactorRequired: 'Enter the code from your authenticator app.',
  /** Not in the spec: a wrong, reused or malformed two-factor code. */
  secondFactorInvalid: 'That code is not valid. Please try again.',
  /**
   * Not in the spec: 403 at console sign-in with the password alone for an account that must use two-factor sign-in
   * and has none (docs/decisions.md#permissions): only an operator's enrolment link sets it up.
   */
  enrolmentLinkRequired: 'Ask an operator for an enrolment link.',
  /** Not in the spec: an enrolment link that does not exist or was replaced by a newer one. */
  enrolmentLinkInvalid: 'This enrolment link is not valid. Ask an operator for a new one.',
  /** Not in the spec: an enrolment link that was used already (each works once). */
  enrolmentLinkUsed: 'This enrolment link has already been used. Ask an operator for a new one.',
  /** Not in the spec: an enrolment link older than 30 minutes. */
  enrolmentLinkExpired: 'This enrolment link has expired. Ask an operator for a new one.',
  /** Not in the spec: 401 from the console API for a session that did not pass the second factor. */
  consoleSignInRequired: 'Sign in to the console with your two-factor code.',
  /** Not in the spec: 409 for a set-up while two-factor sign-in is on. */
  totpAlreadyEnabled: 'Two-factor sign-in is already on.',
  /** Not in the spec: 409 for turning off two-factor sign-in that is not on. */
  totpNotEnabled: 'Two-factor sign-in is not on.',
  /** Not in the spec: 409 for turning on two-factor sign-in before a set-up. */
  totpSetupMissing: 'Start the two-factor set-up first.',
  /** Not in the spec: 403 for a holder of every flag turning two-factor sign-in off (docs/decisions.md#permissions). */
  totpRequiredForAllFlags: 'Holders of every permission must keep two-factor sign-in on.',
  /** Not in the spec: a ban without a valid duration. */
  banDurationInvalid: 'Choose a ban of 1 to 3650 days, or a permanent ban.',
  /** Not in the spec: 400 for a moderator banning their own account. */
  cannotBanSelf: 'You cannot ban yourself.',
  /** Not in the spec: 409 for lifting a ban that is not in force. */
  notBanned: 'This user is not banned.',
  /** Not in the spec: permission flags outside 0-127. */
  permissionsInvalid: 'Permissions must be a whole number from 0 to 127.',
  /** Not in the spec: 403 for a holder of every flag taking any of them from themselves. */
  cannotRemoveOwnPermissions: 'You cannot take away your own permissions.',
  /** Not in the spec: an IP ban that is neither an address nor a CIDR range. */
  ipRangeInvalid: 'Enter an IP address or a range such as 192.0.2.0/24.',
  /** Not in the spec: an IP ban wider than the limit (IP_BAN_MIN_PREFIX_V4, _V6). */
  ipRangeTooWide: 'That range is too wide. The widest allowed is a /16 for IPv4 or a /32 for IPv6.',
  /** Not in the spec: an IP ban that covers the moderator's own address. */
  ipBanOwnAddress: 'You cannot ban your own address.',
  /** Not in the spec: 409 for an IP ban of exactly the same range again. */
  ipBanExists: 'That range is already banned.',
  /** Not in the spec: 409 for claiming or resolving a conflict another moderator claimed. */
  conflictClaimedByOther: (username: string) => `${username} is already working on this conflict.`,
  /** Not in the spec: 409 for claiming a conflict that has been solved. */
  conflictAlreadySolved: 'This conflict has already been solved.',
  /** Not in the spec: 403 for releasing a conflict someone else claimed. */
  conflictNotYours: 'Only the moderator who claimed this conflict can release it.',
  /** Not in the spec: a news article without text. */
  newsContentRequired: 'The article has no text.',
  /** Not in the spec: a news article over the size limit. */
  newsContentTooLong: 'The article is too long.',
  /** Not in the spec: a news excerpt over 500 characters. */
  newsExcerptTooLong: 'The excerpt is too long.',
  /** Not in the spec: a news article without one of the four category labels (docs/product.md#what-it-does). */
  newsCategoryRequired: 'Choose a category.',
  /** Not in the spec: a news article naming an image that was not uploaded. */
  newsImageMissing: 'That image was not found. Please upload it again.',
  /**
   * Not in the spec: an article's image from another site that could not be copied to the site (unreachable, not a
   * JPEG or PNG, too large, or on a private address); players' browsers load images only from the site.
   */
  newsRemoteImageFailed: (url: string) =>
    `The image at ${url.slice(0, 200)} could not be copied to the site. Upload it instead.`,
  /** Not in the spec: a publish time that is not a date. */
  newsPublishTimeInvalid: 'Enter a valid publish time.',
  /** Not in the spec: 429, with the wait rounded up to whole seconds, or to whole minutes from one minute on. */
  rateLimited: (seconds: number) => `Too many attempts. Please try again in ${waitWords(seconds, WAIT_UNITS_EN)}.`,
  /** Guardian e-mail at sign-up: another spelling of the player's own inbox (docs/rules.md "Guardian e-mail and link"). */
  guardianEmailAliasOfOwn:
    'The e-mail address of your parent or guardian leads to your own inbox. Give an address of your parent or guardian.',
  /** Guardian approval page: a link older than GUARDIAN_LINK_MS (docs/rules.md "Guardian e-mail and link"). */
  guardianLinkExpired:
    'This confirmation link is more than 30 days old and no longer works. The player can send you a new link from the settings page of their account.',
  /** Console, 403: warning, muting or banning staff who hold a flag the actor lacks (docs/rules.md "Staff actions and audit"). */
  cannotActOnSeniorStaff: 'You cannot act on a staff member who holds permissions you do not have.',
  /** Guardian resend, 409: the guardian address reaches the player's own (changed) inbox. */
  guardianResendOwnInbox:
    'The e-mail address of your parent or guardian leads to your own inbox, so the e-mail was not sent. Contact us to have the address corrected.',
  /** Not in the spec (what others see of a player): the "hide my real name" setting was saved. */
  privacySaved: 'Your privacy setting has been saved.',
  /** Not in the spec (what others see of a player): the setting was neither on nor off. */
  hideRealNameInvalid: 'Choose whether to show your real name.',
  // Account changes (docs/rules.md "Account changes"): console-only sessions and e-mail changes by link.
  /** Not in the spec: 401 from the console API for a session the console's own sign-in did not create. */
  consoleSessionRequired: 'Sign in to the console.',
  /** Not in the spec: settings, after a new e-mail address was asked for with the password. */
  emailChangeSent: (email: string) => `We sent a link to ${email}; your address changes when you open it.`,
  /** Not in the spec: a confirm or undo link of an e-mail change that is unknown, used, cancelled or expired. */
  emailChangeLinkInvalid: 'This link is invalid or has expired.',
  /** Not in the spec: the new address opened its confirmation link. */
  emailChanged: 'Your e-mail address has been changed.',
  /** Not in the spec: the old address undid a change not yet confirmed. */
  emailChangeCancelled: 'The e-mail change has been cancelled. Your address stays as it was.',
  /** Not in the spec: the old address undid a confirmed change; every session of the account was signed out. */
  emailChangeReverted:
    'Your e-mail address has been changed back and every session of your account has been signed out. Sign in and change your password.',
  /** E-mail change, 400: the new address reaches the guardian's inbox (docs/rules.md "Guardian e-mail and link"). */
  emailIsGuardians: "That address reaches your parent's or guardian's inbox. Give an address of your own.",
} as const;

/** Names of the fixed (non-function) messages. */
export type MessageName = {
  [K in keyof typeof MESSAGES]: (typeof MESSAGES)[K] extends string ? K : never;
}[keyof typeof MESSAGES];

/** The stable code of every message: its name in {@link MESSAGES}. The player app translates by code. */
export type MessageCode = keyof typeof MESSAGES;

/**
 * The parameters of each message that has some, as plain values (instants as ISO 8601 strings, with the time zone
 * they are shown in), so they travel in JSON beside the code and another language can render them.
 */
export interface MessageParams {
  photoTooLarge: { megabytes: number };
  photoTooManyPixels: { px: number };
  guardianConfirmed: { username: string; product: string };
  guardianResendTooSoon: { seconds: number };
  newEvidence: { name: string };
  matchmakingClosed: { opens_at: string | null; time_zone: string };
  weeklyGameCap: { max: number };
  queueCooldown: { until: string; time_zone: string };
  chatMuted: { until: string; time_zone: string };
  seasonEnded: { product: string };
  banned: { reason: string; until: string | null; time_zone: string };
  unknownListField: { name: string };
  conflictClaimedByOther: { username: string };
  newsRemoteImageFailed: { url: string };
  rateLimited: { seconds: number };
  emailChangeSent: { email: string };
}

/** Codes of the messages with parameters. */
export type ParamMessageCode = keyof MessageParams;

/** A parameter's value on the wire. */
export type MessageParamValue = string | number | null;

/**
 * A message as the server answers it and a validator returns it: the English text (spec wording, unchanged for
 * every client that reads it), its stable code, and the parameters of a message that has some.
 */
export interface Message {
  error: string;
  code: MessageCode;
  params?: Record<string, MessageParamValue>;
}

/** The English of each message with parameters, from its plain parameters. */
// Keyed by every message that is a function, so a new one without parameters here is a type error.
const ENGLISH: { [C in Exclude<MessageCode, MessageName>]: (params: MessageParams[C]) => string } = {
  photoTooLarge: (p) => MESSAGES.photoTooLarge(p.megabytes),
  photoTooManyPixels: (p) => MESSAGES.photoTooManyPixels(p.px),
  guardianConfirmed: (p) => MESSAGES.guardianConfirmed(p.username, p.product),
  guardianResendTooSoon: (p) => MESSAGES.guardianResendTooSoon(p.seconds),
  newEvidence: (p) => MESSAGES.newEvidence(p.name),
  matchmakingClosed: (p) => MESSAGES.matchmakingClosed(p.opens_at === null ? null : new Date(p.opens_at), p.time_zone),
  weeklyGameCap: (p) => MESSAGES.weeklyGameCap(p.max),
  queueCooldown: (p) => MESSAGES.queueCooldown(new Date(p.until), p.time_zone),
  chatMuted: (p) => MESSAGES.chatMuted(new Date(p.until), p.time_zone),
  seasonEnded: (p) => MESSAGES.seasonEnded(p.product),
  banned: (p) => MESSAGES.banned(p.reason, p.until === null ? null : new Date(p.until), p.time_zone),
  unknownListField: (p) => MESSAGES.unknownListField(p.name),
  conflictClaimedByOther: (p) => MESSAGES.conflictClaimedByOther(p.username),
  newsRemoteImageFailed: (p) => MESSAGES.newsRemoteImageFailed(p.url),
  rateLimited: (p) => MESSAGES.rateLimited(p.seconds),
  emailChangeSent: (p) => MESSAGES.emailChangeSent(p.email),
};

/**
 * The one way to build a message for an answer or a validator's refusal: `{ error, code, params? }` with the English
 * text of MESSAGES. A message with parameters takes them as a plain object.
 */
export function message(code: MessageName): Message;
export function message<C extends ParamMessageCode>(code: C, params: MessageParams[C]): Message;
export function message(code: MessageCode, params?: MessageParams[ParamMessageCode]): Message {
  if (params === undefined) return { error: MESSAGES[code as MessageName], code };
  const english = ENGLISH[code as ParamMessageCode] as (params: MessageParams[ParamMessageCode]) => string;
  return { error: english(params), code, params: { ...params } };
}

/**
 * A message to show: a fixed one by name (screens' own texts), or one the server or a validator produced with its
 * code and parameters. Each app renders it in the reader's language from the code, never from the English text.
 */
export type MessageRef = MessageName | Message;

/** The English of a message to show. */
export function englishOf(ref: MessageRef): string {
  return typeof ref === 'string' ? MESSAGES[ref] : ref.error;
}
