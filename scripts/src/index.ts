export { runCli } from './cli/program.ts';
export type { CliIo } from './cli/runtime.ts';
