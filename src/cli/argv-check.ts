// What the command line names, read before yargs runs: which (sub)command, and the first unknown command or
// option. yargs reports an unknown option only after it has demanded positionals (`replay --bogus F` reads
// F as the value of --bogus and complains about a missing session), so unknown names are found here first,
// from each command's own builder, and the usage hint can name that command's --help.
import { yargs } from "./yargs.js";
import { commandName as nameOf, type Command } from "./command.js";

export interface ArgvReading {
  /** The command path named on the line, e.g. ["ttsr", "run"]; empty when none. */
  path: string[];
  /** A one-line usage problem (unknown command, subcommand or option), when there is one. */
  problem?: string;
}

// Options every command accepts (declared on the root parser by main.ts, or by yargs itself).
const GLOBAL = ["help", "h", "version", "color"];

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

function unknownName(what: string, word: string, known: string[]): string {
  const near = known.filter((k) => distance(k, word) <= 2);
  return `unknown ${what} "${word}"${near.length ? ` (did you mean ${near.join(" or ")}?)` : ""}`;
}

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function knownOptions(c: Command): Set<string> {
  // getOptions() is public in yargs but missing from its type declarations.
  const o = (
    c.builder(yargs([]).option("color", { type: "boolean" })) as unknown as { getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> } }
  ).getOptions();
  const names = new Set<string>(GLOBAL);
  for (const k of [...Object.keys(o.key), ...Object.values(o.alias).flat()]) {
    names.add(k);
    names.add(camel(k));
  }
  return names;
}

/** The first option on the line that the command does not declare (`--no-x` counts as `--x`). */
function unknownOption(args: readonly string[], c: Command): string | undefined {
  const known = knownOptions(c);
  for (const a of args) {
    if (a === "--") break;
    const long = /^--([^=]+)/.exec(a);
    if (long) {
      const name = long[1];
      if (!known.has(name) && !(name.startsWith("no-") && known.has(name.slice(3)))) return `--${name}`;
      continue;
    }
    const short = /^-([A-Za-z]+)/.exec(a);
    if (short) for (const ch of short[1]) if (!known.has(ch)) return `-${ch}`;
  }
  return undefined;
}

/** Reads argv against the command list; `completion`, completion requests and bare `--help`/`--version` are left to yargs. */
export function readArgv(argv: readonly string[], commands: readonly Command[]): ArgvReading {
  // Shell completion asks with a partial line: never judged here.
  if (argv.includes("--get-yargs-completions")) return { path: [] };
  const words = argv.filter((a) => !a.startsWith("-"));
  const first = words[0];
  if (first === undefined || first === "completion") return { path: [] };
  const top = commands.find((c) => nameOf(c) === first);
  if (!top) return { path: [], problem: unknownName("command", first, commands.map(nameOf)) };
  if (!top.subcommands) {
    const bad = unknownOption(argv, top);
    return bad ? { path: [first], problem: `unknown argument ${bad}` } : { path: [first] };
  }
  const second = words[1];
  if (second === undefined) return { path: [first] };
  const sub = top.subcommands.find((c) => nameOf(c) === second);
  if (!sub) return { path: [first], problem: unknownName(`${first} subcommand`, second, top.subcommands.map(nameOf)) };
  const bad = unknownOption(argv, sub);
  return bad ? { path: [first, second], problem: `unknown argument ${bad}` } : { path: [first, second] };
}
