import type { RegisterCommands } from './index.ts';

/** The `demo:*` commands. */
export const registerDemoCommands: RegisterCommands = () => undefined;
