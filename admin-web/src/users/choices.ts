import { COUNTRIES, CONSOLE_PLAYSTATION, CONSOLE_XBOX } from '@ecup/domain';

/** Console ids as docs/product.md#entities names them. */
export const CONSOLE_CHOICES = [
  { id: CONSOLE_XBOX, name: 'Xbox' },
  { id: CONSOLE_PLAYSTATION, name: 'PlayStation' },
];

export const COUNTRY_CHOICES = COUNTRIES.map(({ id, name }) => ({ id, name }));

export function consoleName(id: number): string {
  return CONSOLE_CHOICES.find((choice) => choice.id === id)?.name ?? String(id);
}
