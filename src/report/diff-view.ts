// Readable `diff` output: compaction diffs and turn-aligned session diffs.
import type { CompactionDiff } from "../context/compaction.js";
import type { SessionDiffDocument } from "../context/session-diff.js";
import type { Unrecorded } from "../context/tokens.js";
import { terminalLine, terminalLine as safe, terminalText } from "../shared/terminal.js";

const UNRECORDED: Record<Unrecorded, string> = { systemPrompt: "the system prompt", toolDefinitions: "the tool definitions" };

/** What a logged figure counts that the file does not record, as one sentence. */
export const loggedNote = (xs: readonly Unrecorded[]): string =>
  `the logged figures also count ${xs.map((x) => UNRECORDED[x]).join(" and ")}, which the file does not record; the estimate cannot see them`;

const SGR = { dim: "2", bold: "1", red: "31", green: "32", cyan: "36", yellow: "33" } as const;
const paint = (on: boolean, k: keyof typeof SGR, s: string) => (on ? `\u001b[${SGR[k]}m${s}\u001b[0m` : s);

/** A unified diff of session text: escaped first (it is log content), then coloured per line. */
export function colorPatch(raw: string, color: boolean): string {
  const patch = terminalText(raw);
  if (!color) return patch;
  return patch
    .split("\n")
    .map((l) => (l.startsWith("+") && !l.startsWith("+++") ? paint(true, "green", l) : l.startsWith("-") && !l.startsWith("---") ? paint(true, "red", l) : l.startsWith("@@") ? paint(true, "cyan", l) : l))
    .join("\n");
}

export function renderCompactionDiffs(ds: readonly CompactionDiff[], o: { color: boolean }): string {
  if (ds.length === 0) return "No compactions in this session.\n";
  const out: string[] = [];
  for (const d of ds) {
    // A figure the log lacks is "—", never 0; † marks what a logged figure counts beyond the file.
    const fig = (v: number | undefined) => (v === undefined ? "—" : `${v}${d.tokens.loggedAlsoCounts?.length ? "†" : ""}`);
    const logged = `logged ${fig(d.tokens.loggedBefore)} before, ${fig(d.tokens.loggedAfter)} after`;
    out.push(paint(o.color, "bold", `compaction ${terminalLine(d.id)}`) + `  before ${d.before.leafId === null ? "(root)" : terminalLine(d.before.leafId)}: ${(d.before.messages as unknown[]).length} msgs, ≈${d.tokens.before} tok → after: ${(d.after.messages as unknown[]).length} msgs, ≈${d.tokens.after} tok (${d.before.tokens.estimator}); ${logged}`);
    if (d.tokens.loggedAlsoCounts?.length) out.push(paint(o.color, "dim", `  † ${loggedNote(d.tokens.loggedAlsoCounts)}`));
    out.push(`  dropped ${d.dropped.length}, kept ${d.kept.length}, added ${d.added.length}`);
    for (const m of d.added) out.push(paint(o.color, "green", `  + ${safe(m.role)} (${safe(m.nativeRole)}) from ${safe(m.sourceIds.join(", "))}: ${safe(m.text.slice(0, 100).replace(/\n/g, "⏎"))}${m.text.length > 100 ? "…" : ""}`));
    if (d.capsule) {
      const c = d.capsule;
      out.push(`  capsule: ${c.valid ? "valid" : `invalid (missing ${safe(c.missing.join(", "))})`}${c.warnings.length ? `; ${c.warnings.length} warning(s)` : ""}`);
      for (const l of c.lost) out.push(paint(o.color, "red", `  ✗ lost after compaction: ${safe(l.kind)} ${safe(l.value)}`));
      if (c.lost.length === 0) out.push(paint(o.color, "green", "  ✓ every hard deny, blocking question and pending write survives"));
    }
    out.push(colorPatch(d.patch, o.color));
  }
  return out.join("\n") + "\n";
}

export function renderSessionDiff(doc: SessionDiffDocument, o: { color: boolean }): string {
  const out: string[] = [];
  const changed = doc.turns.filter((t) => t.status !== "same");
  out.push(doc.same ? paint(o.color, "green", `Same: ${doc.turns.length} turns, identical contexts.`) : paint(o.color, "yellow", `${changed.length} of ${doc.turns.length} turns differ.`));
  for (const t of changed) {
    const where = `turn a#${t.a ?? "-"} / b#${t.b ?? "-"} (response ${safe(t.responseId)})`;
    if (t.status === "only-a") out.push(paint(o.color, "red", `- ${where}: only in ${safe(doc.a)}`));
    else if (t.status === "only-b") out.push(paint(o.color, "green", `+ ${where}: only in ${safe(doc.b)}`));
    else {
      out.push(paint(o.color, "bold", `~ ${where}: ${t.systemPromptChanged ? "system prompt changed; " : ""}${t.changedFrom !== null ? `messages differ from #${t.changedFrom}` : ""}`));
      if (t.patch) out.push(colorPatch(t.patch, o.color));
    }
  }
  return out.join("\n") + "\n";
}
