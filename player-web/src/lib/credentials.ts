import { credentialStore } from '@ecup/domain';

/** The player app's signed-in pair, kept in this browser's local storage (docs/product.md#states). */
const store = credentialStore(() => localStorage, { id: 'ecup.id', token: 'ecup.token' });

export const loadCredentials = store.load;
export const saveCredentials = store.save;
export const clearCredentials = store.clear;
