import {
  formatDateTime,
  waitWords,
  type MessageCode,
  type MessageName,
  type MessageParams,
  type MessageRef,
  type ParamMessageCode,
  type WaitUnits,
} from '@ecup/domain';

/** What may not be in a name or a tag (domain `CONTACT_DETAILS`). */
const CONTACT_DETAILS_SV =
  'Kontaktuppgifter (telefonnummer, e-post- eller webbadresser, namn på sociala medier, gatuadresser) är inte tillåtna';

/**
 * The Swedish of every message of domain MESSAGES, by its code: the fixed ones as text, the ones with parameters as
 * functions of their plain parameters (instants as ISO 8601 with the time zone they are shown in). A message added
 * to the domain without Swedish here is a type error. Its own chunk: only readers who choose Swedish fetch it.
 */
const FIXED: Record<MessageName, string> = {
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
  usernameContactDetails: `${CONTACT_DETAILS_SV} i ditt användarnamn.`,
  firstNameContactDetails: `${CONTACT_DETAILS_SV} i ditt förnamn.`,
  lastNameContactDetails: `${CONTACT_DETAILS_SV} i ditt efternamn.`,
  irlTeamContactDetails: `${CONTACT_DETAILS_SV} i ditt IRL-lags namn.`,
  fifaTeamContactDetails: `${CONTACT_DETAILS_SV} i ditt FIFA-lags namn.`,
  psnIdContactDetails: `${CONTACT_DETAILS_SV} i ditt PSN Live ID.`,
  xboxGamertagContactDetails: `${CONTACT_DETAILS_SV} i din Xbox Live Gamertag.`,
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
  forumMasked: 'Delar av ditt inlägg doldes: kontaktuppgifter och svordomar är inte tillåtna i forumet.',
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
  seasonNotFound: 'Den säsongen finns inte.',
  seasonIdInvalid: 'Ogiltigt säsongs-id.',
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
  // Push subscriptions: an endpoint that is not a browser's push service.
  pushEndpointNotAllowed:
    'Push-aviseringar fungerar bara med en webbläsares egen push-tjänst (Chrome, Firefox, Edge eller Safari).',
  // Guardian e-mail at sign-up: another spelling of the player's own inbox
  guardianEmailAliasOfOwn:
    'E-postadressen till din förälder eller vårdnadshavare leder till din egen inkorg. Ange en adress till din förälder eller vårdnadshavare.',
  // Guardian approval page: a link older than 30 days
  guardianLinkExpired:
    'Den här bekräftelselänken är mer än 30 dagar gammal och fungerar inte längre. Spelaren kan skicka en ny länk till dig från sitt kontos inställningar.',
  // Console: acting on staff who hold a flag the actor lacks
  cannotActOnSeniorStaff: 'Du kan inte hantera en i personalen som har behörigheter som du saknar.',
  // Guardian resend: the guardian address reaches the player's own inbox
  guardianResendOwnInbox:
    'E-postadressen till din förälder eller vårdnadshavare leder till din egen inkorg, så e-postmeddelandet skickades inte. Kontakta oss för att få adressen rättad.',
  // What others see of a player
  privacySaved: 'Din integritetsinställning har sparats.',
  hideRealNameInvalid: 'Välj om ditt riktiga namn ska visas.',
  // Account changes: console-only sessions and e-mail changes by link.
  consoleSessionRequired: 'Logga in i konsolen.',
  emailChangeLinkInvalid: 'Länken är ogiltig eller har gått ut.',
  emailChanged: 'Din e-postadress har ändrats.',
  emailChangeCancelled: 'Ändringen av e-postadressen har avbrutits. Din adress är kvar som den var.',
  emailChangeReverted:
    'Din e-postadress har ändrats tillbaka och alla sessioner för ditt konto har loggats ut. Logga in och byt ditt lösenord.',
  // E-mail change: the new address reaches the guardian's inbox
  emailIsGuardians: 'Den adressen leder till din förälders eller vårdnadshavares inkorg. Ange en egen adress.',
};

const WAIT_UNITS_SV: WaitUnits = { second: 'sekund', seconds: 'sekunder', minute: 'minut', minutes: 'minuter' };

/** An instant of a message's parameters as the Swedish date format writes it ("1 mars 2025 18:05 CET"). */
const at = (iso: string, timeZone: string) => formatDateTime(new Date(iso), timeZone, 'sv');

const WITH_PARAMS: { [C in ParamMessageCode]: (params: MessageParams[C]) => string } = {
  photoTooLarge: (p) => `Din bild är för stor. Den största tillåtna storleken är ${p.megabytes} MB.`,
  photoTooManyPixels: (p) => `Din bild är för stor. Den får vara högst ${p.px} × ${p.px} pixlar.`,
  guardianConfirmed: (p) =>
    `Du har godkänt att ${p.username} deltar i ${p.product}. ${p.username} kan nu ta emot priser.`,
  guardianResendTooSoon: (p) =>
    `E-postmeddelandet till din förälder eller vårdnadshavare har redan skickats flera gånger. Du kan skicka det igen om ${waitWords(p.seconds, WAIT_UNITS_SV)}.`,
  newEvidence: (p) => `${p.name} har laddat upp nya bevis.`,
  matchmakingClosed: (p) =>
    p.opens_at === null
      ? 'Matchmakingen är stängd: säsongen är slut. Vi ses nästa säsong!'
      : `Matchmakingen är stängd just nu. Den öppnar igen ${at(p.opens_at, p.time_zone)}.`,
  weeklyGameCap: (p) => `Du har spelat max ${p.max} matcher den här veckan. Vi ses nästa vecka!`,
  queueCooldown: (p) =>
    `Du har nekat eller missat tre matcher inom en timme. Du kan köa igen ${at(p.until, p.time_zone)}.`,
  chatMuted: (p) => `Du kan inte chatta förrän ${at(p.until, p.time_zone)}.`,
  seasonEnded: (p) => `${p.product} är slut. Vi ses nästa säsong!`,
  banned: (p) => {
    const head = p.until === null ? 'Du är avstängd.' : `Du är avstängd fram till ${at(p.until, p.time_zone)}.`;
    const why = p.reason.trim();
    return why === '' ? head : `${head} Anledning: ${why}`;
  },
  unknownListField: (p) => `Okänt sorterings- eller filterfält: ${p.name}.`,
  conflictClaimedByOther: (p) => `${p.username} arbetar redan med den här konflikten.`,
  newsRemoteImageFailed: (p) => `Bilden på ${p.url} kunde inte kopieras till webbplatsen. Ladda upp den i stället.`,
  rateLimited: (p) => `För många försök. Försök igen om ${waitWords(p.seconds, WAIT_UNITS_SV)}.`,
  // Account changes: the settings form after a new e-mail address was asked for.
  emailChangeSent: (p) => `Vi har skickat en länk till ${p.email}; din adress ändras när du öppnar den.`,
};

const isFixed = (code: MessageCode): code is MessageName => Object.hasOwn(FIXED, code);

/**
 * The Swedish of a message to show. A code this app does not know (a newer server) or parameters that do not fit
 * show the server's English rather than nothing.
 */
export function swedishOf(ref: MessageRef): string {
  if (typeof ref === 'string') return FIXED[ref];
  if (isFixed(ref.code)) return FIXED[ref.code];
  const render = WITH_PARAMS[ref.code as ParamMessageCode] as ((params: unknown) => string) | undefined;
  if (!render || !ref.params) return ref.error;
  try {
    return render(ref.params);
  } catch {
    return ref.error;
  }
}

/** The fixed messages' Swedish, by name (for tests and the few screens that list them). */
export const FIXED_MESSAGES_SV: Readonly<Record<MessageName, string>> = FIXED;
