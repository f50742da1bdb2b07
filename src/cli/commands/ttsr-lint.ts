// sightline ttsr lint: problems in rule files that change what matches (docs/product.md §4, §8). Exit 1 on errors.
import { defineCommand } from "../command.js";
import { ttsrLintExitCode, EXITS } from "../exit-codes.js";
import { formatDiagnostic, ruleSetOptions, unreadableRules } from "./ttsr-test.js";
import { out, outJson } from "../output.js";
import { TTSR_PROFILE_CHOICES } from "../profile-help.js";

export const ttsrLintCommand = defineCommand({
  command: "lint",
  describe: "Lint rules: invalid or catastrophic regexes, unreachable scopes, shadowed names, the YAML quoting trap",
  exits: EXITS.ttsrLint,
  builder: (y) =>
    y
      .option("rules", { type: "string", array: true, describe: "Rule folder (repeatable, highest priority first; default .omp/rules and ~/.omp/agent/rules)" })
      .option("rule", { type: "string", array: true, describe: "A single rule file (repeatable; ahead of --rules)" })
      .option("builtin-rules", { type: "string", array: true, describe: "Folder standing for the bundled builtin-defaults rules (lowest priority)" })
      .option("settings", { type: "string", describe: "TTSR settings JSON" })
      .option("ttsr-profile", {
        choices: TTSR_PROFILE_CHOICES,
        default: "seed" as const,
        describe: "Lint against seed-era code, v17 (inline flags, quoted scopes) or v18 (agents, judged rules)",
      })
      .option("json", { type: "boolean", default: false, describe: "Print the JSON document (schemaVersion 1) only" })
      .example("$0 ttsr lint --rules .omp/rules", "Errors exit 1, so this can gate CI")
      .example("$0 ttsr lint --rule .omp/rules/no-any.md --ttsr-profile v17 --json", "One file, as v17 reads it"),
  handler: async (a) => {
    const { runTtsrLint } = await import("../../app/ttsr/rules.js");
    const r = runTtsrLint(ruleSetOptions(a));
    if (!r.doc) throw unreadableRules(r.unreadable ?? "");
    const doc = r.doc;
    if (a.json) outJson(doc);
    else {
      for (const d of doc.diagnostics) out(formatDiagnostic(d) + "\n");
      out(
        `${doc.errors} error${doc.errors === 1 ? "" : "s"}, ${doc.warnings} warning${doc.warnings === 1 ? "" : "s"} in ${doc.files} rule file${doc.files === 1 ? "" : "s"} (${doc.profile}).\n`,
      );
    }
    return ttsrLintExitCode(doc);
  },
});
