import type { RegisterCommands } from './index.ts';

/** The `elo:*` commands. */
export const registerEloCommands: RegisterCommands = () => undefined;
