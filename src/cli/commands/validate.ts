// sightline validate <paths..>: declare, normalize, call validatePaths, render.
import { useColor } from "../color.js";
import { progressBar } from "../progress.js";
import { defineCommand } from "../command.js";
import { validateExitCode, EXITS } from "../exit-codes.js";
import { out, err, outJson, tableWidth } from "../output.js";
import { terminalLine } from "../../shared/terminal.js";
import { isFormatProfile, profileNames } from "../../app/options/options.js";
import { UsageError } from "../../shared/errors.js";
import { profileOption, TTSR_PROFILE_CHOICES } from "../profile-help.js";

export const validateCommand = defineCommand({
  command: "validate <paths..>",
  describe: "Check session logs, rule files, capsules, settings and config files: schemas, invariants, loader verdicts",
  exits: EXITS.validate,
  builder: (y) =>
    y
      .positional("paths", { type: "string", array: true, describe: "Files, folders, quoted globs, or - for stdin" })
      .option("json", { type: "boolean", default: false, describe: "Print the JSON document (schemaVersion 1) only" })
      .option("profile", profileOption())
      .option("ttsr-profile", {
        choices: TTSR_PROFILE_CHOICES,
        describe: "How rule files are read (default: seed, or v18 for a file using keys only v18 reads: agents, enabled, question)",
      })
      .option("verbose", { type: "boolean", default: false, describe: "Also show notes (profile choices) and skipped files" })
      .option("workers", {
        type: "number",
        describe: "Threads for a large pi file (16 MiB and up), read in ranges with the same findings (default: the cores; 1: one thread)",
      })
      .example("$0 validate session.jsonl", "Check one session")
      .example("$0 validate fixtures", "Check every file of a folder")
      .example("$0 validate '**/*.jsonl' --json", "A quoted glob, JSON output")
      .example("cat s.jsonl | $0 validate -", "Read stdin"),
  handler: async (a) => {
    if (a.profile !== undefined && !isFormatProfile(a.profile)) throw new UsageError(`--profile ${a.profile}: no such profile (${profileNames()})`);
    if (a.workers !== undefined && (!Number.isInteger(a.workers) || a.workers < 0)) throw new UsageError("--workers must be a whole number >= 0");
    // One large file: the threads that will read it with this one start now, before the job's modules load
    // (early.ts loads none of them).
    (await import("../../app/validate/early.js")).startEarly(a.paths, a.workers);
    const [{ validateDocument, validatePaths, validateSummary }, { renderValidateTable }] = await Promise.all([
      import("../../app/validate/validate.js"),
      import("../../report/validate-table.js"),
    ]);
    const bar = progressBar("validate", !a.json && process.stderr.isTTY === true);
    const r = await validatePaths(a.paths, { profile: a.profile, ttsrProfile: a.ttsrProfile, workers: a.workers, onProgress: (d, t) => bar.update(d, t) });
    bar.stop();
    if (a.json) outJson(validateDocument(r));
    else {
      const view = { ...r, summary: validateSummary(r) };
      out(renderValidateTable(view, { color: useColor(a.color), verbose: a.verbose, width: tableWidth() }));
      for (const p of r.problems) err(`sightline: cannot read ${terminalLine(p.input)}: ${terminalLine(p.reason)}\n`);
    }
    return validateExitCode(r);
  },
});
