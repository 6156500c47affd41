import type { CommandSpec, Parsed } from './args.js';
import type { Io } from './io.js';

/** One `storyletengine` command: its spec (flags, help) and what it does; resolves to the exit code. */
export interface Command {
  spec: CommandSpec;
  run(args: Parsed, io: Io): Promise<number>;
}
