import test from 'ava';
import { forumCategories, type ForumCategory } from '@ecup/domain';
import { fill, loadedStrings, type Lang } from '../../i18n/dictionary.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { localiseCategory } from './category-text.ts';
import './i18n.ts';

const translator = (lang: Lang) => (key: MessageKey, params?: Record<string, string | number>) =>
  fill(loadedStrings[lang][key] ?? key, params);

test('in English every forum category reads exactly as the seed stores it', (t) => {
  for (const category of forumCategories('eCup')) {
    t.deepEqual(localiseCategory(translator('en'), category, 'eCup'), category);
  }
});

test('in Swedish every forum category has a Swedish title and description; names stay names', (t) => {
  const sv = forumCategories('eCup').map((c) => localiseCategory(translator('sv'), c, 'eCup'));
  t.deepEqual(
    sv.map((c) => [c.id, c.slug, c.title]),
    [
      [0, 'gothia_cup', 'Gothia Cup'],
      [1, 'ecup', 'eCup'],
      [2, 'trophy_hunt', 'Coca-Cola Troféjakt'],
      [3, 'general_discussion', 'Allmänt'],
    ],
  );
  t.is(sv[1]!.description, 'Matcher, resultat, regler och taktik i eCup.');
  const english = forumCategories('eCup');
  sv.forEach((c, i) => t.not(c.description, english[i]!.description, `category ${c.id}`));
});

test('a category added later, with no translation yet, keeps its own title and description', (t) => {
  const later = { id: 9, slug: 'clubs', title: 'Clubs', description: 'Find a club.' } as unknown as ForumCategory;
  t.deepEqual(localiseCategory(translator('sv'), later, 'eCup'), later);
});
