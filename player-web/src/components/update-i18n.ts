import { defineDictionary } from '../i18n/dictionary.ts';

/** The prompt shown when a new version of the app was deployed (update-prompt.tsx). */
export const updatePrompt = defineDictionary(
  {
    'update.available': 'A new version of eCup is available.',
    'update.reload': 'Reload',
  },
  {
    'update.available': 'En ny version av eCup finns.',
    'update.reload': 'Ladda om',
  },
);
