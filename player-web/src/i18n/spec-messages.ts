import { MESSAGES, type MessageName } from '@ecup/domain';
import type { Lang } from './dictionary.ts';

/** Swedish for every fixed message of the spec (domain MESSAGES). */
export const SPEC_MESSAGES_SV: Record<MessageName, string> = {
  // --- Popover titles ---
  errorTitle: 'Fel',
  loginErrorTitle: 'Inloggningsfel',

  // --- Signup ---
  usernameTooShort: 'Ditt användarnamn är för kort.',
  usernameTooLong: 'Ditt användarnamn är för långt.',
  usernameIllegal: 'Ditt användarnamn innehåller otillåtna tecken.',
  firstNameTooShort: 'Ditt förnamn är för kort.',
  firstNameTooLong: 'Ditt förnamn är för långt.',
  lastNameTooShort: 'Ditt efternamn är för kort.',
  lastNameTooLong: 'Ditt efternamn är för långt.',
  invalidEmail: 'Ogiltig e-postadress.',
  passwordTooShort: 'Ditt lösenord är för kort.',
  passwordTooLong: 'Ditt lösenord är för långt.',
  passwordMismatch: 'Ditt lösenord stämmer inte med det upprepade lösenordet.',
  invalidBirthYear: 'Ogiltigt födelseår.',
  invalidBirthMonth: 'Ogiltig födelsemånad.',
  invalidBirthDay: 'Ogiltig födelsedag.',
  mustAgreeToTerms: 'Du måste godkänna villkoren innan du kan registrera dig.',
  teamsRequired: 'Du måste ange ett IRL-lag och ett FIFA-lag.',
  consoleRequired: 'Du måste välja en konsol.',
  playstationOnly: 'Tyvärr! Den här säsongen är bara öppen för spelare på Playstation.',
  xboxGamertagIllegal: 'Din Xbox Live Gamertag innehåller otillåtna tecken.',
  psnIdIllegal: 'Ditt PSN Live ID innehåller otillåtna tecken.',
  countryRequired: 'Du måste välja ett land.',
  tooYoung: 'Du måste vara äldre än 12 år för att delta.',
  xboxGamertagTooShort: 'Din Xbox Live Gamertag är för kort.',
  xboxGamertagTooLong: 'Din Xbox Live Gamertag är för lång.',
  psnIdTooShort: 'Ditt PSN Live ID är för kort.',
  psnIdTooLong: 'Ditt PSN Live ID är för långt.',
  teamNameTooLong: 'Ditt lagnamn är för långt.',
  usernameTaken: 'Det användarnamnet är redan upptaget.',
  emailInUse: 'Den e-postadressen används redan.',
  guardianEmailRequired: 'Spelare under 18 år måste ange e-postadressen till en förälder eller vårdnadshavare.',
  guardianEmailInvalid: 'Ogiltig e-postadress till förälder eller vårdnadshavare.',
  guardianEmailSameAsOwn: 'E-postadressen till din förälder eller vårdnadshavare måste vara en annan än din egen.',
  photoType: 'Din bild måste vara en JPEG- eller PNG-bild.',
  photoUnreadable: 'Din bild kunde inte läsas. Prova en annan JPEG- eller PNG-bild.',

  // --- Login ---
  usernameRequired: 'Du måste ange ditt användarnamn.',
  passwordRequired: 'Du måste ange ditt lösenord.',
  wrongCredentials: 'Fel användarnamn eller lösenord.',

  // --- Settings ---
  personalInfoSaved: 'Dina personuppgifter har sparats.',
  consoleInfoSaved: 'Dina konsoluppgifter har sparats.',
  teamsSaved: 'Dina laguppgifter har sparats.',
  passwordChanged: 'Ditt lösenord har ändrats.',
  wrongCurrentPassword: 'Ditt nuvarande lösenord är fel.',

  // --- Forgot and reset password ---
  noUserWithUsername: 'Det finns ingen användare med det användarnamnet',
  noUserWithEmail: 'Det finns ingen användare med den e-postadressen',
  done: 'Klart!',
  forgotPasswordSent:
    'Om användarnamnet och e-postadressen hör till ett konto har vi skickat ett mejl med instruktioner för att återställa ditt lösenord.',
  resetPasswordTooShort: 'Lösenordet är för kort',
  resetPasswordMismatch: 'Lösenorden stämmer inte överens',
  resetLinkInvalid: 'Länken för att återställa lösenordet är ogiltig eller har gått ut.',
  passwordResetDone: 'Ditt lösenord har ändrats och du är inloggad.',

  // --- Guardian confirmation page ---
  guardianConfirmedTitle: 'Tack!',
  guardianAlreadyConfirmed: 'Du har redan godkänt den här spelaren. Tack!',
  guardianLinkInvalid: 'Den här bekräftelselänken är ogiltig eller har gått ut.',
  guardianMailResent: 'Vi har skickat e-postmeddelandet till din förälder eller vårdnadshavare igen.',
  guardianResendApproved: 'Din förälder eller vårdnadshavare har redan godkänt ditt konto.',
  guardianResendNotNeeded: 'Bara spelare under 18 år behöver godkännande av en förälder eller vårdnadshavare.',

  // --- Games ---
  scoreRange: 'Resultatet måste vara ett tal mellan 0 och 100',
  invalidYoutubeLink: 'Ogiltig YouTube-länk',
  evidenceUploaded: 'Beviset har laddats upp.',
  newEvidenceTitle: 'Nya bevis',

  // --- Forums ---
  messageTooShort: 'Meddelandet är för kort.',
  messageTooLong: 'Meddelandet är för långt.',
  titleTooShort: 'Rubriken är för kort.',
  titleTooLong: 'Rubriken är för lång.',

  // --- Empty searches ---
  noThreadsFound: 'Inga trådar hittades!',
  noPostsFound: 'Inga inlägg hittades!',
  noUserFound: 'Ingen användare hittades!',

  // --- Screens ---
  loading: 'Laddar...',
  signingIn: 'Loggar in...',
  mustLogInToView: 'Du måste logga in för att se den här sidan',
  signInToPlay: 'Logga in för att spela',
  startMatchmaking: 'Starta matchmaking',

  // --- Result and conflict labels (of a game: "matchen är ...") ---
  statusUnverified: 'Overifierad',
  statusVerified: 'Verifierad',
  statusConfirmed: 'Bekräftad',
  statusConflict: 'Konflikt',
  statusDropped: 'Avbruten',
  statusSolved: 'Löst',
  opponentLeft: 'Motståndaren lämnade',
  resultSaved: 'Resultatet har sparats.',

  // --- Matchmaking and games ---
  finishOpenGame: 'Du har en match att spela klart först.',
  notInQueue: 'Du står inte i kön.',
  noMatchToAnswer: 'Det finns ingen match som väntar på ditt svar.',
  matchAlreadyAccepted: 'Du har redan accepterat den här matchen.',
  gameNotFound: 'Den matchen finns inte.',
  resultNotOpenYet: 'Resultatet kan anges 12 minuter efter att matchen startade.',
  resultAlreadySubmitted: 'Ett resultat har redan skickats in för den här matchen.',
  nothingToVerify: 'Det finns inget resultat från din motståndare att svara på.',
  resultAlreadyVerified: 'Det här resultatet har redan verifierats.',
  gameInConflict: 'Den här matchen är i konflikt. En admin sätter resultatet.',
  gameAlreadyFinal: 'Den här matchen har redan sitt slutresultat.',
  droppedUserInvalid: 'Du kan bara anmäla att din motståndare har lämnat.',
  evidenceNotOpen: 'Bevis kan laddas upp när ett resultat har skickats in eller protesterats.',
  evidenceMissing: 'Ange en YouTube-länk eller välj en bild.',
  chatThrottled: 'Vänta lite innan du skickar nästa meddelande.',
  chatMessageTooLong: 'Ditt meddelande är för långt.',
  chatPresetsOnly: 'I den här matchen går det bara att chatta med snabbmeddelanden.',
  chatOff: 'Chatten är avstängd i den här matchen.',
  chatPresetUnknown: 'Det snabbmeddelandet finns inte.',
  chatMasked:
    'Delar av ditt meddelande doldes: kontaktuppgifter och svordomar är inte tillåtna i chattar med spelare under 18.',
  forumMasked: 'Delar av ditt inlägg doldes: kontaktuppgifter är inte tillåtna i inlägg av spelare under 18.',
  gameNotReadyForEdit: 'Den här matchen har inget resultat att ändra än.',

  // --- Errors ---
  serverErrorPopover:
    'Åh nej! Något gick fel hos oss. Försök igen eller kontakta en admin om det fortfarande inte fungerar.',
  somethingWentWrong: 'Något gick fel hos oss.',
  notFound: 'Hittades inte.',
  serviceUnavailable: 'Det här är inte tillgängligt just nu. Försök igen om en minut.',
  hashingBusy: 'Många spelare loggar in just nu. Försök igen om några sekunder.',
  invalidRequestBody: 'Förfrågan kunde inte läsas.',
  newsNotFound: 'Den nyheten finns inte.',
  forumNotFound: 'Det forumet finns inte.',
  threadNotFound: 'Det ämnet finns inte.',
  postNotFound: 'Det inlägget finns inte.',
  threadLocked: 'Det här ämnet är låst.',
  reasonTooShort: 'Anledningen är för kort.',
  reasonTooLong: 'Anledningen är för lång.',
  postReported: 'Tack! En moderator tittar på inlägget.',
  contentRemoved: '[borttaget]',
  reportSent: 'Tack. En moderator kommer att titta på din anmälan.',
  reportDuplicate: 'Du har redan anmält det här meddelandet.',
  reportReasonInvalid: 'Välj en anledning.',
  reportTextRequired: 'Berätta vad som hände.',
  reportTextTooLong: 'Texten är för lång.',
  chatLineNotFound: 'Det meddelandet finns inte.',
  playerNotFound: 'Den spelaren finns inte.',
  playerBlocked: 'Du blockerade den här spelaren. Ni matchas inte igen och du ser inte deras meddelanden.',
  playerUnblocked: 'Du tog bort blockeringen av den här spelaren.',
  notificationChannelUnknown: 'Okänd aviseringskanal. Använd push eller email.',
  notificationKindUnknown: 'Okänd typ av avisering.',
  notificationChoiceInvalid: 'Slå på eller av varje avisering med true eller false.',
  pushSubscriptionInvalid: 'Webbläsarens push-prenumeration kunde inte läsas.',
  pushEndpointInsecure: 'Push-aviseringar behöver en push-tjänst vars adress börjar med https://.',
  unsubscribeLinkInvalid: 'Den här avregistreringslänken är inte giltig.',
  unsubscribed: 'Du kommer inte längre att få de här e-breven.',
  warningRequired: 'Skriv varningen.',
  warningTooLong: 'Varningen är för lång.',
  muteDaysInvalid: 'Ange ett antal dagar från 1 till 365.',
  reportAlreadySettled: 'Anmälan är redan hanterad.',
  teamNameRequired: 'Du måste ange ett lagnamn.',
  notSignedIn: 'Du måste vara inloggad för att göra det.',
  sessionExpired: 'Din session har avslutats. Logga in igen.',
  sessionNotFound: 'Den sessionen finns inte eller har redan avslutats.',
  sessionIdRequired: 'Välj vilken session som ska loggas ut.',
  noPermission: 'Du har inte behörighet att göra det.',
  foreignOrigin: 'Begäran kom från en annan webbplats och avvisades.',
  ipBanned: 'Inloggning och registrering är inte tillgängliga från ditt nätverk.',
  // --- Admin console (not in the spec) ---
  listQueryInvalid: 'Listförfrågan kunde inte läsas.',
  recordNotFound: 'Den posten finns inte.',
  adminActionInvalid: 'Okänd åtgärd.',
  secondFactorRequired: 'Ange koden från din autentiseringsapp.',
  secondFactorInvalid: 'Koden är inte giltig. Försök igen.',
  enrolmentLinkRequired: 'Be en driftansvarig om en aktiveringslänk.',
  enrolmentLinkInvalid: 'Den här aktiveringslänken är inte giltig. Be en driftansvarig om en ny.',
  enrolmentLinkUsed: 'Den här aktiveringslänken har redan använts. Be en driftansvarig om en ny.',
  enrolmentLinkExpired: 'Den här aktiveringslänken har gått ut. Be en driftansvarig om en ny.',
  consoleSignInRequired: 'Logga in i adminpanelen med din tvåstegskod.',
  totpAlreadyEnabled: 'Tvåstegsinloggning är redan på.',
  totpNotEnabled: 'Tvåstegsinloggning är inte på.',
  totpSetupMissing: 'Starta aktiveringen av tvåstegsinloggning först.',
  totpRequiredForAllFlags: 'Den som har alla behörigheter måste ha tvåstegsinloggning på.',
  banDurationInvalid: 'Välj en avstängning på 1 till 3650 dagar, eller en permanent avstängning.',
  cannotBanSelf: 'Du kan inte stänga av dig själv.',
  notBanned: 'Användaren är inte avstängd.',
  permissionsInvalid: 'Behörigheter måste vara ett heltal från 0 till 127.',
  cannotRemoveOwnPermissions: 'Du kan inte ta bort dina egna behörigheter.',
  ipRangeInvalid: 'Ange en IP-adress eller ett intervall som 192.0.2.0/24.',
  ipRangeTooWide: 'Intervallet är för brett. Det bredaste tillåtna är /16 för IPv4 eller /32 för IPv6.',
  ipBanOwnAddress: 'Du kan inte stänga av din egen adress.',
  ipBanExists: 'Det intervallet är redan avstängt.',
  conflictAlreadySolved: 'Den här konflikten är redan löst.',
  conflictNotYours: 'Bara moderatorn som tog konflikten kan släppa den.',
  newsContentRequired: 'Artikeln har ingen text.',
  newsContentTooLong: 'Artikeln är för lång.',
  newsExcerptTooLong: 'Ingressen är för lång.',
  newsCategoryRequired: 'Välj en kategori.',
  newsImageMissing: 'Bilden hittades inte. Ladda upp den igen.',
  newsPublishTimeInvalid: 'Ange en giltig publiceringstid.',
};

/** English text of a fixed message → its name, built once. */
const NAME_BY_ENGLISH: ReadonlyMap<string, MessageName> = new Map(
  (Object.keys(SPEC_MESSAGES_SV) as MessageName[]).map((name) => [MESSAGES[name], name]),
);

/** The English shapes of MESSAGES' functions and their Swedish versions; the captured parts are kept as they are. */
/** The short month names of the English and the Swedish date format (domain `formatDateTime`), January first. */
function shortMonths(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2000, month, 15)));
}
const MONTHS_EN = shortMonths('en-GB');
const MONTHS_SV = shortMonths('sv');

/**
 * A date the server wrote in English ("1 Mar 2025, 18:05 CET", domain `formatDateTime`) as the Swedish format writes
 * it ("1 mars 2025 18:05 CET"); any other text is kept as it is.
 */
function swedishDateTime(text: string): string {
  const match = /^(\d{1,2}) (\S+) (\d{4}), (\d{2}:\d{2})(.*)$/.exec(text);
  const month = match ? MONTHS_EN.indexOf(match[2]!) : -1;
  if (!match || month < 0) return text;
  return `${match[1]} ${MONTHS_SV[month]} ${match[3]} ${match[4]}${match[5]}`;
}

const PATTERNS: readonly (readonly [RegExp, (...parts: string[]) => string])[] = [
  // rateLimited
  [
    /^Too many attempts\. Please try again in (\d+) (second|seconds|minute|minutes)\.$/,
    (n, unit) => {
      const one = n === '1';
      const sv = unit.startsWith('second') ? (one ? 'sekund' : 'sekunder') : one ? 'minut' : 'minuter';
      return `För många försök. Försök igen om ${n} ${sv}.`;
    },
  ],
  // banned (with or without an end date, with or without a reason)
  [
    /^You are banned(?: until ([\s\S]+?))?\.(?: Reason: ([\s\S]*))?$/,
    (until, reason) => {
      const head = until ? `Du är avstängd fram till ${swedishDateTime(until)}.` : 'Du är avstängd.';
      return reason ? `${head} Anledning: ${reason}` : head;
    },
  ],
  // photoTooLarge
  [
    /^Your photo is too large\. The maximum size is (\S+) MB\.$/,
    (mb) => `Din bild är för stor. Den största tillåtna storleken är ${mb} MB.`,
  ],
  // photoTooManyPixels
  [
    /^Your photo is too large\. The maximum is (\S+) × (\S+) pixels\.$/,
    (w, h) => `Din bild är för stor. Den får vara högst ${w} × ${h} pixlar.`,
  ],
  // matchmakingClosed
  [
    /^The matchmaking is closed right now\. It opens again ([\s\S]+)\.$/,
    (at) => `Matchmakingen är stängd just nu. Den öppnar igen ${at}.`,
  ],
  [
    /^The matchmaking is closed: this season is over\. See you next season!$/,
    () => 'Matchmakingen är stängd: säsongen är slut. Vi ses nästa säsong!',
  ],
  // weeklyGameCap
  [
    /^You have played the maximum of (\d+) games this week\. See you next week!$/,
    (n) => `Du har spelat max ${n} matcher den här veckan. Vi ses nästa vecka!`,
  ],
  // queueCooldown
  [
    /^You declined or missed three matches within an hour\. You can queue again at ([\s\S]+)\.$/,
    (at) => `Du har nekat eller missat tre matcher inom en timme. Du kan köa igen ${at}.`,
  ],
  // chatMuted
  [/^You cannot chat until ([\s\S]+)\.$/, (at) => `Du kan inte chatta förrän ${at}.`],
  // newEvidence
  [/^([\s\S]+) has uploaded new evidence\.$/, (name) => `${name} har laddat upp nya bevis.`],
  // seasonEnded
  [/^([\s\S]+) has ended\. See you next season!$/, (product) => `${product} är slut. Vi ses nästa säsong!`],
  // conflictClaimedByOther
  [/^([\s\S]+) is already working on this conflict\.$/, (name) => `${name} arbetar redan med den här konflikten.`],
  // unknownListField
  [/^Unknown sort or filter field: ([\s\S]*)\.$/, (name) => `Okänt sorterings- eller filterfält: ${name}.`],
  // guardianResendTooSoon
  [
    /^The e-mail to your parent or guardian has been sent several times already\. You can send it again in (\d+) (second|seconds|minute|minutes)\.$/,
    (n, unit) => {
      const one = n === '1';
      const sv = unit.startsWith('second') ? (one ? 'sekund' : 'sekunder') : one ? 'minut' : 'minuter';
      return `E-postmeddelandet till din förälder eller vårdnadshavare har redan skickats flera gånger. Du kan skicka det igen om ${n} ${sv}.`;
    },
  ],
  // newsRemoteImageFailed
  [
    /^The image at ([\s\S]+) could not be copied to the site\. Upload it instead\.$/,
    (url) => `Bilden på ${url} kunde inte kopieras till webbplatsen. Ladda upp den i stället.`,
  ],
  // guardianConfirmed
  [
    /^You have approved that ([\s\S]+?) takes part in ([\s\S]+)\. \1 can now receive prizes\.$/,
    (username, product) => `Du har godkänt att ${username} deltar i ${product}. ${username} kan nu ta emot priser.`,
  ],
];

/**
 * The reader's language version of a message the server or a domain validator produced in English; unknown texts
 * (e.g. a message with a date in it) are returned as they are, except the known patterns above.
 */
export function translateMessage(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  const name = NAME_BY_ENGLISH.get(text);
  if (name !== undefined) return SPEC_MESSAGES_SV[name];
  for (const [pattern, toSwedish] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return toSwedish(...match.slice(1).map((part) => part ?? ''));
  }
  return text;
}
