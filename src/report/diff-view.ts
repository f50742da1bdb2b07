// Readable `diff` output: compaction diffs and turn-aligned session diffs.
import type { CompactionDiff } from "../context/compaction.js";
import type { MsgRef, SessionDiffEnd, TurnPair } from "../context/session-diff.js";
import type { SessionDiffRun } from "../context/session-diff-stream.js";
import type { Unrecorded } from "../context/tokens.js";
import { terminalLine, terminalText } from "../shared/terminal.js";

const UNRECORDED: Record<Unrecorded, string> = { systemPrompt: "the system prompt", toolDefinitions: "the tool definitions" };

/** What a logged figure counts that the file does not record, as one sentence. */
export const loggedNote = (xs: readonly Unrecorded[]): string =>
  `the logged figures also count ${xs.map((x) => UNRECORDED[x]).join(" and ")}, which the file does not record; the estimate cannot see them`;

/** What a compaction's own token figures are, beside the estimate and the turns' logged figures. */
export const ENTRY_FIGURES =
  "≈ is sightline's estimate of the context before and after; the entry's own figures (tokensBefore, tokensAfter) are what the agent wrote when it compacted, not the provider's input count of a request that each turn's logged figure is (sightline replay)";

const SGR = { dim: "2", bold: "1", red: "31", green: "32", cyan: "36", yellow: "33" } as const;
const paint = (on: boolean, k: keyof typeof SGR, s: string) => (on ? `\u001b[${SGR[k]}m${s}\u001b[0m` : s);

/** A unified diff of session text: escaped first (it is log content), then coloured per line. */
export function colorPatch(raw: string, color: boolean): string {
  const patch = terminalText(raw);
  if (!color) return patch;
  return patch
    .split("\n")
    .map((l) =>
      l.startsWith("+") && !l.startsWith("+++")
        ? paint(true, "green", l)
        : l.startsWith("-") && !l.startsWith("---")
          ? paint(true, "red", l)
          : l.startsWith("@@")
            ? paint(true, "cyan", l)
            : l,
    )
    .join("\n");
}

/** Kept messages as runs that moved together: `#288–#353 → #1–#66`, `#4 → #4`. */
export function keptRanges(ps: ReadonlyArray<{ before: number; after: number }>): string {
  const runs: Array<{ b: number; a: number; n: number }> = [];
  for (const p of ps) {
    const r = runs[runs.length - 1];
    if (r && p.before === r.b + r.n && p.after === r.a + r.n) r.n++;
    else runs.push({ b: p.before, a: p.after, n: 1 });
  }
  const span = (x: number, n: number) => (n === 1 ? `#${x}` : `#${x}–#${x + n - 1}`);
  return runs.map((r) => `${span(r.b, r.n)} → ${span(r.a, r.n)}`).join(", ");
}

export function renderCompactionDiffs(ds: readonly CompactionDiff[], o: { color: boolean }): string {
  if (ds.length === 0) return "No compactions in this session.\n";
  const out: string[] = [];
  for (const d of ds) {
    // A figure the log lacks is "—", never 0; † marks what a logged figure counts beyond the file.
    const fig = (v: number | undefined) => (v === undefined ? "—" : `${v}${d.tokens.loggedAlsoCounts?.length ? "†" : ""}`);
    // The entry's figures are the agent's, not a request's input count: said, so they are not read as one.
    const logged = `the entry's own figures: ${fig(d.tokens.loggedBefore)} before, ${fig(d.tokens.loggedAfter)} after`;
    out.push(
      paint(o.color, "bold", `compaction ${terminalLine(d.id)}${d.trigger === undefined ? "" : ` (${d.trigger})`}`) +
        `  before ${d.before.leafId === null ? "(root)" : terminalLine(d.before.leafId)}: ${(d.before.messages as unknown[]).length} msgs, ≈${d.tokens.before} tok → after: ${(d.after.messages as unknown[]).length} msgs, ≈${d.tokens.after} tok (${d.before.tokens.estimator}); ${logged}`,
    );
    if (d.tokens.loggedBefore !== undefined || d.tokens.loggedAfter !== undefined) out.push(paint(o.color, "dim", `  ${ENTRY_FIGURES}`));
    if (d.tokens.loggedAlsoCounts?.length) out.push(paint(o.color, "dim", `  † ${loggedNote(d.tokens.loggedAlsoCounts)}`));
    out.push(`  dropped ${d.dropped.length}, kept ${d.kept.length}, added ${d.added.length}`);
    // Claude Code: the compaction request is recorded by no release; where sightline rebuilds it, say so.
    if (d.request) {
      const msgs = Array.isArray(d.request.messages) ? d.request.messages.length : 0;
      out.push(paint(o.color, "dim", `  compaction request: reconstructed (not recorded by the release), ${msgs} messages (the diff JSON document holds it)`));
    } else if (d.notRecorded?.[0]?.path === "$") out.push(paint(o.color, "dim", `  compaction request: ${terminalLine(d.notRecorded[0].why)}`));
    for (const n of d.notRecorded ?? []) if (n.path === "before" || n.path === "after") out.push(paint(o.color, "dim", `  ${n.path}: ${terminalLine(n.why)}`));
    if (d.keptPositions.length > 0) out.push(`  = kept ${keptRanges(d.keptPositions)}`);
    for (const m of d.added)
      out.push(
        paint(
          o.color,
          "green",
          `  + ${terminalLine(m.role)} (${terminalLine(m.nativeRole)}) from ${terminalLine(m.sourceIds.join(", "))}: ${terminalLine(m.text.slice(0, 100).replace(/\n/g, "⏎"))}${m.text.length > 100 ? "…" : ""}`,
        ),
      );
    if (d.capsule) {
      const c = d.capsule;
      out.push(
        `  capsule: ${c.valid ? "valid" : `invalid (missing ${terminalLine(c.missing.join(", "))})`}${c.warnings.length ? `; ${c.warnings.length} warning(s)` : ""}`,
      );
      for (const l of c.lost) out.push(paint(o.color, "red", `  ✗ lost after compaction: ${terminalLine(l.kind)} ${terminalLine(l.value)}`));
      if (c.lost.length === 0) out.push(paint(o.color, "green", "  ✓ every hard deny, blocking question and pending write survives"));
    }
    out.push(colorPatch(d.patch, o.color));
  }
  return out.join("\n") + "\n";
}

const where = (t: { a: number | null; b: number | null; responseId: string }) =>
  `turn a#${t.a ?? "-"} / b#${t.b ?? "-"} (response ${terminalLine(t.responseId)})`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Lines of the first divergence's patch shown by default (the rest is one flag away). */
const FIRST_PATCH_LINES = 40;

function patchText(patch: string, color: boolean, maxLines?: number): string {
  let lines = terminalText(patch).replace(/\n$/, "").split("\n");
  if (maxLines !== undefined && lines.length > maxLines)
    lines = [...lines.slice(0, maxLines), `… (${lines.length - maxLines} more lines of this patch: option \`full\`)`];
  return colorPatch(lines.join("\n"), color);
}

/** One turn of the per-turn listing (--full). */
export function renderSessionPair(t: TurnPair, run: { a: string; b: string }, o: { color: boolean }): string {
  if (t.status === "same") return "";
  if (t.status === "shared") return paint(o.color, "dim", `= ${where(t)}: before the fork point, shared`) + "\n";
  if (t.status === "only-a") return paint(o.color, "red", `- ${where(t)}: only in ${terminalLine(run.a)}`) + "\n";
  if (t.status === "only-b") return paint(o.color, "green", `+ ${where(t)}: only in ${terminalLine(run.b)}`) + "\n";
  const what = [t.systemPromptChanged ? "system prompt changed" : "", t.changedFrom !== null ? `messages differ from #${t.changedFrom}` : ""]
    .filter(Boolean)
    .join("; ");
  const why = t.difference === "new" ? "new difference" : "carried over";
  return paint(o.color, "bold", `~ ${where(t)}: ${what} (${why})`) + "\n" + (t.patch ? patchText(t.patch, o.color) + "\n" : "");
}

const msgRef = (m: MsgRef | null) =>
  m ? `${m.role}${m.nativeRole !== m.role ? ` (${terminalLine(m.nativeRole)})` : ""} ${terminalLine(m.sourceIds.join(","))}` : "(none)";

/** The summary: counts and why, the first divergence (with its patch unless the listing showed it), new differences. */
export function renderSessionSummary(
  end: SessionDiffEnd,
  run: { a: string; b: string; forkPoint?: SessionDiffRun["forkPoint"] },
  o: { color: boolean; full: boolean },
): string {
  const s = end.summary;
  const fork = forkLine(run);
  if (end.same) return fork + paint(o.color, "green", `Same: ${plural(s.turns, "turn")}, identical contexts.`) + "\n";
  const why = [
    s.newDifferences ? (s.newDifferences === 1 ? "1 has a new difference" : `${s.newDifferences} have new differences`) : "",
    s.carriedOver ? (s.carriedOver === 1 ? "1 carries an earlier difference over" : `${s.carriedOver} carry earlier differences over`) : "",
    s.onlyA ? `${s.onlyA} only in ${terminalLine(run.a)}` : "",
    s.onlyB ? `${s.onlyB} only in ${terminalLine(run.b)}` : "",
  ].filter(Boolean);
  const compared = s.turns - (s.shared ?? 0);
  const out = [paint(o.color, "yellow", `${s.differ} of ${plural(compared, "turn")} differ: ${why.join(", ")}.`)];
  if (fork) out.unshift(fork.slice(0, -1));
  const f = end.firstDivergence!;
  if (f.status === "only-a" || f.status === "only-b") out.push(`First divergence: ${where(f)}, only in ${terminalLine(f.status === "only-a" ? run.a : run.b)}`);
  else {
    const [ma, mb] = [msgRef(f.messageA), msgRef(f.messageB)];
    const at = f.message === null ? "" : ma === mb ? `, message #${f.message} (${ma})` : `, message #${f.message}: ${ma} in a, ${mb} in b`;
    out.push(`First divergence: ${where(f)}${f.systemPromptChanged ? ", system prompt" : ""}${at}`);
    if (!o.full && f.patch) out.push(patchText(f.patch, o.color, FIRST_PATCH_LINES));
  }
  if (s.newDifferences > 1) {
    const listed = end.newDifferenceTurns.map((t) => `a#${t.a}/b#${t.b}${t.changedFrom !== null ? ` from #${t.changedFrom}` : ""}`);
    const more = s.newDifferences - listed.length;
    out.push(`New differences in ${plural(s.newDifferences, "turn")}: ${listed.join(", ")}${more > 0 ? `, … ${more} more` : ""}`);
  }
  if (!o.full) out.push("Per-turn diffs: option `full`.");
  return out.join("\n") + "\n";
}

/** The line that says one side is a fork of the other and how much history they share ("" when not). */
function forkLine(run: { a: string; b: string; forkPoint?: SessionDiffRun["forkPoint"] }): string {
  const f = run.forkPoint;
  if (!f) return "";
  const [parent, child] = f.parent === "a" ? ["a", "b"] : ["b", "a"];
  const name = terminalLine(f.parent === "a" ? run.b : run.a);
  const shared = f.turns === 0 ? "no turn" : f.turns === 1 ? `turn ${parent}#0` : `turns ${parent}#0–${parent}#${f.turns - 1}`;
  const what = f.revert ? `continues ${parent} after a revert` : `is a fork of ${parent}`;
  return `${child} (${name}) ${what}: its history starts from ${parent}'s after ${shared} (shared, listed once); the turns after are compared in order.\n`;
}

/** Writes the session diff as it is computed: the JSON document (turns streamed) or the text views. */
export async function writeSessionDiff(
  run: SessionDiffRun,
  o: { json: boolean; full: boolean; color: boolean },
  write: (chunk: string) => void | Promise<void>,
): Promise<SessionDiffEnd> {
  const indent = (json: string) => json.replace(/\n/g, "\n    ");
  const fork = run.forkPoint ? `\n  "forkPoint": ${JSON.stringify(run.forkPoint)},` : "";
  if (o.json)
    await write(`{\n  "schemaVersion": 1,\n  "kind": "turns",\n  "a": ${JSON.stringify(run.a)},\n  "b": ${JSON.stringify(run.b)},${fork}\n  "turns": [`);
  let first = true;
  let r = await run.pairs.next();
  for (; !r.done; r = await run.pairs.next()) {
    if (o.json) await write((first ? "\n    " : ",\n    ") + indent(JSON.stringify(r.value, null, 2)));
    else if (o.full) await write(renderSessionPair(r.value, run, o));
    first = false;
  }
  const end = r.value;
  if (o.json) {
    const tail = JSON.stringify({ same: end.same, summary: end.summary, firstDivergence: end.firstDivergence }, null, 2);
    await write(`${first ? "]" : "\n  ]"},\n${tail.slice(2)}\n`);
  } else await write(renderSessionSummary(end, run, o));
  return end;
}
