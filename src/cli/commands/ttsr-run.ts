// sightline ttsr run <sessions..> --rules DIR: TTSR replay over recorded sessions (docs/product.md §4, §5).
import Table from "cli-table3";
import { ttsrRun, type TtsrRunDoc } from "../../app/ttsr-run.js";
import { isStdin, STDIN } from "../../io/read.js";
import { parseChunking } from "../../ttsr/chunking.js";
import { comparedRecords, firstDifference, recordedDecision, replayedDecision, type DecisionFields } from "../../ttsr/simulate/agree.js";
import type { SimInjection, SimRecorded, SimTurn } from "../../ttsr/simulate/types.js";
import { unverifiableReason } from "../../shared/codes/ttsr.js";
import { terminalLine } from "../../shared/terminal.js";
import type { Command } from "../command.js";
import { UsageError } from "../usage.js";
import { pathKind } from "../../io/stat.js";
import { out, err, outJson } from "../output.js";
import { formatDiagnostic } from "./ttsr-test.js";

/** The `ttsr` command group: run, test, list, lint as real subcommands (each with its own --help). */
export function ttsrGroup(subcommands: readonly Command[]): Command {
  const nameOf = (c: Command): string => String(Array.isArray(c.command) ? c.command[0] : c.command).split(" ")[0];
  return {
    command: "ttsr",
    describe: `TTSR stream rules (${subcommands.map(nameOf).join(", ")})`,
    subcommands,
    builder: (y) => y,
    handler: async () => {
      throw new UsageError("Name a ttsr subcommand: run, test, list or lint (see sightline ttsr --help).");
    },
  };
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);

export const ttsrRunCommand: Command = {
  command: "run <sessions..>",
  describe: "Replay TTSR rules over recorded sessions and compare with the recorded injections",
  builder: (y) =>
    y
      .positional("sessions", { type: "string", array: true, describe: "Session files, folders or quoted globs (- for stdin)" })
      .option("rules", { type: "string", array: true, describe: "Rule folder (repeatable, highest priority first; required by run)" })
      .option("settings", { type: "string", describe: "TTSR settings JSON (flat or under a ttsr key; default: a settings.json beside each session, else the defaults)" })
      .option("profile", { type: "string", describe: "Format profile (pi: pi|omp17)" })
      .option("ttsr-profile", { choices: ["seed", "v17"] as const, describe: "TTSR behaviour to replay (default: the session's — v17 for omp17 sessions — else seed)" })
      .option("chunking", { type: "string", default: "whole", describe: "Delta synthesis: whole | fixed:N | random:SEED" })
      .option("cwd", { type: "string", describe: "Replay cwd: the agent's cwd for rule paths in templates (default: the folder holding the rules' .omp/, or the session's recorded cwd mapped onto the rules)" })
      .option("home", { type: "string", describe: "Replay home directory (default: the user's)" })
      .option("resumed-at", { type: "string", array: true, describe: "The agent process restarted just before this entry id (repeatable)" })
      .option("regex-budget", { type: "number", default: 2000, describe: "Milliseconds one regex test may take before its rule is excluded (0: no worker)" })
      .option("json", { type: "boolean", default: false, describe: "Print the ttsr run document (schemaVersion 1) only" })
      .example("$0 ttsr run session.jsonl --rules project/.omp/rules --settings settings.json", "Replay a recording with its project's rules (profile and cwd follow the session and the rules)"),
  handler: async (a) => {
    if (list(a.rules).length === 0) throw new UsageError("ttsr run needs --rules DIR");
    // Checked before the replay: a replay without its rules or settings would only print a wrong answer.
    for (const dir of list(a.rules)) {
      const kind = pathKind(dir);
      if (kind === "missing") throw new UsageError(`--rules ${dir}: no such folder`);
      if (kind !== "dir" && !(kind === "file" && /\.(md|mdc)$/.test(dir))) throw new UsageError(`--rules ${dir}: not a rule folder or a *.md rule file`);
    }
    if (a.settings !== undefined && pathKind(String(a.settings)) !== "file") throw new UsageError(`--settings ${a.settings}: ${pathKind(String(a.settings)) === "missing" ? "no such file" : "not a file"}`);
    const chunking = parseChunking(String(a.chunking));
    if (!chunking) throw new UsageError(`--chunking must be whole, fixed:N (N ≥ 1) or random:SEED, not ${JSON.stringify(a.chunking)}`);
    const budgetMs = Number(a.regexBudget);
    if (!Number.isFinite(budgetMs) || budgetMs < 0) throw new UsageError("--regex-budget must be a number of milliseconds ≥ 0");
    // main.ts hands a bare "-" over as STDIN_ARG (yargs cannot carry it); the app layer reads "-" as stdin.
    const sessions = list(a.sessions).map((p) => (isStdin(p) ? STDIN : p));
    const { doc, exitCode } = await ttsrRun(sessions, {
      budgetMs,
      rules: list(a.rules),
      settings: a.settings,
      profile: a.profile,
      ttsrProfile: a.ttsrProfile,
      chunking,
      cwd: a.cwd,
      home: a.home,
      resumedAt: list(a.resumedAt),
    });
    if (a.json) outJson(doc);
    else out(renderTtsrRun(doc));
    for (const d of doc.diagnostics) if (a.json || d.severity !== "info") err(`${formatDiagnostic(d)}\n`);
    return exitCode;
  },
};

const cell = (s: string, max = 60): string => {
  const one = JSON.stringify(s).slice(1, -1);
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

const FIELD: Record<keyof DecisionFields, string> = { rules: "rules", delivery: "delivery", toolCallId: "tool call", deliveredAfter: "delivered after", text: "text" };

const replayedLabel = (x: SimInjection): string => `${x.mode} [${x.rules.join(", ")}]${x.toolCallId ? ` on ${x.toolCallId}` : ""}${x.mode === "deferred" ? (x.deliveredAfter ? ` after ${x.deliveredAfter}` : " never delivered") : ""}`;
const recordedLabel = (r: SimRecorded): string =>
  `${r.delivery ?? r.kind} [${r.rules.join(", ")}]${r.toolCallId ? ` on ${r.toolCallId}` : ""}${r.delivery === "deferred" && r.deliveredAfter ? ` after ${r.deliveredAfter}` : ""} (${r.kind} ${r.entryId})`;

// Where the replayed deliveries and the recorded ones first differ, position by position (delivery order vs file order).
function explainDisagreement(t: SimTurn): string[] {
  const out = [`turn ${t.responseId}: replayed and recorded injections differ`];
  const recorded = comparedRecords(t);
  for (let k = 0; k < Math.max(t.injected.length, recorded.length); k++) {
    const x = t.injected[k];
    const r = recorded[k];
    if (!x || !r) {
      out.push(x ? `  ${k + 1}. replayed ${replayedLabel(x)}: nothing recorded here` : `  ${k + 1}. recorded ${recordedLabel(r as SimRecorded)}: not replayed`);
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

function explainUnverifiable(t: SimTurn): string[] {
  return t.recorded
    .filter((r) => r.unverifiable !== undefined && r.kind !== "ttsr_injection")
    .map((r) => `turn ${t.responseId}: recorded ${recordedLabel(r)} is unverifiable: ${unverifiableReason(r.unverifiable)}`);
}

const PROFILE_FROM: Record<string, string> = { option: "--ttsr-profile", session: "from the session", default: "default: the session shows no TTSR profile" };
const SETTINGS_FROM: Record<string, string> = { option: "--settings", "session-folder": "beside the session" };
const CWD_FROM: Record<string, string> = {
  option: "--cwd",
  recorded: "the session's recorded cwd",
  rules: "the folder holding the rules' .omp/",
  "recorded-name": "the rules' folder named like the session's recorded cwd",
  process: "the current folder",
};

function turnRow(i: number, t: SimTurn): string[] {
  const matches = t.matches.map((m) => `${m.rule} ${m.source}${m.toolCallId ? `:${m.toolCallId}` : ""} @${m.offset} ${m.decision}${m.counterfactual ? " (counterfactual)" : ""}`);
  const injected = t.injected.map((x) => `${x.mode} [${x.rules.join(", ")}]${x.toolCallId ? ` → ${x.toolCallId}` : ""}${x.deliveredAfter ? ` after ${x.deliveredAfter}` : ""}`);
  const recorded = t.recorded.map((r) => `${r.kind} ${r.entryId} [${r.rules.join(", ")}]${r.delivery && r.kind !== "ttsr_injection" ? ` ${r.delivery}` : ""}${r.unverifiable ? " (unverifiable)" : ""}`);
  const agree = t.agree === null ? "n/a" : t.agree === "unverifiable" ? "unverifiable" : t.agree ? "yes" : "NO";
  // Cells hold log text (ids, rule names): escaped per line, the cell's own line breaks kept.
  return [terminalLine(String(i)), terminalLine(t.responseId), terminalLine(t.stopReason ?? ""), matches.map(terminalLine).join("\n"), injected.map(terminalLine).join("\n"), recorded.map(terminalLine).join("\n"), agree];
}

/** The readable per-turn table (plain text: no colour codes). */
export function renderTtsrRun(doc: TtsrRunDoc): string {
  const out: string[] = [];
  const reg = doc.rules.filter((r) => r.registered).map((r) => r.name);
  const other = doc.rules.filter((r) => !r.registered).map((r) => `${r.name} (${r.bucket}${r.reason ? `: ${r.reason}` : ""})`);
  out.push(terminalLine(`rules: ${reg.length ? reg.join(", ") : "none registered"}${other.length ? `; not TTSR: ${other.join(", ")}` : ""}`));
  for (const s of doc.sessions) {
    out.push("", terminalLine(`session ${s.path}${s.format ? ` (${s.format}${s.profile ? ` ${s.profile}` : ""})` : " (not read)"}`));
    if (s.ttsrProfile) {
      out.push(`  TTSR profile ${s.ttsrProfile} (${PROFILE_FROM[s.ttsrProfileFrom ?? ""] ?? s.ttsrProfileFrom})`);
      out.push(`  replay cwd ${terminalLine(s.cwd ?? "")} (${CWD_FROM[s.cwdFrom ?? ""] ?? s.cwdFrom})`);
      out.push(`  settings ${s.settings !== undefined ? `${terminalLine(s.settings)} (${SETTINGS_FROM[s.settingsFrom ?? ""] ?? s.settingsFrom})` : "defaults (no --settings and no settings.json beside the session)"}`);
    }
    if (s.turns.length === 0) {
      out.push("  no assistant turns");
      continue;
    }
    const table = new Table({ head: ["#", "response", "stop", "matches", "injected", "recorded", "agree"], style: { head: [], border: [] } });
    s.turns.forEach((t, i) => table.push(turnRow(i, t)));
    out.push(table.toString());
    const diffs = s.turns.filter((t) => t.agree === false);
    for (const t of diffs) out.push(...explainDisagreement(t));
    const unverifiable = s.turns.filter((t) => t.agree === "unverifiable");
    for (const t of unverifiable) out.push(...explainUnverifiable(t).map(terminalLine));
    const agreeing = s.turns.filter((t) => t.agree === true).length;
    const without = s.turns.length - agreeing - diffs.length - unverifiable.length;
    out.push(`${s.turns.length} turns: ${agreeing} agree, ${diffs.length} disagree${unverifiable.length ? `, ${unverifiable.length} unverifiable (trigger not in the log)` : ""}, ${without} without TTSR evidence`);
  }
  return out.join("\n") + "\n";
}
