// sightline merge-reports <dirs..> --out DIR: one report from the shard reports of a CI matrix (audit or
// check), with the verdict and exit code of the unsharded run. Nothing is written when a folder cannot be
// read: a "merged" report missing a shard's findings would pass for the whole run.
import { outFolderProblem } from "../../io/stat.js";
import { checkAnnotations, checkVerdict } from "../../report/check-report.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { useColor } from "../color.js";
import { defineCommand } from "../command.js";
import { mergeReportsExitCode, EXITS } from "../exit-codes.js";
import { workspacePath } from "../workspace.js";
import { toolVersion } from "../../io/text.js";
import { UsageError } from "../../shared/errors.js";
import { out, err, outJson, outRawJson, tableWidth } from "../output.js";
import { terminalLine } from "../../shared/terminal.js";

const report = (ds: readonly Diagnostic[]) => {
  for (const d of ds) if (d.severity !== "info") err(`sightline: ${d.severity}: ${terminalLine(d.message)}\n`);
};
/** Reports why nothing was merged (unreadable input, docs/product.md §4). */
const fail = (ds: readonly Diagnostic[]): number => {
  report(ds);
  return mergeReportsExitCode({ merged: "nothing" });
};

export const mergeReportsCommand = defineCommand({
  command: "merge-reports <dirs..>",
  describe: "Merge the report folders of audit or check shards (--shard i/n) into one report",
  exits: EXITS.mergeReports,
  builder: (y) =>
    y
      .positional("dirs", { type: "string", array: true, describe: "Report folders, each holding a summary.json (all audit or all check)" })
      .option("out", { type: "string", describe: "Run folder to write (default: reports/merge-reports/, overwritten; with --json: none unless given)" })
      .option("allow-partial", {
        type: "boolean",
        default: false,
        describe: "Merge even when shards of the split are missing (the verdict says partial); without it a missing shard is an error",
      })
      .option("json", { type: "boolean", default: false, describe: "Print the merged summary.json on stdout" })
      .option("redact", {
        type: "boolean",
        describe: "Redact secrets in report files (default on; --no-redact to keep them) and in --json output (default off)",
      })
      .option("annotations", {
        type: "boolean",
        describe: "Check reports: print GitHub workflow annotations and append the summary to $GITHUB_STEP_SUMMARY (default: on under GITHUB_ACTIONS)",
      })
      .example("$0 merge-reports shard-1 shard-2 shard-3 --out report", "One report from three shards")
      .example("$0 merge-reports check-1 check-2", "The verdict and exit code of the unsharded check run"),
  handler: async (a) => {
    const [
      { mergeCheckReports, reportKind },
      { mergeReports },
      { writeCheckReport },
      { shareable, writeReport },
      { renderRegressions },
      { summaryJson },
      { renderTerminal },
    ] = await Promise.all([
      import("../../app/report-folder/merge-check.js"),
      import("../../app/report-folder/merge.js"),
      import("../../app/check/files.js"),
      import("../../app/report-folder/write.js"),
      import("../../report/check.js"),
      import("../../report/stream.js"),
      import("../../report/terminal.js"),
    ]);
    const { dirs } = a;
    const outProblem = a.out !== undefined ? outFolderProblem(String(a.out)) : undefined;
    if (outProblem) throw new UsageError(`--out ${a.out} ${outProblem}`);
    const now = new Date();
    const kinds = await Promise.all(dirs.map(reportKind));
    const unreadable = kinds.filter((k): k is Diagnostic => typeof k !== "string");
    // docs/product.md §4: an unreadable report folder is unreadable input (2), and nothing is merged.
    if (unreadable.length) return fail(unreadable);
    const n = { audit: kinds.filter((k) => k === "audit").length, check: kinds.filter((k) => k === "check").length };
    if (n.audit && n.check) return fail([diag("APP_MERGE_MIXED_KINDS", { file: dirs[0] }, n)]);
    // One stable default folder, overwritten by each merge; --json writes one only when --out names it.
    const dir = a.out ?? (a.json ? undefined : "reports/merge-reports");
    const redactFiles = a.redact !== false;

    if (n.check) {
      const { doc, problems } = await mergeCheckReports(dirs, { allowPartial: a.allowPartial });
      if (!doc) return fail(problems);
      const ci = a.annotations ?? process.env.GITHUB_ACTIONS === "true";
      const stepSummary = ci ? process.env.GITHUB_STEP_SUMMARY || undefined : undefined;
      if (dir !== undefined) await writeCheckReport(dir, doc, { redact: redactFiles, stepSummary });
      report(doc.diagnostics);
      if (a.json) outJson(doc);
      else {
        out(renderRegressions(doc.regressions));
        out(`${checkVerdict(doc)} (merged from ${dirs.length} report(s))\n`);
        if (ci) out(checkAnnotations(doc, workspacePath()));
      }
      if (dir !== undefined)
        err(`sightline: report written to ${dir}/ (summary.md, junit.xml, summary.json)${stepSummary ? "; summary appended to $GITHUB_STEP_SUMMARY" : ""}\n`);
      return mergeReportsExitCode({ merged: "check", doc });
    }

    const { result, unreadable: bad, problems } = await mergeReports(dirs, { now: () => now, version: toolVersion(), allowPartial: a.allowPartial });
    if (bad > 0) return fail(result.diagnostics.filter((x) => x.code === "APP_REPORT_INVALID" || x.code === "UNREADABLE_PATH"));
    if (problems.length) return fail(problems);
    if (dir !== undefined) await writeReport(dir, result, { redact: redactFiles });
    if (a.json) outRawJson(summaryJson(shareable(result, a.redact === true)));
    else out(renderTerminal(shareable(result, redactFiles), { color: useColor(a.color), width: tableWidth(), ...(dir !== undefined && { reportDir: dir }) }));
    report(result.diagnostics.filter((x) => x.code === "APP_MERGE_PARTIAL"));
    if (dir !== undefined) err(`sightline: report written to ${dir}/index.html\n`);
    return mergeReportsExitCode({ merged: "audit", result });
  },
});
