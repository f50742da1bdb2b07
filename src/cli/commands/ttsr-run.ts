// sightline ttsr run <sessions..> --rules DIR: TTSR replay over recorded sessions (design §4, §5).
import Table from "cli-table3";
import { ttsrRun, type TtsrRunDoc } from "../../app/ttsr-run.js";
import { isStdin, STDIN } from "../../io/read.js";
import { parseChunking } from "../../ttsr/chunking.js";
import type { SimTurn } from "../../ttsr/simulate/types.js";
import type { Command } from "../command.js";
import { UsageError } from "../usage.js";
import { pathKind } from "../../io/stat.js";
import { out, err, outJson } from "../output.js";
import { terminalLine } from "../../shared/terminal.js";
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
      .option("settings", { type: "string", describe: "TTSR settings JSON (flat or under a ttsr key)" })
      .option("profile", { type: "string", describe: "Format profile (pi: pi|omp17)" })
      .option("ttsr-profile", { choices: ["seed", "v17"] as const, default: "seed" as const, describe: "TTSR behaviour to replay" })
      .option("chunking", { type: "string", default: "whole", describe: "Delta synthesis: whole | fixed:N | random:SEED" })
      .option("cwd", { type: "string", describe: "Replay cwd: the agent's cwd for rule paths in templates (default: current directory)" })
      .option("home", { type: "string", describe: "Replay home directory (default: the user's)" })
      .option("resumed-at", { type: "string", array: true, describe: "The agent process restarted just before this entry id (repeatable)" })
      .option("regex-budget", { type: "number", default: 2000, describe: "Milliseconds one regex test may take before its rule is excluded (0: no worker)" })
      .option("json", { type: "boolean", default: false, describe: "Print the ttsr run document (schemaVersion 1) only" })
      .example("$0 ttsr run ../session.jsonl --rules .omp/rules --settings ../settings.json --ttsr-profile v17", "Replay a session's rules from the project folder"),
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

// Where a replayed injection and the recorded one with the same rules first differ (or which side is missing).
function explainDisagreement(t: SimTurn): string[] {
  const out = [`turn ${t.responseId}: replayed and recorded injections differ`];
  const recorded = t.recorded.filter((r) => r.text !== undefined);
  const used = new Set<number>();
  for (const x of t.injected) {
    const i = recorded.findIndex((r, k) => !used.has(k) && r.rules.join("\0") === x.rules.join("\0"));
    if (i < 0) {
      out.push(`  replayed ${x.mode} [${x.rules.join(", ")}] has no recorded counterpart`);
      continue;
    }
    used.add(i);
    const r = recorded[i];
    const text = r.text ?? "";
    if (text === x.text) continue;
    let at = 0;
    while (at < x.text.length && at < text.length && x.text[at] === text[at]) at++;
    const from = Math.max(0, at - 10);
    out.push(`  ${x.mode} [${x.rules.join(", ")}] vs ${r.kind} ${r.entryId}: first difference at character ${at}`);
    out.push(`    replayed: …${cell(x.text.slice(from), 70)}`, `    recorded: …${cell(text.slice(from), 70)}`);
  }
  recorded.forEach((r, k) => {
    if (!used.has(k)) out.push(`  recorded ${r.kind} ${r.entryId} [${r.rules.join(", ")}] was not replayed`);
  });
  return out.map(terminalLine);
}

function turnRow(i: number, t: SimTurn): string[] {
  const matches = t.matches.map((m) => `${m.rule} ${m.source}${m.toolCallId ? `:${m.toolCallId}` : ""} @${m.offset} ${m.decision}${m.counterfactual ? " (counterfactual)" : ""}`);
  const injected = t.injected.map((x) => `${x.mode} [${x.rules.join(", ")}]${x.toolCallId ? ` → ${x.toolCallId}` : ""}${x.deliveredAfter ? ` after ${x.deliveredAfter}` : ""}`);
  const recorded = t.recorded.map((r) => `${r.kind} ${r.entryId} [${r.rules.join(", ")}]`);
  const agree = t.agree === null ? "n/a" : t.agree ? "yes" : "NO";
  // Cells hold log text (ids, rule names): escaped per line, the cell's own line breaks kept.
  return [String(i), t.responseId, t.stopReason ?? "", matches.map(terminalLine).join("\n"), injected.map(terminalLine).join("\n"), recorded.map(terminalLine).join("\n"), agree].map((c, k) => (k >= 3 && k <= 5 ? c : terminalLine(c)));
}

/** The readable per-turn table (plain text: no colour codes). */
export function renderTtsrRun(doc: TtsrRunDoc): string {
  const out: string[] = [];
  const reg = doc.rules.filter((r) => r.registered).map((r) => r.name);
  const other = doc.rules.filter((r) => !r.registered).map((r) => `${r.name} (${r.bucket}${r.reason ? `: ${r.reason}` : ""})`);
  out.push(terminalLine(`rules: ${reg.length ? reg.join(", ") : "none registered"}${other.length ? `; not TTSR: ${other.join(", ")}` : ""}`));
  for (const s of doc.sessions) {
    out.push("", terminalLine(`session ${s.path}${s.format ? ` (${s.format}${s.profile ? ` ${s.profile}` : ""})` : " (not read)"}`));
    if (s.turns.length === 0) {
      out.push("  no assistant turns");
      continue;
    }
    const table = new Table({ head: ["#", "response", "stop", "matches", "injected", "recorded", "agree"], style: { head: [], border: [] } });
    s.turns.forEach((t, i) => table.push(turnRow(i, t)));
    out.push(table.toString());
    const diffs = s.turns.filter((t) => t.agree === false);
    for (const t of diffs) out.push(...explainDisagreement(t));
    const agreeing = s.turns.filter((t) => t.agree === true).length;
    out.push(`${s.turns.length} turns: ${agreeing} agree, ${diffs.length} disagree, ${s.turns.length - agreeing - diffs.length} without TTSR evidence`);
  }
  return out.join("\n") + "\n";
}
