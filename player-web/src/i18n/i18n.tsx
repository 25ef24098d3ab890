import {
  createContext,
  startTransition,
  use,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { LANGUAGE_COOKIE, englishOf, formatDateTime, type MessageRef } from '@ecup/domain';
import { catalogue, type MessageKey } from './catalogue.ts';
import { LANGUAGES, LOCALES, fill, type Lang } from './dictionary.ts';
import type { swedishOf } from './messages-sv.ts';
import { usePageTakenOver } from '../lib/page-data.ts';

const STORAGE_KEY = 'ecup.lang';
/**
 * The reader's time zone, named in every full date and time: asked once, when first needed, rather than while the
 * app's code starts (the browser's date formatting takes a moment to set up).
 */
let readerZone: string | undefined;
const theReaderZone = () => (readerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

export interface I18n {
  lang: Lang;
  locale: string;
  setLang(lang: Lang): void;
  /** A catalogue string with its `{placeholders}` filled. */
  t(key: MessageKey, params?: Record<string, string | number>): string;
  /**
   * A message in the reader's language, by its code: a fixed one by name (`tm('loading')`), or one the server or a
   * validator answered (`{ error, code, params }`).
   */
  tm(ref: MessageRef): string;
  /** A date and time (unix seconds or Date) in the reader's locale and time zone, with the zone named. */
  dateTime(at: number | Date, options?: Intl.DateTimeFormatOptions): string;
  /**
   * Numbers in the reader's locale. One formatter per language: building an Intl formatter costs more than a whole
   * list row, so lists share this one rather than making their own on every render.
   */
  numberFormat: Intl.NumberFormat;
}

const I18nContext = createContext<I18n | null>(null);

/** The language this browser remembers choosing, if any. */
function storedLang(): Lang | null {
  const stored = localStorage.getItem(STORAGE_KEY);
  return stored && (LANGUAGES as readonly string[]).includes(stored) ? (stored as Lang) : null;
}

function initialLang(): Lang {
  return storedLang() ?? (navigator.language.toLowerCase().startsWith('sv') ? 'sv' : 'en');
}

export type Translate = typeof swedishOf;
let swedish: Promise<Translate> | undefined;
/** The Swedish of the messages is its own chunk, fetched only by readers who choose Swedish. */
export function loadSwedish(): Promise<Translate> {
  swedish ??= import('./messages-sv.ts').then((module) => module.swedishOf);
  return swedish;
}

/**
 * How a server-rendered page was drawn: its language, the time zone of its dates and, for Swedish, the
 * messages' Swedish, so the app's first render in the browser draws the same.
 */
export interface InitialI18n {
  lang: Lang;
  zone: string;
  /** The Swedish of the messages, or (in the browser) its chunk on its way: the app waits for it to take over. */
  translate: Translate | Promise<Translate | null> | null;
}

/** The language of the app: chosen in the footer, remembered in this browser. */
export function I18nProvider({ children, initial }: { children: ReactNode; initial?: InitialI18n }) {
  const [lang, setLangState] = useState<Lang>(() => initial?.lang ?? initialLang());
  // Until the Swedish messages have arrived (a moment after start), spec messages show in English.
  const given = initial?.translate ?? null;
  const drawn = given instanceof Promise ? use(given) : given;
  const [translate, setTranslate] = useState<Translate | null>(() => drawn);
  // A server-rendered page's dates are in the server's zone until the app has taken the page over.
  const takenOver = usePageTakenOver();
  const zone = !takenOver && initial ? initial.zone : theReaderZone();
  useEffect(() => {
    document.documentElement.lang = lang;
    // The server serves the next page's title and link-preview words in this language too.
    document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
    if (lang === 'en' || translate) return;
    let current = true;
    loadSwedish().then(
      (loaded) => current && setTranslate(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [lang, translate]);
  // A server-rendered page came in the language of the cookie or the browser's languages: a choice this browser
  // remembers that the server could not know (an old cookie gone) wins once the app has taken over.
  useEffect(() => {
    const stored = initial && takenOver ? storedLang() : null;
    if (stored && stored !== initial?.lang) startTransition(() => setLangState(stored));
  }, [initial, takenOver]);
  const setLang = useCallback((next: Lang) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLangState(next);
  }, []);
  const value = useMemo<I18n>(() => {
    const locale = LOCALES[lang];
    const dateFormats = new Map<string, Intl.DateTimeFormat>();
    const dateFormat = (options: Intl.DateTimeFormatOptions) => {
      const key = JSON.stringify(options);
      let format = dateFormats.get(key);
      if (!format) {
        format = new Intl.DateTimeFormat(locale, { timeZone: zone, ...options });
        dateFormats.set(key, format);
      }
      return format;
    };
    return {
      lang,
      locale,
      setLang,
      // A key whose dictionary is not loaded shows as itself rather than breaking the page (see catalogue.ts).
      t: (key, params) => fill(catalogue[lang][key] ?? key, params),
      tm: (ref) => (lang === 'sv' && translate ? translate(ref) : englishOf(ref)),
      // A full date and time is written by the product's one formatter (domain formatDateTime, as the console and
      // the server's messages write it: '26 Nov 2026, 07:34 CET'); other options pick a part of it.
      dateTime: (at, options) => {
        const date = typeof at === 'number' ? new Date(at * 1000) : at;
        return options ? dateFormat(options).format(date) : formatDateTime(date, zone, locale);
      },
      numberFormat: new Intl.NumberFormat(locale),
    };
  }, [lang, setLang, translate, zone]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** A deadline or opening time as the reader's weekday, date and time with the zone (ui-brief: local time and zone). */
export const WEEKDAY_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
