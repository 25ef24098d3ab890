import { defineDictionary } from '../../i18n/dictionary.ts';

/** Strings of the news screens. */
export const news = defineDictionary(
  {
    'news.publishedBy': 'Written by {name}',
    'news.more': 'More news',
    'news.readMore': 'Read the latest news',
    'news.notFoundHint': 'It may have been removed, or the link is mistyped.',
    'news.error': 'The article could not be loaded.',
    'news.moreError': 'More news could not be loaded.',
    'news.retry': 'Try again',
    'news.none': 'No news has been published yet.',
  },
  {
    'news.publishedBy': 'Skriven av {name}',
    'news.more': 'Fler nyheter',
    'news.readMore': 'Läs de senaste nyheterna',
    'news.notFoundHint': 'Den kan ha tagits bort, eller så är länken felskriven.',
    'news.error': 'Artikeln kunde inte laddas.',
    'news.moreError': 'Fler nyheter kunde inte laddas.',
    'news.retry': 'Försök igen',
    'news.none': 'Inga nyheter har publicerats än.',
  },
);
