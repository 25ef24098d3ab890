import type { RegisterCommands } from './index.ts';

/** The `users:*` commands. */
export const registerUsersCommands: RegisterCommands = () => undefined;
