import { useEffect, useState } from 'react';
import { PRODUCT_NAME_DEFAULT, type SeasonPayload } from '@ecup/domain';

/** GET /season/current and return its product name, or PRODUCT_NAME_DEFAULT ("eCup") when the call fails. */
export async function getProductName(signal?: AbortSignal): Promise<string> {
  try {
    const response = await fetch('/season/current', { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) return PRODUCT_NAME_DEFAULT;
    const season = (await response.json()) as Partial<SeasonPayload>;
    const name = typeof season.product_name === 'string' ? season.product_name.trim() : '';
    return name || PRODUCT_NAME_DEFAULT;
  } catch (error) {
    if (signal?.aborted) throw error;
    return PRODUCT_NAME_DEFAULT;
  }
}

/**
 * The product name for the pages outside react-admin (sign-in, enrolment): "eCup" until the season answers, and the
 * tab's title `<product> admin console`.
 */
export function useConsoleProductName(): string {
  const [productName, setProductName] = useState(PRODUCT_NAME_DEFAULT);
  useEffect(() => {
    const controller = new AbortController();
    getProductName(controller.signal).then(setProductName, () => undefined);
    return () => controller.abort();
  }, []);
  useEffect(() => {
    document.title = `${productName} admin console`;
  }, [productName]);
  return productName;
}
