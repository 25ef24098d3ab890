/**
 * The console's own session, apart from the player app's 'ecup.id' / 'ecup.token': a player-app token is not a
 * console session (the server wants a session that passed the second factor at console sign-in, decisions §8), so
 * signing in to one never signs the other in or out.
 */
const ID_KEY = 'ecup.admin.id';
const TOKEN_KEY = 'ecup.admin.token';

export interface Credentials {
  id: number;
  token: string;
}

export function loadCredentials(): Credentials | null {
  const id = Number(localStorage.getItem(ID_KEY));
  const token = localStorage.getItem(TOKEN_KEY);
  return Number.isInteger(id) && id > 0 && token ? { id, token } : null;
}

export function saveCredentials(credentials: Credentials): void {
  localStorage.setItem(ID_KEY, String(credentials.id));
  localStorage.setItem(TOKEN_KEY, credentials.token);
}

export function clearCredentials(): void {
  localStorage.removeItem(ID_KEY);
  localStorage.removeItem(TOKEN_KEY);
}

/** The `Authorization` header of the API (spec §7: `Bearer <id>:<token>`), or none when signed out. */
export function authorizationHeader(): string | null {
  const credentials = loadCredentials();
  return credentials ? `Bearer ${credentials.id}:${credentials.token}` : null;
}
