import { NEWS_CATEGORIES } from '@ecup/domain';

/** The docs/product.md#what-it-does category labels as select choices. */
export const CATEGORY_CHOICES = NEWS_CATEGORIES.map((c) => ({ id: c.id, name: c.label }));
