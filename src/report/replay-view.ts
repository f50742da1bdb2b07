// Readable `replay` output: a turn list with sizes and what changed, or one turn's full context with
// reminders and merged records visibly marked.
import type { Msg } from "../formats/types.js";
import type { ReplayDocument } from "../context/replay.js";
import type { DeltaMessages, Turn } from "../context/turns.js";
import { terminalLine, terminalText } from "../shared/terminal.js";
import { renderBody } from "./blocks-view.js";

export interface ReplayViewOptions {
  color: boolean;
  /** Print the messages of each listed turn (every block of every message). */
  full: boolean;
  /** --full: thinking, tool calls and tool results are shown whole instead of collapsed or cut. */
  expand?: boolean;
}

const SGR = { dim: "2", bold: "1", cyan: "36", yellow: "33", magenta: "35", green: "32", red: "31" } as const;
const paint = (on: boolean, k: keyof typeof SGR, s: string) => (on ? `\u001b[${SGR[k]}m${s}\u001b[0m` : s);

/**
 * The roles of added messages: runs collapsed ("assistant ×3"); past 6 runs, a count per role in order of
 * first appearance, so a long delta stays one readable line.
 */
export function roleSummary(roles: readonly string[]): string {
  const runs: Array<[string, number]> = [];
  for (const r of roles) {
    const last = runs[runs.length - 1];
    if (last && last[0] === r) last[1]++;
    else runs.push([r, 1]);
  }
  if (runs.length <= 6) return runs.map(([r, k]) => (k > 1 ? `${r} ×${k}` : r)).join(", ");
  const counts = new Map<string, number>();
  for (const r of roles) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([r, k]) => `${k} ${r}`).join(", ");
}

function changeSummary(t: Turn, prevLen: number | undefined, asFull: boolean): string {
  if (!Array.isArray(t.messages) && !asFull) {
    const d = t.messages as DeltaMessages;
    const roles = roleSummary(d.added.map((m) => m.role));
    return `${d.base === null ? "new path" : `vs #${d.base}`}: keep ${d.keep}, -${d.removed.length}, +${d.added.length}${roles ? ` (${roles})` : ""}`;
  }
  const n = count(t);
  if (prevLen === undefined) return t.index === 0 ? "first turn" : "";
  return `${n - prevLen >= 0 ? "+" : ""}${n - prevLen} message${Math.abs(n - prevLen) === 1 ? "" : "s"}`;
}

const count = (t: Turn) => (Array.isArray(t.messages) ? t.messages.length : t.messages.keep + t.messages.added.length);

export function renderMessage(m: Msg, i: number, color: boolean, expand = false): string {
  const ids = (xs: readonly string[]) => xs.map(terminalLine).join(", ");
  const head = `── #${i} ${m.role}${m.nativeRole !== m.role ? ` (${terminalLine(m.nativeRole)})` : ""} · from ${ids(m.sourceIds)}`;
  const lines = [paint(color, "bold", head)];
  if (m.editedBy !== undefined) lines.push(paint(color, "magenta", `   ⟦edited by ${terminalLine(m.editedBy)}⟧`));
  else if (m.sourceIds.length > 1) lines.push(paint(color, "magenta", `   ⟦merged: ${ids(m.sourceIds.slice(1))} into ${terminalLine(m.sourceIds[0])}⟧`));
  for (const r of m.reminders)
    lines.push(paint(color, "yellow", `   ⟦reminder ${terminalLine(r.kind)}${r.origin ? `/${terminalLine(r.origin)}` : ""} from ${terminalLine(r.sourceId)}⟧`));
  if (m.summary !== undefined) lines.push(paint(color, "cyan", "   ⟦summary message⟧"));
  lines.push(renderBody(m, { color, expand }, (k, s) => paint(color, k, s)));
  return lines.join("\n");
}

/**
 * How the token figures of the listing were counted, printed once above the first turn: the estimate
 * covers what the file shows being sent; the logged figure (the provider's count) also covers what no
 * session file records.
 */
export function tokenLegend(t: Turn): string {
  // A log that records the request's tools (Claude Code 2.1.3xx) marks no figure with †; say what the gap is there.
  const recordsTools = t.request !== undefined && Array.isArray(t.request.tools);
  return [
    `tokens: ≈ = ${t.tokens.estimator} over what the file shows being sent: the system prompt (when recorded), text, thinking, tool calls, tool results, images`,
    recordsTools
      ? "        logged = the provider's input count, — where the log has none; it also counts the tool definitions, which this file records in its requests but ≈ leaves out"
      : "        logged = the provider's input count, — where the log has none; † it also counts the tool definitions (and the system prompt where the file has none), which this file does not record",
  ].join("\n");
}

/** "≈N tok · logged M†" (or "logged —"): the estimate beside the log's figure, never a made-up 0. */
export function tokenFigures(tokens: Turn["tokens"]): string {
  const logged = tokens.logged === undefined ? "—" : `${tokens.logged}${tokens.loggedAlsoCounts?.length ? "†" : ""}`;
  return `≈${tokens.estimated} tok · logged ${logged}`;
}

const ORIGIN_NOTES: ReadonlySet<string> = new Set(["CC_FORK_OF", "CC_SUBAGENT_OF", "CODEX_FORK_OF", "CODEX_REVERT_OF"]);

export function renderReplayHead(doc: ReplayDocument, color: boolean, listed?: number): string {
  const out: string[] = [];
  const s = doc.session;
  out.push(paint(color, "bold", terminalLine(s.path)) + paint(color, "dim", `  ${s.format}/${s.profile}${s.id ? `  session ${terminalLine(s.id)}` : ""}`));
  const listedText = listed === undefined ? "" : ` · ${listed} turn${listed === 1 ? "" : "s"} listed`;
  out.push(
    paint(
      color,
      "dim",
      `active leaf ${doc.activeLeafId === null ? "(none)" : terminalLine(doc.activeLeafId)} · ${doc.leaves.length} lea${doc.leaves.length === 1 ? "f" : "ves"}${listedText}`,
    ),
  );
  // A session that is a copy or a part of another says so first (a fork, a subagent): its turns are read with that in mind.
  for (const d of doc.diagnostics) if (ORIGIN_NOTES.has(d.code)) out.push(paint(color, "dim", `note: ${terminalLine(d.message)}`));
  const errors = doc.diagnostics.filter((d) => d.severity === "error").length;
  if (errors > 0) out.push(paint(color, "red", `${errors} error diagnostic${errors === 1 ? "" : "s"} (run sightline validate for details)`));
  return out.join("\n") + "\n";
}

export interface TurnLineOptions extends ReplayViewOptions {
  /** Turns arrive as deltas only to save memory: describe them as the full listing would. */
  asFull?: boolean;
}

/** Where the format rebuilds the request itself (Claude Code): how it was checked. */
function requestNote(t: Turn, color: boolean): string {
  switch (t.requestCheck) {
    case "verified":
      return `  ${paint(color, "green", "request verified")}`;
    case "digest-mismatch":
      return `  ${paint(color, "red", "request DIGEST MISMATCH")}`;
    case "incomplete":
      return `  ${paint(color, "red", "request incomplete")}`;
    case "rebuilt-from-lines":
      return `  ${paint(color, "dim", "request rebuilt from the lines")}`;
    default:
      return "";
  }
}

/** A compaction request: which compaction it fed and what its input is made of (nothing records the prompt). */
function compactionRequestNote(t: Turn, color: boolean): string {
  const c = t.compactionRequest;
  if (!c) return "";
  const at = t.leafId === null ? "the start" : terminalLine(t.leafId);
  const reply = c.responseRecorded ? "" : "; its reply is not recorded";
  const how = c.remote ? "a compaction_trigger item (remote: the reply is an encrypted compaction item)" : "the release's compaction prompt";
  return `  ${paint(color, "magenta", `⟦compaction request → ${terminalLine(c.compaction)}: the history at ${at} + ${how}${reply}⟧`)}`;
}

/**
 * One turn of the listing (and its messages with `full`); `prevLen` = message count of the previous listed
 * turn (undefined: this is the first turn printed, which carries the token legend).
 */
export function renderTurn(t: Turn, prevLen: number | undefined, o: TurnLineOptions): string {
  const out: string[] = [];
  if (prevLen === undefined) out.push(paint(o.color, "dim", tokenLegend(t)));
  const change = changeSummary(t, prevLen, o.asFull === true);
  const compacted = t.compactions?.length ? `  ${paint(o.color, "magenta", `⟦after compaction ${t.compactions.map(terminalLine).join(", ")}⟧`)}` : "";
  const at = t.leafId === null ? "(root)" : terminalLine(t.leafId);
  out.push(
    `${paint(o.color, "cyan", `turn ${t.index}`)}  response ${terminalLine(t.responseId)}  at ${at}  ${count(t)} msgs  ${tokenFigures(t.tokens)}${compacted}${compactionRequestNote(t, o.color)}${requestNote(t, o.color)}${change ? `  ${paint(o.color, "dim", change)}` : ""}`,
  );
  if (o.full) {
    if (t.notRecorded?.length)
      out.push(paint(o.color, "bold", "── not recorded") + "\n" + t.notRecorded.map((n) => `  ${terminalLine(n.path)}: ${terminalLine(n.why)}`).join("\n"));
    if (t.systemPrompt) out.push(paint(o.color, "bold", "── system prompt") + "\n" + terminalText(t.systemPrompt));
    const msgs = Array.isArray(t.messages) ? t.messages : t.messages.added;
    const offset = Array.isArray(t.messages) ? 0 : t.messages.keep;
    msgs.forEach((m, i) => {
      out.push(renderMessage(m, i + offset, o.color, o.expand === true));
    });
    out.push("");
  }
  return out.join("\n") + "\n";
}

export { count as turnMessageCount };
