import type { ForumCategory } from '@ecup/domain';
import type { MessageKey } from '../../i18n/catalogue.ts';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * The words of each forum category in the player app's languages, by the category's id (docs/product.md#screens-and-routes: ids 0–3 are
 * stable; slugs are not, category 1's follows the product name). Gothia Cup and the product are names and keep
 * their title. A category without an entry here (one added later) shows the title and description it was stored
 * with, so it still works before it is translated.
 */
const CATEGORY_TEXT: Partial<Record<number, { title?: MessageKey; description: MessageKey }>> = {
  0: { description: 'forums.category.0.description' },
  1: { description: 'forums.category.1.description' },
  2: { title: 'forums.category.2.title', description: 'forums.category.2.description' },
  3: { title: 'forums.category.3.title', description: 'forums.category.3.description' },
};

/** The category with its title and description in the reader's language; slug and id unchanged. */
export function localiseCategory(t: Translate, category: ForumCategory, productName: string): ForumCategory {
  const text = CATEGORY_TEXT[category.id];
  if (!text) return category;
  return {
    ...category,
    title: text.title ? t(text.title) : category.title,
    description: t(text.description, { product: productName }),
  };
}
