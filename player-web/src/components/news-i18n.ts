import type { NewsCategoryId } from '@ecup/domain';
import { defineDictionary } from '../i18n/dictionary.ts';

/** Names of the four news categories of docs/product.md#what-it-does, shown on the home page's cards and on the news screens. */
export const newsCategories = defineDictionary(
  {
    'news.category.gothiaCup': 'Gothia Cup',
    'news.category.trophyHunt': 'Trophy Hunt',
    'news.category.tournament': 'Tournament',
    'news.category.sponsored': 'Sponsored Story',
  },
  {
    'news.category.gothiaCup': 'Gothia Cup',
    'news.category.trophyHunt': 'Troféjakten',
    'news.category.tournament': 'Turnering',
    'news.category.sponsored': 'Sponsrad artikel',
  },
);

/** The label of each category, in the reader's language through `t`. */
export const CATEGORY_LABEL: Record<NewsCategoryId, keyof typeof newsCategories.en> = {
  0: 'news.category.gothiaCup',
  1: 'news.category.trophyHunt',
  2: 'news.category.tournament',
  3: 'news.category.sponsored',
};
