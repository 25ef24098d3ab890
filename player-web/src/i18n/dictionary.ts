/** The app's languages: English and Swedish; the reader's choice is remembered. */
export const LANGUAGES = ['en', 'sv'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** The locale used for dates and numbers in each language. */
export const LOCALES: Record<Lang, string> = { en: 'en-GB', sv: 'sv-SE' };

/**
 * The strings of every dictionary loaded so far, per language. A feature's dictionary arrives with the feature's
 * code (a page does not download every other page's words), so this fills up as pages are visited.
 */
export const loadedStrings: Record<Lang, Record<string, string>> = { en: {}, sv: {} };

/**
 * One feature's strings in both languages, added to the loaded strings. Placeholders are written `{name}`. The
 * Swedish side must have exactly the English side's keys, so a missing translation is a type error.
 */
export function defineDictionary<K extends string>(en: Record<K, string>, sv: Record<K, string>) {
  Object.assign(loadedStrings.en, en);
  Object.assign(loadedStrings.sv, sv);
  return { en, sv };
}

/** Fills `{name}` placeholders. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
