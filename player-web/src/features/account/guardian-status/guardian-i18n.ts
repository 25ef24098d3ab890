import { defineDictionary } from '../../../i18n/dictionary.ts';

/** Strings of a minor's parental approval in the account screens (docs/decisions.md#permissions): after sign-up and in settings. */
export const guardianStatus = defineDictionary(
  {
    'account.guardian.sentTitle': 'E-mail sent to your parent',
    'account.guardian.sent':
      'We have e-mailed {email} a link to approve your account. You can play and post already; you can receive a prize once your parent or guardian has approved.',
    'account.guardian.title': "Parent's or guardian's approval",
    'account.guardian.waiting': 'Waiting for approval',
    'account.guardian.waitingText':
      'We e-mailed a link to {email}. Until your parent or guardian approves, you can play and post, but you cannot receive a prize.',
    'account.guardian.resend': 'Send the e-mail again',
    'account.guardian.resendHint': 'The new e-mail replaces the earlier link.',
    'account.guardian.approved': 'Approved',
    'account.guardian.approvedText': 'Your parent or guardian approved your account on {date}. You can receive prizes.',
    'account.guardian.loadFailed': 'The approval state could not be loaded.',
  },
  {
    'account.guardian.sentTitle': 'E-post skickad till din förälder',
    'account.guardian.sent':
      'Vi har skickat en länk till {email} för att godkänna ditt konto. Du kan redan spela och skriva; du kan ta emot priser när din förälder eller vårdnadshavare har godkänt.',
    'account.guardian.title': 'Förälders eller vårdnadshavares godkännande',
    'account.guardian.waiting': 'Väntar på godkännande',
    'account.guardian.waitingText':
      'Vi har skickat en länk till {email}. Tills din förälder eller vårdnadshavare godkänner kan du spela och skriva, men inte ta emot priser.',
    'account.guardian.resend': 'Skicka e-postmeddelandet igen',
    'account.guardian.resendHint': 'Det nya e-postmeddelandet ersätter den tidigare länken.',
    'account.guardian.approved': 'Godkänt',
    'account.guardian.approvedText':
      'Din förälder eller vårdnadshavare godkände ditt konto {date}. Du kan ta emot priser.',
    'account.guardian.loadFailed': 'Godkännandet kunde inte hämtas.',
  },
);
