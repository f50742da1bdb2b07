// The readable `ttsr run` output: the rules, then per session where the replay came from and a per-turn table of
// matches, replayed and recorded injections, and why replayed and recorded deliveries disagree.
import { fitTable } from "./table-fit.js";
import { unverifiableReason } from "../shared/codes/ttsr.js";
import { diag } from "../shared/diagnostics.js";
import { terminalLine } from "../shared/terminal.js";
import { comparedRecords, firstDifference, recordedDecision, replayedDecision, type DecisionFields } from "../ttsr/simulate/agree.js";
import type { TtsrRunDoc } from "../ttsr/simulate/run-doc.js";
import type { SimInjection, SimRecorded, SimTurn } from "../ttsr/simulate/types.js";

const cell = (s: string, max = 60): string => {
  const one = JSON.stringify(s).slice(1, -1);
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

const FIELD: Record<keyof DecisionFields, string> = {
  rules: "rules",
  delivery: "delivery",
  toolCallId: "tool call",
  deliveredAfter: "delivered after",
  text: "text",
};

const replayedLabel = (x: SimInjection): string =>
  `${x.mode} [${x.rules.join(", ")}]${x.toolCallId ? ` on ${x.toolCallId}` : ""}${x.mode === "deferred" ? (x.deliveredAfter ? ` after ${x.deliveredAfter}` : " never delivered") : ""}`;
const recordedLabel = (r: SimRecorded): string =>
  `${r.delivery ?? r.kind} [${r.rules.join(", ")}]${r.toolCallId ? ` on ${r.toolCallId}` : ""}${r.delivery === "deferred" && r.deliveredAfter ? ` after ${r.deliveredAfter}` : ""} (${r.kind} ${r.entryId})`;

/** Where the replayed deliveries and the recorded ones first differ, position by position (delivery order vs file
 * order); `index` is the turn's index (replay --turn, the table's #). */
export function explainDisagreement(t: SimTurn, index: number): string[] {
  const out = [`turn ${index} (response ${t.responseId}): replayed and recorded injections differ`];
  const recorded = comparedRecords(t);
  for (let k = 0; k < Math.max(t.injected.length, recorded.length); k++) {
    const x = t.injected[k];
    const r = recorded[k];
    if (!x || !r) {
      if (x) out.push(`  ${k + 1}. replayed ${replayedLabel(x)}: nothing recorded here`);
      else if (r) out.push(`  ${k + 1}. recorded ${recordedLabel(r)}: not replayed`);
      continue;
    }
    const a = replayedDecision(x);
    const b = recordedDecision(r);
    const field = firstDifference(a, b);
    if (field === undefined) continue;
    out.push(`  ${k + 1}. replayed ${replayedLabel(x)} vs recorded ${recordedLabel(r)}: ${FIELD[field]} differs`);
    if (field !== "text") continue;
    const text = b.text ?? "";
    let at = 0;
    while (at < x.text.length && at < text.length && x.text[at] === text[at]) at++;
    const from = Math.max(0, at - 10);
    out.push(`     first difference at character ${at}`, `     replayed: …${cell(x.text.slice(from), 70)}`, `     recorded: …${cell(text.slice(from), 70)}`);
  }
  return out.map(terminalLine);
}

function explainUnverifiable(t: SimTurn, index: number): string[] {
  return t.recorded
    .filter((r) => r.unverifiable !== undefined && r.kind !== "ttsr_injection")
    .map((r) => `turn ${index} (response ${t.responseId}): recorded ${recordedLabel(r)} is unverifiable: ${unverifiableReason(r.unverifiable)}`);
}

const PROFILE_FROM: Record<string, string> = {
  option: "option `ttsrProfile`",
  session: "from the session",
  rules: "the session fits v17 and v18; its rules use keys only v18 reads",
  default: "default: the session shows no TTSR profile",
};
const SETTINGS_FROM: Record<string, string> = { option: "option `settings`", "session-folder": "beside the session" };
const CWD_FROM: Record<string, string> = {
  option: "option `cwd`",
  recorded: "the session's recorded cwd",
  rules: "the folder holding the rules' .omp/",
  "recorded-name": "the rules' folder named like the session's recorded cwd",
  process: "the current folder",
};

function turnRow(i: number, t: SimTurn): string[] {
  const matches = t.matches.map(
    (m) => `${m.rule} ${m.source}${m.toolCallId ? ` (call ${m.toolCallId})` : ""} @${m.offset} ${m.decision}${m.counterfactual ? " (counterfactual)" : ""}`,
  );
  const injected = t.injected.map(
    (x) => `${x.mode} [${x.rules.join(", ")}]${x.toolCallId ? ` → ${x.toolCallId}` : ""}${x.deliveredAfter ? ` after ${x.deliveredAfter}` : ""}`,
  );
  const recorded = t.recorded.map(
    (r) =>
      `${r.kind} ${r.entryId} [${r.rules.join(", ")}]${r.delivery && r.kind !== "ttsr_injection" ? ` ${r.delivery}` : ""}${r.unverifiable ? " (unverifiable)" : ""}`,
  );
  const agree = t.agree === null ? "n/a" : t.agree === "unverifiable" ? "unverifiable" : t.agree ? "yes" : "NO";
  // Cells hold log text (ids, rule names): escaped per line, the cell's own line breaks kept.
  return [
    terminalLine(String(i)),
    terminalLine(t.responseId),
    terminalLine(t.stopReason ?? ""),
    matches.map(terminalLine).join("\n"),
    injected.map(terminalLine).join("\n"),
    recorded.map(terminalLine).join("\n"),
    agree,
  ];
}

const AGENT_FROM: Record<string, string> = {
  session: "recorded in the session",
  option: "option `agent`",
  default: "top-level session: none recorded, no option `agent`",
};

/** A counterfactual session's turns: no recorded side, so no "recorded" or "agree" column; the turns that would inject. */
function counterfactualTurns(turns: readonly SimTurn[], o: { width?: number; full?: boolean }): string[] {
  const indexed = turns.map((t, i) => [i, t] as const);
  const injecting = indexed.filter(([, t]) => t.injected.length > 0);
  const rows = o.full ? indexed : injecting;
  const out: string[] = [];
  if (rows.length > 0)
    out.push(
      fitTable(
        { head: ["#", "response", "stop", "matches", "would inject"], style: { head: [], border: [] } },
        rows.map(([i, t]) => turnRow(i, t).slice(0, 5)),
        { width: o.width, flex: [1, 3, 4] },
      ),
    );
  const every = o.full || injecting.length === turns.length ? "" : " (every turn: option `full`)";
  out.push(`${turns.length} turns replayed counterfactually: ${injecting.length} would inject${every}`);
  return out;
}

/** The readable output (plain text: no colour codes): per session its setup, the disagreements and unverifiable
 * turns explained, and a one-line count; `full` adds the per-turn table of every turn. */
export function renderTtsrRun(doc: TtsrRunDoc, o: { width?: number; full?: boolean } = {}): string {
  const out: string[] = [];
  const reg = doc.rules.filter((r) => r.registered).map((r) => r.name);
  const other = doc.rules.filter((r) => !r.registered).map((r) => `${r.name} (${r.bucket}${r.reason ? `: ${r.reason}` : ""})`);
  out.push(terminalLine(`rules: ${reg.length ? reg.join(", ") : "none registered"}${other.length ? `; not TTSR: ${other.join(", ")}` : ""}`));
  for (const s of doc.sessions) {
    out.push("", terminalLine(`session ${s.path}${s.format ? ` (${s.format}${s.profile ? ` ${s.profile}` : ""})` : " (not read)"}`));
    if (s.ttsrProfile) {
      out.push(`  TTSR profile ${s.ttsrProfile} (${PROFILE_FROM[s.ttsrProfileFrom ?? ""] ?? s.ttsrProfileFrom})`);
      out.push(`  replay cwd ${terminalLine(s.cwd ?? "")} (${CWD_FROM[s.cwdFrom ?? ""] ?? s.cwdFrom})`);
      out.push(
        `  settings ${s.settings !== undefined ? `${terminalLine(s.settings)} (${SETTINGS_FROM[s.settingsFrom ?? ""] ?? s.settingsFrom})` : "defaults (no option `settings` and no settings.json beside the session)"}`,
      );
      // v18 only: the agent `agents` scoping used, and where judged rules got their answers (docs/ttsr.md §18.2, §18.6).
      if (s.agent !== undefined) out.push(terminalLine(`  agent ${s.agent} (${AGENT_FROM[s.agentFrom ?? ""] ?? s.agentFrom})`));
      if (s.verdicts !== undefined) out.push(terminalLine(`  judged-rule verdicts ${s.verdicts}`));
    }
    if (s.counterfactual) out.push(`  ${terminalLine(diag("TTSR_COUNTERFACTUAL", { file: s.path }, { format: s.format ?? "" }).message)}`);
    if (s.turns.length === 0) {
      out.push("  no assistant turns");
      continue;
    }
    if (s.counterfactual) {
      out.push(...counterfactualTurns(s.turns, o));
      continue;
    }
    const indexed = s.turns.map((t, i) => [i, t] as const);
    const diffs = indexed.filter(([, t]) => t.agree === false);
    const unverifiable = indexed.filter(([, t]) => t.agree === "unverifiable");
    // Without --full, only the turns that need a look: disagreements and unverifiable evidence.
    const rows = o.full ? indexed : [...diffs, ...unverifiable].sort((a, b) => a[0] - b[0]);
    const head = ["#", "response", "stop", "matches", "injected", "recorded", "agree"];
    if (rows.length > 0)
      out.push(
        fitTable(
          { head, style: { head: [], border: [] } },
          rows.map(([i, t]) => turnRow(i, t)),
          { width: o.width, flex: [1, 3, 4, 5] },
        ),
      );
    for (const [i, t] of diffs) out.push(...explainDisagreement(t, i));
    for (const [i, t] of unverifiable) out.push(...explainUnverifiable(t, i).map(terminalLine));
    const agreeing = s.turns.filter((t) => t.agree === true).length;
    const without = s.turns.length - agreeing - diffs.length - unverifiable.length;
    out.push(
      `${s.turns.length} turns: ${agreeing} agree, ${diffs.length} disagree${unverifiable.length ? `, ${unverifiable.length} unverifiable (why: the lines above)` : ""}, ${without} without TTSR evidence${o.full || s.turns.length === diffs.length + unverifiable.length ? "" : " (every turn: option `full`)"}`,
    );
  }
  return out.join("\n") + "\n";
}
