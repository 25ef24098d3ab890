import { defaultI18nProvider, type I18nProvider } from 'react-admin';
import { RESOURCES } from './resources.tsx';

/**
 * The console's own words where react-admin would say "Element created", "Element updated" or "Element deleted":
 * each resource's `notifications` (resources.tsx), and plain product wording for any resource without its own.
 */
const WORDS: Record<string, string> = {
  'ra.notification.created': 'Saved.',
  'ra.notification.updated': 'Your changes are saved.',
  'ra.notification.deleted': 'Deleted.',
};
for (const { name, notifications } of RESOURCES) {
  for (const [event, text] of Object.entries(notifications ?? {})) {
    WORDS[`resources.${name}.notifications.${event}`] = text;
  }
}

/** react-admin's English with the console's notifications on top. */
export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => WORDS[key] ?? defaultI18nProvider.translate(key, options),
};
