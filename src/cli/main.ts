// The only place that maps errors to exit codes (docs/product.md §4): 0 ok, 1 findings, 2 usage or unreadable
// input, 3 internal error. Commands return their exit code (src/cli/exit-codes.ts); they never call process.exit.
import { yargs } from "./yargs.js";
import { commands } from "./commands/index.js";
import { STDIN_ARG } from "../io/read.js";
import { InputError, UsageError } from "../shared/errors.js";
import { cliMessage } from "./flags.js";
import { readArgv } from "./argv-check.js";
import { err as writeErr } from "./output.js";
import { terminalLine, terminalText } from "../shared/terminal.js";

/**
 * yargs renders the whole help text of a command right after starting its handler, in case a later failure
 * wants to print it (0.1–0.4 s of CPU for a wide builder such as audit's, on every run). sightline never
 * prints help on failure (the fail handler throws and main words the error), and `--help` renders it on
 * demand, so the cache is turned off. Internal API: without it (another yargs major) nothing changes.
 */
function skipHelpCache(parser: object): void {
  const internal = (parser as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } }).getInternalMethods?.();
  const usage = internal?.getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === "function") usage.cacheHelpMessage = () => undefined;
}

export async function main(argv: string[]): Promise<number> {
  let code = 0;
  // A usage problem is one line plus the hint naming the --help of the command that was meant.
  const reading = readArgv(argv, commands);
  const usage = (message: string): number => {
    // Messages quote the command line and file names (yargs: "Unknown argument: …"): escaped.
    writeErr(`sightline: ${terminalText(message)}\nRun "${["sightline", ...reading.path, "--help"].join(" ")}" for usage.\n`);
    return 2;
  };
  if (reading.problem) return usage(reading.problem);
  // yargs drops a bare "-" positional: carry it as a token the readers know means stdin.
  const parser = yargs(argv.map((a) => (a === "-" ? STDIN_ARG : a)))
    .scriptName("sightline")
    .usage("$0 <command> [options]\n\nReplay recorded LLM-agent sessions offline: what the model saw, which rules fired, what compaction dropped.")
    .option("color", { type: "boolean", describe: "Colour output (default: on a TTY, off with NO_COLOR)" })
    .strict()
    .demandCommand(1, "Name a command (see --help).")
    .recommendCommands()
    .completion("completion", "Print a bash/zsh completion script (append it to ~/.bashrc or ~/.zshrc)")
    .help()
    .alias("h", "help")
    .version()
    .wrap(Math.min(110, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new UsageError(msg);
    });
  skipHelpCache(parser);
  // Handlers report their exit code through this closure, nested subcommands included.
  for (const c of commands) c.register(parser, (n) => (code = n));
  try {
    await parser.parseAsync();
    return code;
  } catch (e) {
    if (e instanceof InputError) {
      writeErr(`sightline: ${terminalLine(cliMessage(e))}\n`);
      return 2;
    }
    if (e instanceof UsageError) return usage(cliMessage(e));
    if (e instanceof Error && e.name === "YError") return usage(e.message);
    const err = e instanceof Error ? (e.stack ?? e.message) : String(e);
    writeErr(`sightline: internal error: ${terminalText(err)}\nThis is a bug in sightline; please report it with the command line and input.\n`);
    return 3;
  }
}
