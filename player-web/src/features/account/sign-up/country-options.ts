import { COUNTRIES } from '@ecup/domain';

export interface CountryOption {
  /** The country's id in the spec's list (what the form sends, `country_id`). */
  id: number;
  name: string;
}

const cache = new Map<string, CountryOption[]>();

/**
 * The spec's 245 countries (docs/product.md#entities) named and sorted for the reader: English keeps the list's own names and order;
 * another language names each country with the platform's `Intl.DisplayNames` (its ISO code, 'se' → 'Sverige')
 * and sorts by that language's collation (Å, Ä, Ö last in Swedish). A code the platform cannot name keeps its
 * English name. The ids never change, so the choice means the same country in every language.
 */
export function countryOptions(locale: string): CountryOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  let options: CountryOption[];
  if (locale.toLowerCase().startsWith('en')) {
    options = COUNTRIES.map(({ id, name }) => ({ id, name }));
  } else {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    const collator = new Intl.Collator(locale, { sensitivity: 'base' });
    options = COUNTRIES.map(({ id, code, name }) => ({ id, name: names.of(code.toUpperCase()) ?? name })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }
  cache.set(locale, options);
  return options;
}
