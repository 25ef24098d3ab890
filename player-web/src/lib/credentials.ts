import type { Credentials } from './api-client.ts';

const ID_KEY = 'ecup.id';
const TOKEN_KEY = 'ecup.token';

/** The signed-in pair, kept in this browser's local storage (spec §4). */
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
