// sightline ttsr test [snippet|-]: a snippet through the real matcher, like `omp ttsr test` (docs/product.md §4).
import { isStdin } from "../../io/read.js";
import { MISSING } from "../../io/fs-reason.js";
import { pathKind } from "../../io/stat.js";
import type { RuleSetOptions } from "../../app/ttsr/rules.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { parseChunking, type TtsrMatchSource, type TtsrProfile } from "../../app/options/options.js";
import { defineCommand } from "../command.js";
import { ttsrTestExitCode, EXITS } from "../exit-codes.js";
import { UsageError } from "../../shared/errors.js";
import { out, err, outJson } from "../output.js";
import { terminalLine } from "../../shared/terminal.js";
import { TTSR_PROFILE_CHOICES } from "../profile-help.js";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(String(c)));
  return Buffer.concat(chunks).toString("utf8");
}

export const ttsrTestCommand = defineCommand({
  command: "test [snippet]",
  describe: "Stream a snippet through the matcher: which rules trigger, on which delta",
  exits: EXITS.ttsrTest,
  builder: (y) =>
    y
      .positional("snippet", { type: "string", describe: "Text to test (- or omitted with a pipe: stdin)" })
      .option("rules", { type: "string", array: true, describe: "Rule folder (repeatable, highest priority first; default .omp/rules and ~/.omp/agent/rules)" })
      .option("rule", { type: "string", array: true, describe: "A single rule file (repeatable; ahead of --rules)" })
      .option("builtin-rules", { type: "string", array: true, describe: "Folder standing for the bundled builtin-defaults rules (lowest priority)" })
      .option("source", { choices: ["text", "thinking", "tool"] as const, describe: "Stream the snippet as (default text; tool with --tool)" })
      .option("tool", { type: "string", describe: "Tool name for a tool-argument stream (implies --source tool)" })
      .option("path", { type: "string", array: true, describe: "File path the tool call carries (repeatable; expanded as the agent does)" })
      .option("chunking", { type: "string", default: "whole", describe: "Delta synthesis: whole | fixed:N | random:SEED" })
      .option("settings", { type: "string", describe: "TTSR settings JSON (flat or under a ttsr key)" })
      .option("ttsr-profile", { choices: TTSR_PROFILE_CHOICES, default: "seed" as const, describe: "TTSR behaviour: seed-era code, v17 or v18" })
      .option("agent", { type: "string", describe: "v18: the agent the snippet comes from, for `agents` scoping (default: no scoping)" })
      .option("cwd", { type: "string", describe: "The agent's cwd (default: current directory)" })
      .option("home", { type: "string", describe: "The agent's home directory (default: the user's)" })
      .option("regex-budget", { type: "number", default: 2000, describe: "Milliseconds one regex test may take before its rule is excluded (0: no worker)" })
      .option("json", { type: "boolean", default: false, describe: "Print the JSON document (schemaVersion 1) only" })
      .example('$0 ttsr test "const x: any = 1" --rules .omp/rules', "Does any prose rule fire on this text?")
      .example('$0 ttsr test \'{"path":"src/a.ts","content":"any"}\' --tool edit --path src/a.ts', "A tool-argument stream with a path scope")
      .example("cat draft.md | $0 ttsr test - --chunking random:7 --ttsr-profile v17", "Stdin, streamed in seeded random chunks"),
  handler: async (a) => {
    const { runTtsrTest } = await import("../../app/ttsr/rules.js");
    const chunking = parseChunking(String(a.chunking));
    if (!Number.isFinite(Number(a.regexBudget)) || Number(a.regexBudget) < 0) throw new UsageError("--regex-budget must be a number of milliseconds ≥ 0");
    if (!chunking) throw new UsageError(`--chunking must be whole, fixed:N (N ≥ 1) or random:SEED, not ${JSON.stringify(a.chunking)}`);
    if (a.source !== undefined && a.source !== "tool" && a.tool !== undefined) throw new UsageError("--tool needs --source tool (or no --source)");
    const source: TtsrMatchSource = a.tool !== undefined ? "tool" : (a.source ?? "text");
    let text: string;
    if (a.snippet === undefined || isStdin(a.snippet)) {
      if (a.snippet === undefined && process.stdin.isTTY) throw new UsageError("ttsr test: give a snippet, or - to read stdin");
      text = await readStdin();
    } else text = String(a.snippet);
    const r = await runTtsrTest({
      ...ruleSetOptions(a),
      text,
      source,
      ...(a.tool !== undefined ? { tool: String(a.tool) } : {}),
      paths: strings(a.path),
      chunking,
      budgetMs: Number(a.regexBudget),
    });
    if (!r.doc) throw unreadableRules(r.unreadable ?? "");
    const doc = r.doc;
    if (a.json) {
      outJson(doc);
      return ttsrTestExitCode(doc);
    }
    const ctx = terminalLine(
      [
        doc.profile,
        doc.context.source,
        doc.context.toolName ? `tool ${doc.context.toolName}` : "",
        `chunking ${doc.chunking}`,
        `${doc.deltas} delta${doc.deltas === 1 ? "" : "s"}`,
      ]
        .filter(Boolean)
        .join(", "),
    );
    const registered = doc.rules.filter((x) => x.registered).length;
    if (doc.triggered) {
      out(`Triggered ${doc.matches.length} rule${doc.matches.length === 1 ? "" : "s"} (${ctx}; ${registered} registered):\n`);
      for (const m of doc.matches)
        out(
          `  ${terminalLine(m.rule)}  ${terminalLine(m.path)}  at delta ${m.delta}, offset ${m.offset}${m.interruptMode ? `, interruptMode ${m.interruptMode}` : ""}\n`,
        );
    } else out(`No rule triggered (${ctx}; ${registered} registered).\n`);
    printDiagnostics(doc.diagnostics, false);
    return ttsrTestExitCode(doc);
  },
});

// ── shared by ttsr list and ttsr lint ──
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);

/** The rule-set options ttsr test, list and lint declare alike. */
export interface RuleSetArgs {
  rules?: string[];
  rule?: string[];
  builtinRules?: string[];
  settings?: string;
  ttsrProfile?: TtsrProfile;
  cwd?: string;
  home?: string;
  agent?: string;
}

export function ruleSetOptions(a: RuleSetArgs): RuleSetOptions {
  const o: RuleSetOptions = {
    rules: strings(a.rules),
    ruleFiles: strings(a.rule),
    builtinRules: strings(a.builtinRules),
    ttsrProfile: a.ttsrProfile ?? "seed",
  };
  if (a.settings !== undefined) o.settingsFile = String(a.settings);
  if (a.cwd !== undefined) o.cwd = String(a.cwd);
  if (a.home !== undefined) o.home = String(a.home);
  if (a.agent !== undefined) o.agent = String(a.agent);
  return o;
}

/** One finding per line; file names, codes and messages carry input text, so they are escaped. */
export const formatDiagnostic = (d: Diagnostic): string => terminalLine(`${d.file}${d.line ? `:${d.line}` : ""}: ${d.severity} ${d.code}: ${d.message}`);

/** Diagnostics go to stderr (infos only when asked). */
/** The usage error for a rule folder or settings file that cannot be read (the one wording of a missing path). */
export function unreadableRules(path: string): UsageError {
  const kind = pathKind(path);
  return new UsageError(`cannot read ${path}: ${kind === "missing" ? MISSING : kind === "dir" ? "is a folder" : "not readable"}`);
}

export function printDiagnostics(ds: readonly Diagnostic[], withInfo: boolean): void {
  for (const d of ds) if (withInfo || d.severity !== "info") err(formatDiagnostic(d) + "\n");
}
