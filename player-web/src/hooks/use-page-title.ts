import { useEffect } from 'react';
import { useSeason } from '../providers/season-context.tsx';

/** docs/product.md#what-it-does: "{title} – {product}"; the product name alone without a title. */
export function usePageTitle(title?: string | null): void {
  const { productName } = useSeason();
  useEffect(() => {
    document.title = title ? `${title} – ${productName}` : productName;
  }, [title, productName]);
}
