// The one place library option names become command-line flags. The library words its messages with its own
// option names ("option `ttsrProfile`", a refused option { name, value }); the CLI shows the flag instead, for
// every text it writes (output.ts) and every error it maps (main.ts). JSON documents keep the library's words.
import type { RefusedOption } from "../shared/errors.js";

/** Each library option a message can name, and the flag that sets it. */
export const FLAG: Readonly<Record<string, string>> = {
  agent: "--agent",
  allowPartial: "--allow-partial",
  compactionId: "--compaction",
  cwd: "--cwd",
  full: "--full",
  json: "--json",
  leafId: "--leaf",
  profile: "--profile",
  resumedAt: "--resumed-at",
  settings: "--settings",
  shard: "--shard",
  tokens: "--tokens",
  ttsrProfile: "--ttsr-profile",
  turn: "--turn",
  update: "--update",
  verbose: "--verbose",
  verdicts: "--verdicts",
};

const flagged = (text: string): string => text.replace(/option `(\w+)`/g, (whole, name: string) => FLAG[name] ?? whole);

/**
 * Text with every "option `name`" the library wrote shown as the flag that sets it (unknown names kept). A flag is
 * shorter than the words it replaces: inside a table row each cell is padded back to its width, so borders stay put.
 */
export const withFlags = (text: string): string =>
  text.includes("option `")
    ? text
        .split("\n")
        .map((line) =>
          line.includes("│")
            ? line
                .split("│")
                .map((cell) => flagged(cell).padEnd(cell.length))
                .join("│")
            : flagged(line),
        )
        .join("\n")
    : text;

/** An error's message as the command line asked: a refused library option is named by its flag. */
export const cliMessage = (e: { message: string; problem: string; option?: RefusedOption }): string =>
  withFlags(e.option ? `${FLAG[e.option.name] ?? e.option.name} ${e.option.value}: ${e.problem}` : e.message);
