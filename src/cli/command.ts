// The shape of one CLI command: declare (command, describe, builder), then a handler that normalizes
// arguments, calls one library function, renders, and returns the exit code. `defineCommand` keeps the
// yargs declaration the one source of the handler's argument types: no `any`, no casts in the commands.
import type { ArgumentsCamelCase, Argv } from "yargs";
import type { ExitMeanings } from "./exit-codes.js";

/** Options main.ts declares on the root parser: every command sees them. */
export interface GlobalArgs {
  color: boolean | undefined;
}

/** `<name>` and `<name..>` in a command string: positionals yargs demands before any handler runs. */
type Demanded<S extends string> = S extends `${string}<${infer Name}>${infer Rest}` ? (Name extends `${infer N}..` ? N : Name) | Demanded<Rest> : never;

/** What a handler receives: the declared options, camel-cased, with the demanded positionals present. */
type CommandArgs<C extends string, O> = ArgumentsCamelCase<O> & { [K in Demanded<C> & keyof O]-?: NonNullable<O[K]> };

export interface Command {
  readonly command: string;
  readonly describe: string;
  /** What its exit codes mean (from exit-codes.ts `EXITS`; absent on a group). */
  readonly exits?: ExitMeanings;
  /** Declares the command's options on a parser (argv-check reads the declared names from it). */
  readonly builder: (y: Argv<GlobalArgs>) => Argv<unknown>;
  /** Registers the command (its subcommands, for a group) on a parser; `done` receives the exit code. */
  readonly register: (y: Argv<GlobalArgs>, done: (code: number) => void) => void;
  /** A command group: these are registered beneath it (e.g. `ttsr run`). */
  readonly subcommands?: readonly Command[];
}

interface CommandSpec<C extends string, O> {
  command: C;
  describe: string;
  exits: ExitMeanings;
  builder: (y: Argv<GlobalArgs>) => Argv<O>;
  handler: (args: CommandArgs<C, O>) => Promise<number>;
}

const demandedNames = (command: string): string[] => [...command.matchAll(/<([^>.]+)(?:\.\.)?>/g)].map((m) => m[1]);

/** True when every positional the command string demands was parsed (yargs guarantees it; checked, not assumed). */
function hasDemanded<C extends string, O>(args: ArgumentsCamelCase<O>, names: readonly string[]): args is CommandArgs<C, O> {
  return names.every((n) => Object.hasOwn(args, n) && Reflect.get(args, n) !== undefined);
}

export function defineCommand<const C extends string, O>(spec: CommandSpec<C, O>): Command {
  const demanded = demandedNames(spec.command);
  return {
    command: spec.command,
    describe: spec.describe,
    exits: spec.exits,
    builder: spec.builder,
    register: (y, done) => {
      y.command(spec.command, spec.describe, spec.builder, async (args) => {
        if (!hasDemanded<C, O>(args, demanded)) throw new Error(`${spec.command}: yargs passed no ${demanded.join(", ")}`);
        done(await spec.handler(args));
      });
    },
  };
}

/** The command's name: its first word (`run <sessions..>` → run). */
export const commandName = (c: Command): string => c.command.split(" ")[0];

/** A command group (`ttsr run`, `ttsr test`, …): each subcommand with its own --help. */
export function defineGroup(command: string, describe: string, subcommands: readonly Command[]): Command {
  return {
    command,
    describe,
    subcommands,
    builder: (y) => y,
    register: (y, done) => {
      y.command(command, describe, (g) => {
        for (const s of subcommands) s.register(g, done);
        return g.demandCommand(1, `Name a ${command} subcommand (see --help).`);
      });
    },
  };
}
