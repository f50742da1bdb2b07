// Every command of the CLI, in the order --help lists them. Each file: declare, normalize, call one
// library function, render.
import type { ArgumentsCamelCase, Argv } from "yargs";

export interface Command {
  command: string | string[];
  describe: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  builder: (y: Argv<any>) => Argv<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: (args: ArgumentsCamelCase<any>) => Promise<number>;
}

export const commands: Command[] = [];
