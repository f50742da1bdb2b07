// sightline check [--config F] [--update] [--shard i/n]: CI regression over the suites of a config file.
import { join } from "node:path";
import { checkExitCode, runCheck } from "../../app/check.js";
import { shardArg } from "../shard-arg.js";
import { defaultRunDir } from "../../app/write-report.js";
import { checkJunit, checkMarkdown, type CheckDocument } from "../../report/check-report.js";
import { renderRegressions } from "../../report/check.js";
import { redactDeep } from "../../report/redact.js";
import { writeFileAtomic } from "../../io/atomic.js";
import type { Command } from "../command.js";
import { out, err, outJson } from "../output.js";
import { terminalLine } from "../../shared/terminal.js";

export const checkCommand: Command = {
  command: "check",
  describe: "CI regression: replay the suites of sightline.config.json and compare with committed expectations",
  builder: (y) =>
    y
      .option("config", { type: "string", default: "sightline.config.json", describe: "Config file declaring the suites" })
      .option("update", { type: "boolean", default: false, describe: "Accept the current results: rewrite expectations, goldens and baselines" })
      .option("shard", { type: "string", describe: "Check only part i/n of the (suite, session) pairs (1-based)" })
      .option("out", { type: "string", describe: "Run folder for summary.json, summary.md, junit.xml (default: reports/<UTC timestamp>-check/)" })
      .option("json", { type: "boolean", default: false, describe: "Print the check document on stdout" })
      .option("redact", { type: "boolean", describe: "Redact secrets in report files (default on; --no-redact to keep them)" })
      .example("$0 check", "Compare every suite with its expectations")
      .example("$0 check --update", "Accept intended changes (review the diff of the expectation files)"),
  handler: async (a) => {
    const shard = shardArg(a.shard);
    const now = new Date();
    const run = await runCheck({ config: a.config, update: a.update, shard });
    const doc: CheckDocument = { schemaVersion: 1, kind: "check", createdAt: now.toISOString(), config: a.config, update: a.update, suites: run.suites, regressions: run.regressions, diagnostics: run.diagnostics, sessionDiagnostics: run.sessionDiagnostics };
    if (shard) doc.shard = shard;
    const dir = (a.out as string | undefined) ?? defaultRunDir("check", now);
    const shared = a.redact === false ? doc : redactDeep(doc);
    await writeFileAtomic(join(dir, "summary.md"), checkMarkdown(shared));
    await writeFileAtomic(join(dir, "junit.xml"), checkJunit(shared));
    await writeFileAtomic(join(dir, "summary.json"), `${JSON.stringify(shared, null, 2)}\n`);
    for (const d of run.diagnostics) err(`sightline: ${d.severity}: ${terminalLine(d.file)}: ${terminalLine(d.message)}\n`);
    if (a.json) outJson(a.redact === true ? redactDeep(doc) : doc);
    else {
      out(renderRegressions(run.regressions));
      const sessions = run.suites.reduce((n, s) => n + s.sessions.length, 0);
      const turns = run.suites.reduce((n, s) => n + s.sessions.reduce((m, x) => m + x.turns, 0), 0);
      const updated = run.suites.flatMap((s) => s.updated);
      out(
        `${run.regressions.length ? `${run.regressions.length} regression(s)` : "no regressions"} in ${run.suites.length} suite(s), ${sessions} session(s), ${turns} turn(s)` +
          (a.update ? `; updated ${updated.length} file(s)` : "") +
          (run.regressions.length && !a.update ? '\nIf these changes are intended, run "sightline check --update" and commit the updated expectations.' : "") +
          "\n",
      );
    }
    return checkExitCode(run);
  },
};
