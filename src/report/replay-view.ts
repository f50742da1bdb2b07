// Readable `replay` output: a turn list with sizes and what changed, or one turn's full context with
// reminders and merged records visibly marked.
import type { Msg } from "../formats/types.js";
import type { ReplayDocument } from "../context/replay.js";
import type { DeltaMessages, Turn } from "../context/turns.js";
import { terminalLine as safe, terminalText } from "../shared/terminal.js";

export interface ReplayViewOptions {
  color: boolean;
  /** Print every message of each listed turn in full. */
  full: boolean;
}

const SGR = { dim: "2", bold: "1", cyan: "36", yellow: "33", magenta: "35", green: "32", red: "31" } as const;
const paint = (on: boolean, k: keyof typeof SGR, s: string) => (on ? `\u001b[${SGR[k]}m${s}\u001b[0m` : s);

function changeSummary(t: Turn, prevLen: number | undefined, asFull: boolean): string {
  if (!Array.isArray(t.messages) && !asFull) {
    const d = t.messages as DeltaMessages;
    const roles = safe(d.added.map((m) => m.role).join(", "));
    return `${d.base === null ? "new path" : `vs #${d.base}`}: keep ${d.keep}, -${d.removed.length}, +${d.added.length}${roles ? ` (${roles})` : ""}`;
  }
  const n = count(t);
  if (prevLen === undefined) return t.index === 0 ? "first turn" : "";
  return `${n - prevLen >= 0 ? "+" : ""}${n - prevLen} messages`;
}

const count = (t: Turn) => (Array.isArray(t.messages) ? t.messages.length : t.messages.keep + t.messages.added.length);

export function renderMessage(m: Msg, i: number, color: boolean): string {
  // Everything from the log is escaped before colour is added (the output gate keeps our colours only).
  const head = safe(`── #${i} ${m.role}${m.nativeRole !== m.role ? ` (${m.nativeRole})` : ""} · from ${m.sourceIds.join(", ")}`);
  const lines = [paint(color, "bold", head)];
  if (m.sourceIds.length > 1) lines.push(paint(color, "magenta", `   ⟦merged: ${safe(m.sourceIds.slice(1).join(", "))} into ${safe(m.sourceIds[0])}⟧`));
  for (const r of m.reminders) lines.push(paint(color, "yellow", safe(`   ⟦reminder ${r.kind}${r.origin ? `/${r.origin}` : ""} from ${r.sourceId}⟧`)));
  if (m.summary !== undefined) lines.push(paint(color, "cyan", "   ⟦summary message⟧"));
  const body = terminalText(m.text).replace(/<system-reminder[^>]*>|<\/system-reminder>/g, (tag) => paint(color, "yellow", tag));
  lines.push(body);
  return lines.join("\n");
}

export function renderReplayHead(doc: ReplayDocument, color: boolean, listed?: number): string {
  const out: string[] = [];
  const s = doc.session;
  out.push(paint(color, "bold", safe(s.path)) + paint(color, "dim", safe(`  ${s.format}/${s.profile}${s.id ? `  session ${s.id}` : ""}`)));
  const listedText = listed === undefined ? "" : ` · ${listed} turn${listed === 1 ? "" : "s"} listed`;
  out.push(paint(color, "dim", `active leaf ${safe(doc.activeLeafId ?? "(none)")} · ${doc.leaves.length} lea${doc.leaves.length === 1 ? "f" : "ves"}${listedText}`));
  const errors = doc.diagnostics.filter((d) => d.severity === "error").length;
  if (errors > 0) out.push(paint(color, "red", `${errors} error diagnostic${errors === 1 ? "" : "s"} (run sightline validate for details)`));
  return out.join("\n") + "\n";
}

export interface TurnLineOptions extends ReplayViewOptions {
  /** Turns arrive as deltas only to save memory: describe them as the full listing would. */
  asFull?: boolean;
}

/** One turn of the listing (and its messages with `full`); `prevLen` = message count of the previous listed turn. */
export function renderTurn(t: Turn, prevLen: number | undefined, o: TurnLineOptions): string {
  const out: string[] = [];
  const tokens = `${t.tokens.estimated} tok (${t.tokens.estimator})${t.tokens.logged !== undefined ? `, logged ${t.tokens.logged}` : ""}`;
  const change = changeSummary(t, prevLen, o.asFull === true);
  out.push(`${paint(o.color, "cyan", `turn ${t.index}`)}  response ${safe(t.responseId)}  at ${safe(t.leafId ?? "(root)")}  ${count(t)} msgs  ${tokens}${change ? `  ${paint(o.color, "dim", change)}` : ""}`);
  if (o.full) {
    if (t.systemPrompt) out.push(paint(o.color, "bold", "── system prompt") + "\n" + terminalText(t.systemPrompt));
    const msgs = Array.isArray(t.messages) ? t.messages : t.messages.added;
    const offset = Array.isArray(t.messages) ? 0 : t.messages.keep;
    msgs.forEach((m, i) => out.push(renderMessage(m, i + offset, o.color)));
    out.push("");
  }
  return out.join("\n") + "\n";
}

export { count as turnMessageCount };
