import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { catalogue, type MessageKey } from './catalogue.ts';
import { LANGUAGES, LOCALES, fill, type Lang } from './dictionary.ts';
import { translateMessage } from './spec-messages.ts';

const STORAGE_KEY = 'ecup.lang';

export interface I18n {
  lang: Lang;
  locale: string;
  setLang(lang: Lang): void;
  /** A catalogue string with its `{placeholders}` filled. */
  t(key: MessageKey, params?: Record<string, string | number>): string;
  /** A spec message (from domain or the server) in the reader's language. */
  tm(text: string): string;
  /** A date and time (unix seconds or Date) in the reader's locale and time zone. */
  dateTime(at: number | Date, options?: Intl.DateTimeFormatOptions): string;
}

const I18nContext = createContext<I18n | null>(null);

function initialLang(): Lang {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Lang;
  return navigator.language.toLowerCase().startsWith('sv') ? 'sv' : 'en';
}

/** The language of the app: chosen in the footer, remembered in this browser. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const setLang = useCallback((next: Lang) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLangState(next);
  }, []);
  const value = useMemo<I18n>(() => {
    const locale = LOCALES[lang];
    return {
      lang,
      locale,
      setLang,
      t: (key, params) => fill(catalogue[lang][key], params),
      tm: (text) => translateMessage(text, lang),
      dateTime: (at, options = { dateStyle: 'medium', timeStyle: 'short' }) =>
        new Intl.DateTimeFormat(locale, options).format(typeof at === 'number' ? new Date(at * 1000) : at),
    };
  }, [lang, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
