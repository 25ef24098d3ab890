import test from 'ava';
import {
  ACCEPT_GRACE_MS,
  ACCEPT_WINDOW_MS,
  FORUM_CATEGORIES,
  IMAGE_KINDS,
  NEWS_CATEGORIES,
  OPEN_CONSOLES,
  QUALIFIERS_END_AT_MS,
  RESULT_ENTRY_DELAY_MS,
  START_COUNTDOWN_AT_MS,
  TROPHY_ACTIVE_MS,
  WINDOW_END_MINUTE_DEFAULT,
  findForumCategory,
  forumCategories,
  productSlug,
} from './constants.ts';

test('docs/product.md#constants durations in milliseconds', (t) => {
  t.is(ACCEPT_WINDOW_MS, 30_000);
  t.is(ACCEPT_GRACE_MS, 2_000);
  t.is(RESULT_ENTRY_DELAY_MS, 12 * 60 * 1000);
  t.is(TROPHY_ACTIVE_MS, 172_800_000);
});

test('the countdown constants are 25 Nov and 23 Dec 2019 at 00:00 CET', (t) => {
  t.is(new Date(START_COUNTDOWN_AT_MS).toISOString(), '2019-11-24T23:00:00.000Z');
  t.is(new Date(QUALIFIERS_END_AT_MS).toISOString(), '2019-12-22T23:00:00.000Z');
});

test('the default window ends Saturday 00:00, 5 days after Monday 00:00', (t) => {
  t.is(WINDOW_END_MINUTE_DEFAULT, 7200);
});

test('only PlayStation is open this season', (t) => {
  t.deepEqual(OPEN_CONSOLES, [1]);
});

test('news uses the four category labels of docs/product.md#what-it-does', (t) => {
  t.deepEqual(
    NEWS_CATEGORIES.map((c) => [c.id, c.label]),
    [
      [0, 'Gothia Cup'],
      [1, 'Trophy Hunt'],
      [2, 'Tournament'],
      [3, 'Sponsored Story'],
    ],
  );
});

test('image kinds are the storage folders', (t) => {
  t.deepEqual(
    [...IMAGE_KINDS],
    ['avatar_small', 'avatar_medium', 'avatar_orig', 'team', 'news', 'news_thumb', 'evidence', 'evidence_thumb'],
  );
});

test('the forums have the four categories of docs/product.md#screens-and-routes, category 1 named after the product', (t) => {
  const categories = forumCategories('Gothia eCup 2020');
  t.deepEqual(
    categories.map((c) => [c.id, c.slug, c.title]),
    [
      [0, 'gothia_cup', 'Gothia Cup'],
      [1, 'gothia_ecup_2020', 'Gothia eCup 2020'],
      [2, 'trophy_hunt', 'Coca-Cola Trophy hunt'],
      [3, 'general_discussion', 'General Discussion'],
    ],
  );
  for (const c of categories) t.true(c.description.length > 0);
  t.is(FORUM_CATEGORIES[1]?.slug, 'ecup');
  t.is(FORUM_CATEGORIES[1]?.title, 'eCup');
});

test('productSlug is URL-safe and never empty', (t) => {
  t.is(productSlug('eCup'), 'ecup');
  t.is(productSlug('  e-Cup!! 2020 '), 'e_cup_2020');
  t.is(productSlug('¡¡!!'), 'tournament');
});

test('findForumCategory finds a category by slug in any case, or by id', (t) => {
  t.is(findForumCategory('trophy_hunt')?.id, 2);
  t.is(findForumCategory('eCup')?.id, 1);
  t.is(findForumCategory('ECUP')?.id, 1);
  t.is(findForumCategory(3)?.slug, 'general_discussion');
  t.is(findForumCategory('3')?.id, 3);
  t.is(findForumCategory('new_thread'), undefined);
  t.is(findForumCategory(4), undefined);
});
