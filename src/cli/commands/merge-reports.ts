// sightline merge-reports <dirs..> --out DIR: one report from the shard reports of a CI matrix.
import { mergeReports } from "../../app/merge-reports.js";
import { defaultRunDir, shareable, writeReport } from "../../app/write-report.js";
import { summaryJson } from "../../report/stream.js";
import { renderTerminal } from "../../report/terminal.js";
import { useColor } from "../color.js";
import type { Command } from "../command.js";
import { toolVersion } from "./audit.js";
import { out, err, outRawJson } from "../output.js";

export const mergeReportsCommand: Command = {
  command: "merge-reports <dirs..>",
  describe: "Merge the report folders of audit shards (--shard i/n) into one report",
  builder: (y) =>
    y
      .positional("dirs", { type: "string", array: true, describe: "Report folders, each holding a summary.json" })
      .option("out", { type: "string", describe: "Run folder to write (default: reports/<UTC timestamp>-merge-reports/)" })
      .option("json", { type: "boolean", default: false, describe: "Print the merged summary.json on stdout" })
      .option("redact", { type: "boolean", describe: "Redact secrets in report files (default on; --no-redact to keep them) and in --json output (default off)" })
      .example("$0 merge-reports shard-1 shard-2 shard-3 --out report", "One report from three shards"),
  handler: async (a) => {
    const now = new Date();
    const { result, unreadable } = await mergeReports(a.dirs as string[], { now: () => now, version: toolVersion() });
    const dir = (a.out as string | undefined) ?? defaultRunDir("merge-reports", now);
    const redactFiles = a.redact !== false;
    await writeReport(dir, result, { redact: redactFiles });
    if (a.json) outRawJson(summaryJson(shareable(result, a.redact === true)));
    else out(renderTerminal(shareable(result, redactFiles), { color: useColor(a.color), width: process.stdout.columns, reportDir: dir }));
    for (const d of result.diagnostics.filter((x) => x.code === "APP_REPORT_INVALID")) err(`sightline: ${d.message}\n`);
    // design §4: merge-reports exits 0; an unreadable shard folder is unreadable input (2).
    return unreadable > 0 ? 2 : 0;
  },
};
