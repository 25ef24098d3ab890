import type { RegisterCommands } from './index.ts';

/** The `admin:*` commands. */
export const registerAdminCommands: RegisterCommands = () => undefined;
