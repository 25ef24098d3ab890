/** Every form validator (docs/product.md#validation), for the player app, the API and the admin console alike. */
export * from './result.ts';
export * from './input.ts';
export * from './fields.ts';
export * from './signup.ts';
export * from './login.ts';
export * from './settings.ts';
export * from './password-reset.ts';
export * from './score.ts';
export * from './file-type.ts';
export * from './evidence.ts';
export * from './forum.ts';
export * from './admin.ts';
export * from './reports.ts';
export * from './privacy.ts';
export * from './email-change.ts';
export * from './identity.ts';
