import type { Command } from 'commander';
import type { CliRuntime } from '../cli/runtime.ts';
import { registerSeasonCommands } from './season.ts';
import { registerAdminCommands } from './admin.ts';
import { registerPrizesCommands } from './prizes.ts';
import { registerEloCommands } from './elo.ts';
import { registerUsersCommands } from './users.ts';
import { registerDemoCommands } from './demo.ts';
import { registerSettingsCommands } from './settings.ts';

/** Adds one group of commands (`season:*`, `admin:*`, …) to the program. */
export type RegisterCommands = (program: Command, runtime: CliRuntime) => void;

/** Every command group, in the order `--help` lists them. */
export const COMMAND_GROUPS: RegisterCommands[] = [
  registerSeasonCommands,
  registerAdminCommands,
  registerPrizesCommands,
  registerEloCommands,
  registerUsersCommands,
  registerSettingsCommands,
  registerDemoCommands,
];
