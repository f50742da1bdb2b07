// sightline audit <paths..>: a report folder (index.html, summary.json, summary.md, junit.xml, sessions/) for a corpus.
// The audit and the report writers are imported by the handler: --help and the other commands do not load them.
import { resolve } from "node:path";
import { parseChunking } from "../../app/options/options.js";
import { shardArg } from "../shard-arg.js";
import { renderAnnotations } from "../../report/annotations.js";
import { renderJson } from "../../report/json.js";
import { useColor } from "../color.js";
import { defineCommand } from "../command.js";
import { auditExitCode, EXITS } from "../exit-codes.js";
import { progressBar } from "../progress.js";
import { UsageError } from "../../shared/errors.js";
import { outFolderProblem, pathKind } from "../../io/stat.js";
import { toolVersion } from "../../io/text.js";
import { out, err, outRawJson, tableWidth } from "../output.js";
import { terminalLine } from "../../shared/terminal.js";
import { profileOption, TTSR_PROFILE_CHOICES } from "../profile-help.js";
import { holdHeapGrowth } from "../../app/workers/young-heap.js";

export const auditCommand = defineCommand({
  command: "audit <paths..>",
  describe: "Audit a corpus of sessions into a report folder: formats, loader verdicts, turns, compactions, TTSR evidence",
  exits: EXITS.audit,
  builder: (y) =>
    y
      .positional("paths", { type: "string", array: true, describe: "Session files, folders, quoted globs, or - for stdin" })
      .option("out", { type: "string", describe: "Run folder to write (default: reports/<UTC timestamp>-audit/)" })
      .option("rules", {
        type: "string",
        array: true,
        describe: "TTSR rule folder(s), highest priority first: replay them and compare with the recorded evidence",
      })
      .option("settings", {
        type: "string",
        describe: "TTSR settings JSON (docs/ttsr.md §8.1 keys, flat or under ttsr; default: a settings.json beside each session)",
      })
      .option("ttsr-profile", {
        choices: TTSR_PROFILE_CHOICES,
        describe: "TTSR behaviour to replay (default: each session's — v17 for omp17, v18 for omp18 sessions — else seed)",
      })
      .option("agent", { type: "string", describe: "v18: the agent a session ran as when it does not record it (default: main)" })
      .option("verdicts", { type: "string", describe: "v18: judged-rule verdicts JSON to replay judged rules with (with --rules)" })
      .option("chunking", { type: "string", default: "whole", describe: "How recorded output is streamed to the matcher: whole | fixed:N | random:SEED" })
      .option("cwd", {
        type: "string",
        describe:
          "Replay cwd: rule paths in injected text are shown relative to it (default: the folder holding the rules' .omp/, or the session's recorded cwd mapped onto the rules)",
      })
      .option("home", { type: "string", describe: "Replay home folder for rule paths (default: the user's)" })
      .option("profile", profileOption("for every session; default: detected per file"))
      .option("tokens", { choices: ["estimate", "exact"] as const, default: "estimate" as const, describe: "Token counting" })
      .option("fail-on", { choices: ["error", "warning", "none"] as const, default: "error" as const, describe: "Which findings make the exit code 1" })
      .option("shard", { type: "string", describe: "Audit only part i/n of the corpus (1-based; deterministic by sorted path)" })
      .option("json", { type: "boolean", default: false, describe: "Print the canonical result on stdout (not redacted unless --redact)" })
      .option("redact", {
        type: "boolean",
        describe: "Redact secrets in report files (default on; --no-redact to keep them) and in --json output (default off)",
      })
      .option("annotations", { type: "boolean", describe: "Print GitHub workflow annotations (default: on under GITHUB_ACTIONS)" })
      .option("workers", { type: "number", describe: "Worker threads (default: one per core; 0 runs in-process)" })
      .example("$0 audit fixtures", "Report on the bundled fixtures under reports/")
      .example("$0 audit 'logs/**/*.jsonl' --out report --fail-on warning", "A CI gate on warnings")
      .example("$0 audit logs --shard 2/4 --out shard-2", "One part of a CI matrix (merge with merge-reports)"),
  handler: async (a) => {
    const shard = shardArg(a.shard);
    if (parseChunking(String(a.chunking)) === undefined) throw new UsageError(`--chunking must be whole, fixed:N or random:SEED, got "${a.chunking}"`);
    if (a.workers !== undefined && (!Number.isInteger(a.workers) || a.workers < 0)) throw new UsageError("--workers must be a whole number >= 0");
    if (a.verdicts !== undefined) {
      const { verdictsProblem } = await import("../../app/ttsr/verdicts.js");
      const bad = pathKind(String(a.verdicts)) === "dir" ? `--verdicts ${a.verdicts}: not a file` : verdictsProblem(String(a.verdicts));
      if (bad) throw new UsageError(bad);
    }
    // Checked before the audit: a run folder that cannot be written would only fail after all the work.
    const outProblem = a.out !== undefined ? outFolderProblem(String(a.out)) : undefined;
    if (outProblem) throw new UsageError(`--out ${a.out} ${outProblem}`);
    const { runAudit } = await import("../../app/audit/audit.js");
    // The report writer loads while the workers start and audit (this thread mostly waits for them then).
    const writer = import("../../app/report-folder/write.js");
    writer.catch(() => undefined); // awaited below: a failure is thrown there, not left unhandled
    const now = new Date();
    const bar = progressBar("audit", process.stderr.isTTY === true);
    // This thread only feeds the workers and writes the report: its heap need not grow (young-heap.ts).
    holdHeapGrowth();
    const run = await runAudit({
      paths: a.paths,
      rules: a.rules,
      settings: a.settings,
      ttsrProfile: a.ttsrProfile,
      agent: a.agent,
      verdicts: a.verdicts,
      chunking: a.chunking,
      cwd: a.cwd !== undefined ? resolve(a.cwd) : undefined,
      home: a.home !== undefined ? resolve(a.home) : undefined,
      profile: a.profile,
      tokens: a.tokens,
      failOn: a.failOn,
      shard,
      workers: a.workers,
      // The redacted report is written from each session's pieces; full sessions only for --json or --no-redact.
      keepSessions: a.json === true || a.redact === false,
      now: () => now,
      version: toolVersion(),
      onProgress: (d, t) => bar.update(d, t),
    });
    bar.stop();
    const { defaultRunDir, shareable, writeReport } = await writer;
    const { result } = run;
    // Nothing could be read at all (a mistyped path): said on stderr, and no report folder is left behind.
    if (result.sessions.length === 0 && run.unreadableInputs > 0) {
      for (const d of result.diagnostics) err(`sightline: ${terminalLine(d.message)}\n`);
      return auditExitCode(run, { failOn: a.failOn });
    }
    const dir = a.out ?? defaultRunDir("audit", now);
    const redactFiles = a.redact !== false;
    await writeReport(dir, result, { redact: redactFiles });
    if (a.json) outRawJson(renderJson(shareable(result, a.redact === true)));
    else {
      const { renderTerminal } = await import("../../report/terminal.js");
      out(renderTerminal(shareable(result, redactFiles), { color: useColor(a.color), width: tableWidth(), reportDir: dir }));
      if (a.annotations ?? process.env.GITHUB_ACTIONS === "true") out(renderAnnotations(shareable(result, redactFiles)));
    }
    err(`sightline: report written to ${terminalLine(dir)}/index.html\n`);
    return auditExitCode(run, { failOn: a.failOn });
  },
});
