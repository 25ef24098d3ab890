import type { RegisterCommands } from './index.ts';

/** The `prizes:*` commands. */
export const registerPrizesCommands: RegisterCommands = () => undefined;
