/** The app's languages (issue: English and Swedish, remembered). */
export const LANGUAGES = ['en', 'sv'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** The locale used for dates and numbers in each language. */
export const LOCALES: Record<Lang, string> = { en: 'en-GB', sv: 'sv-SE' };

/**
 * One feature's strings in both languages. Placeholders are written `{name}`. The Swedish side must have exactly
 * the English side's keys, so a missing translation is a type error.
 */
export function defineDictionary<K extends string>(en: Record<K, string>, sv: Record<K, string>) {
  return { en, sv };
}

/** Fills `{name}` placeholders. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
