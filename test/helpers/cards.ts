import { findForumCategory } from '@ecup/domain';
import { cardKey } from '@ecup/api/features/seo/cards.ts';
import { categoryText } from '@ecup/api/features/seo/head.ts';

/**
 * The ETag the server answers for a topic's preview card (`/og/thread/{id}.png`) drawn with `headline` and `posts`
 * posts: the key of the card's content, so a test can tell which title the card was drawn from.
 */
export function threadCardEtag(product: string, categoryId: number, headline: string, posts: number): string {
  const category = findForumCategory(categoryId, product)!;
  const card = {
    productName: product,
    badge: categoryText(category, 'en', product).title,
    headline,
    lines: [posts === 1 ? '1 post' : `${posts} posts`] as [string],
  };
  return `"${cardKey(card, null)}"`;
}
