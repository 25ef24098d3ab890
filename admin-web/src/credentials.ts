import { credentialStore, type Credentials } from '@ecup/domain';

/**
 * The console's own session, apart from the player app's 'ecup.id' / 'ecup.token': a player-app token is not a
 * console session (the server wants a session that passed the second factor at console sign-in, docs/decisions.md#permissions), so
 * signing in to one never signs the other in or out.
 */
const store = credentialStore(() => localStorage, { id: 'ecup.admin.id', token: 'ecup.admin.token' });

export type { Credentials };
export const loadCredentials = store.load;
export const saveCredentials = store.save;
export const clearCredentials = store.clear;

/** The `Authorization` header of the API (docs/product.md#calls: `Bearer <id>:<token>`), or none when signed out. */
export function authorizationHeader(): string | null {
  const credentials = loadCredentials();
  return credentials ? `Bearer ${credentials.id}:${credentials.token}` : null;
}
