export * from './types.ts';
export * from './accounts/create-session.ts';
export * from './accounts/sign-up.ts';
export * from './accounts/change-password.ts';
export * from './accounts/request-password-reset.ts';
export * from './accounts/reset-password.ts';
export * from './accounts/confirm-guardian.ts';
export * from './accounts/update-profile.ts';
