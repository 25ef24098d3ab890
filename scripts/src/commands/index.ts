import type { Command } from 'commander';
import type { CliRuntime } from '../cli/runtime.ts';

/** Adds one group of commands (`season:*`, `admin:*`, …) to the program. */
export type RegisterCommands = (program: Command, runtime: CliRuntime) => void;

/** Every command group, in the order `--help` lists them. */
export const COMMAND_GROUPS: RegisterCommands[] = [];
