import { defineDictionary } from '../../../i18n/dictionary.ts';

/** The unsubscribe page an e-mail's link opens. */
export const unsubscribePage = defineDictionary(
  {
    'unsubscribe.title': 'Unsubscribe',
    'unsubscribe.working': 'Unsubscribing…',
    'unsubscribe.toSettings': 'Notification settings',
  },
  {
    'unsubscribe.title': 'Avsluta prenumeration',
    'unsubscribe.working': 'Avslutar…',
    'unsubscribe.toSettings': 'Aviseringsinställningar',
  },
);
