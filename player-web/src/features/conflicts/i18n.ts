import { defineDictionary } from '../../i18n/dictionary.ts';

/** Strings of the conflicts page. */
export const conflicts = defineDictionary(
  {
    'conflicts.title': 'Conflicts',
    'conflicts.intro': 'Games whose result was disputed. An admin looks at both claims, the chat and the evidence.',
    'conflicts.introStaff': 'Every disputed game. Open one to read the chat and the evidence and set the result.',
    'conflicts.caption': 'Games in conflict',
    'conflicts.col.match': 'Match ID',
    'conflicts.col.player1': 'Player 1',
    'conflicts.col.player2': 'Player 2',
    'conflicts.col.status': 'Status',
    'conflicts.col.date': 'Date',
    'conflicts.openGame': 'Open game {id}',
    'conflicts.empty': 'No conflicts. When the result of one of your games is disputed, it shows up here.',
    'conflicts.error': 'The conflicts could not be loaded.',
    'conflicts.retry': 'Try again',
    'conflicts.signedOutHint': 'Sign in to see the conflicts of your games.',
    'conflicts.signIn': 'Sign in',
  },
  {
    'conflicts.title': 'Konflikter',
    'conflicts.intro':
      'Matcher vars resultat ifrågasattes. En admin går igenom båda parternas uppgifter, chatten och bevisen.',
    'conflicts.introStaff': 'Alla ifrågasatta matcher. Öppna en för att läsa chatten och bevisen och sätta resultatet.',
    'conflicts.caption': 'Matcher i konflikt',
    'conflicts.col.match': 'Match-ID',
    'conflicts.col.player1': 'Spelare 1',
    'conflicts.col.player2': 'Spelare 2',
    'conflicts.col.status': 'Status',
    'conflicts.col.date': 'Datum',
    'conflicts.openGame': 'Öppna match {id}',
    'conflicts.empty': 'Inga konflikter. När resultatet i någon av dina matcher ifrågasätts visas den här.',
    'conflicts.error': 'Konflikterna kunde inte laddas.',
    'conflicts.retry': 'Försök igen',
    'conflicts.signedOutHint': 'Logga in för att se konflikterna i dina matcher.',
    'conflicts.signIn': 'Logga in',
  },
);
