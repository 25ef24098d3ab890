import type { RegisterCommands } from './index.ts';

/** The `season:*` commands. */
export const registerSeasonCommands: RegisterCommands = () => undefined;
