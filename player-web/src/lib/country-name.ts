const namers = new Map<string, Intl.DisplayNames>();

/**
 * A country's name for the reader: English keeps the spec's own name (docs/product.md#entities); another language names the country by
 * its ISO code with the platform's `Intl.DisplayNames` ('se' → 'Sverige'), and a code it cannot name keeps the
 * English name.
 */
export function countryName(code: string, englishName: string, locale: string): string {
  if (locale.toLowerCase().startsWith('en')) return englishName;
  let namer = namers.get(locale);
  if (!namer) {
    namer = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    namers.set(locale, namer);
  }
  try {
    return namer.of(code.toUpperCase()) ?? englishName;
  } catch {
    return englishName;
  }
}
