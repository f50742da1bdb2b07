// The one way sightline writes to stdout and stderr; text names flags where the library named its options (flags.ts).
// Every command's text passes guardTerminal (control
// characters shown visibly; sightline's own colours kept only when colour is on), and JSON documents pass
// guardJson (DEL, C1 and bidi controls as \u escapes). A test feeds escape bytes through every command.
import { guardJson, guardTerminal } from "../shared/terminal.js";
import { withFlags } from "./flags.js";

let colourOn = false;

/** Called once per command by the colour decision: only then may SGR escapes reach the stream. */
export function allowColour(on: boolean): void {
  colourOn = on;
}

export const safeText = (text: string): string => guardTerminal(withFlags(text), colourOn);

/** Terminal text to stdout. */
export function out(text: string): void {
  process.stdout.write(guardTerminal(withFlags(text), colourOn));
}

/** Terminal text to stderr (diagnostics, progress notes). Never coloured by a log. */
export function err(text: string): void {
  process.stderr.write(guardTerminal(withFlags(text), colourOn));
}

/** A JSON document to stdout (pretty-printed, newline-terminated). */
export function outJson(doc: unknown): void {
  process.stdout.write(`${guardJson(JSON.stringify(doc, null, 2))}\n`);
}

/** Raw JSON text already serialised (streamed documents). */
export const safeJson = guardJson;

/** JSON text already serialised, to stdout. */
export function outRawJson(json: string): void {
  process.stdout.write(guardJson(json));
}

/**
 * The width tables are fitted to: COLUMNS when set (a user's or a CI's choice wins), else the terminal's on a
 * TTY, else none, so output piped to a file or a log keeps every path and message in full.
 */
export function tableWidth(): number | undefined {
  const env = Number(process.env.COLUMNS);
  if (Number.isInteger(env) && env > 0) return env;
  return process.stdout.isTTY ? process.stdout.columns : undefined;
}
