import { defineDictionary } from '../../i18n/dictionary.ts';

/**
 * Strings of the page a parent or guardian opens from the approval e-mail (docs/decisions.md#permissions). Its fixed server
 * messages ('Thank you!', the link refusal) come from domain MESSAGES through `tm`.
 */
export const guardian = defineDictionary(
  {
    'guardian.loading': 'Opening the approval…',
    'guardian.ask.title': "Approve {name}'s account",
    'guardian.ask.signedUp':
      '{name} has signed up for {product} as {username} and gave this e-mail address as that of a parent or guardian.',
    'guardian.ask.prizes':
      'Players under 18 can play and post before you approve, but they can only receive a prize once a parent or guardian has approved.',
    'guardian.ask.ignore': 'If you do not know this player, close this page and nothing will happen.',
    'guardian.ask.approve': 'I approve',
    'guardian.done.title': 'Thank you!',
    'guardian.already.title': 'Already approved',
    'guardian.invalid.title': 'Link expired or unknown',
    'guardian.invalid.help':
      'A link stops working when the player sends a new e-mail from their settings. Use the newest e-mail, or ask the player to send it again.',
    'guardian.home': 'Go to {product}',
    'guardian.retry': 'Try again',
    'guardian.failed': 'The approval page could not be loaded. Check your connection and try again.',
    // A link older than 30 days
    'guardian.expired.title': 'Link expired',
    'guardian.expired.help':
      'Ask the player to open Settings on the site and press "Send the e-mail again". The new e-mail has a link that works for 30 days.',
  },
  {
    'guardian.loading': 'Öppnar godkännandet…',
    'guardian.ask.title': 'Godkänn {name}s konto',
    'guardian.ask.signedUp':
      '{name} har registrerat sig för {product} som {username} och angett den här e-postadressen som en förälders eller vårdnadshavares.',
    'guardian.ask.prizes':
      'Spelare under 18 år kan spela och skriva innan du godkänner, men de kan bara ta emot priser när en förälder eller vårdnadshavare har godkänt.',
    'guardian.ask.ignore': 'Om du inte känner den här spelaren kan du stänga sidan, så händer ingenting.',
    'guardian.ask.approve': 'Jag godkänner',
    'guardian.done.title': 'Tack!',
    'guardian.already.title': 'Redan godkänt',
    'guardian.invalid.title': 'Länken har gått ut eller är okänd',
    'guardian.invalid.help':
      'En länk slutar fungera när spelaren skickar ett nytt e-postmeddelande från sina inställningar. Använd det senaste e-postmeddelandet, eller be spelaren skicka det igen.',
    'guardian.home': 'Gå till {product}',
    'guardian.retry': 'Försök igen',
    'guardian.failed': 'Sidan för godkännande kunde inte laddas. Kontrollera anslutningen och försök igen.',
    // A link older than 30 days
    'guardian.expired.title': 'Länken har gått ut',
    'guardian.expired.help':
      'Be spelaren öppna Inställningar på webbplatsen och trycka på ”Skicka e-postmeddelandet igen”. Det nya e-postmeddelandet har en länk som fungerar i 30 dagar.',
  },
);
