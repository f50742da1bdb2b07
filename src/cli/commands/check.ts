// sightline check [--config F] [--update] [--shard i/n]: CI regression over the suites of a config file.
import { MISSING } from "../../io/fs-reason.js";
import { shardArg } from "../shard-arg.js";
import { checkAnnotations, checkVerdict, type CheckDocument } from "../../report/check-report.js";
import { redactDeep } from "../../report/redact.js";
import { outFolderProblem, pathKind } from "../../io/stat.js";
import { defineCommand } from "../command.js";
import { checkExitCode, EXITS } from "../exit-codes.js";
import { workspacePath } from "../workspace.js";
import { UsageError } from "../../shared/errors.js";
import { out, err, outJson } from "../output.js";
import { terminalLine } from "../../shared/terminal.js";
import { isFidelityFinding } from "../../shared/diagnostics.js";

/** Checked before any replay: a config that is not a file is a usage error, never a verdict. */
function configProblem(config: string, given: boolean): string | undefined {
  const kind = pathKind(config);
  if (kind === "file") return undefined;
  if (kind === "missing") return given ? `--config ${config}: ${MISSING}` : `no ${config} in this folder (pass --config FILE)`;
  return kind === "dir"
    ? `--config ${config} is a folder; name the config file in it (e.g. ${config.replace(/\/+$/, "")}/sightline.config.json)`
    : `--config ${config} is not a file`;
}

/** The report folder when --out names none: the same one every run (a CI step uploads one path). */
const CHECK_DIR = "reports/check";

export const checkCommand = defineCommand({
  command: "check",
  describe: "CI regression: replay the suites of sightline.config.json and compare with committed expectations",
  exits: EXITS.check,
  builder: (y) =>
    y
      .option("config", { type: "string", describe: "Config file declaring the suites (default: sightline.config.json)" })
      .option("update", { type: "boolean", default: false, describe: "Accept the current results: rewrite expectations, goldens and baselines" })
      .option("shard", { type: "string", describe: "Check only part i/n of the (suite, session) pairs (1-based; merge the outputs with merge-reports)" })
      .option("out", {
        type: "string",
        describe: "Run folder for summary.json, summary.md, junit.xml (default: reports/check/, overwritten; with --json: none unless given)",
      })
      .option("json", { type: "boolean", default: false, describe: "Print the check document on stdout" })
      .option("redact", { type: "boolean", describe: "Redact secrets in report files (default on; --no-redact to keep them)" })
      .option("annotations", {
        type: "boolean",
        describe: "Print GitHub workflow annotations and append the summary to $GITHUB_STEP_SUMMARY (default: on under GITHUB_ACTIONS)",
      })
      .example("$0 check", "Compare every suite with its expectations")
      .example("$0 check --update", "Accept intended changes (review the diff of the expectation files)")
      .example("$0 check --shard 1/2 --out shard-1", "One part of a CI matrix (merge with merge-reports)"),
  handler: async (a) => {
    const [{ runCheck }, { writeCheckReport }, { renderRegressions }] = await Promise.all([
      import("../../app/check/check.js"),
      import("../../app/check/files.js"),
      import("../../report/check.js"),
    ]);
    const shard = shardArg(a.shard);
    const config = a.config ?? "sightline.config.json";
    const bad = configProblem(config, a.config !== undefined);
    if (bad) throw new UsageError(bad);
    const outProblem = a.out !== undefined ? outFolderProblem(String(a.out)) : undefined;
    if (outProblem) throw new UsageError(`--out ${a.out} ${outProblem}`);
    const now = new Date();
    const run = await runCheck({ config, update: a.update, shard });
    const doc: CheckDocument = {
      schemaVersion: 1,
      kind: "check",
      createdAt: now.toISOString(),
      config,
      update: a.update,
      suites: run.suites,
      regressions: run.regressions,
      diagnostics: run.diagnostics,
      sessionDiagnostics: run.sessionDiagnostics,
    };
    if (shard) doc.shard = shard;
    // One stable default folder, overwritten by each run; --json writes a folder only when --out asks for one, and
    // a run that could not start (no usable config) writes none.
    const started = run.suites.length > 0;
    const dir = a.out ?? (a.json || !started ? undefined : CHECK_DIR);
    const ci = a.annotations ?? process.env.GITHUB_ACTIONS === "true";
    const stepSummary = ci && started ? process.env.GITHUB_STEP_SUMMARY || undefined : undefined;
    if (dir !== undefined && started) await writeCheckReport(dir, doc, { redact: a.redact !== false, stepSummary });
    // A recording newer than every profile is replayed with older rules: say so, not only in the report.
    for (const d of [...run.diagnostics, ...run.sessionDiagnostics.filter(isFidelityFinding)])
      err(`sightline: ${d.severity}: ${terminalLine(d.file)}: ${terminalLine(d.message)}\n`);
    if (a.json) outJson(a.redact === true ? redactDeep(doc) : doc);
    else {
      out(renderRegressions(run.regressions));
      const updated = run.suites.flatMap((s) => s.updated);
      out(
        checkVerdict(doc) +
          (a.update ? `; updated ${updated.length} file(s)` : "") +
          (run.regressions.length && !a.update ? '\nIf these changes are intended, run "sightline check --update" and commit the updated expectations.' : "") +
          "\n",
      );
      if (ci) out(checkAnnotations(a.redact === false ? doc : redactDeep(doc), workspacePath()));
    }
    if (dir !== undefined && started)
      err(`sightline: report written to ${dir}/ (summary.md, junit.xml, summary.json)${stepSummary ? "; summary appended to $GITHUB_STEP_SUMMARY" : ""}\n`);
    return checkExitCode(doc);
  },
});
