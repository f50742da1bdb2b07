// The shape of one CLI command: declare (command, describe, builder), then a handler that normalizes
// arguments, calls one library function, renders, and returns the exit code.
import type { ArgumentsCamelCase, Argv } from "yargs";

export interface Command {
  command: string | string[];
  describe: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  builder: (y: Argv<any>) => Argv<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: (args: ArgumentsCamelCase<any>) => Promise<number>;
  /** A command group: these are registered beneath it (e.g. `ttsr run`). */
  subcommands?: readonly Command[];
}
