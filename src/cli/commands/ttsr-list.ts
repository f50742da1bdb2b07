// sightline ttsr list: loaded rules with scopes, buckets, why a rule is not registered, shadowed names.
import { shownPath } from "../../app/shown-path.js";
import { defineCommand } from "../command.js";
import { ANSWERED, EXITS } from "../exit-codes.js";
import { printDiagnostics, ruleSetOptions, unreadableRules } from "./ttsr-test.js";
import { out, outJson, tableWidth } from "../output.js";
import { terminalLine } from "../../shared/terminal.js";
import { TTSR_PROFILE_CHOICES } from "../profile-help.js";

// The table shows paths relative to the current folder when inside it (the JSON keeps them as loaded).
const shown = shownPath;

export const ttsrListCommand = defineCommand({
  command: "list",
  describe: "List rules with scope, bucket and why a rule is not registered (shadowed and skipped too)",
  exits: EXITS.ttsrList,
  builder: (y) =>
    y
      .option("rules", { type: "string", array: true, describe: "Rule folder (repeatable, highest priority first; default .omp/rules and ~/.omp/agent/rules)" })
      .option("rule", { type: "string", array: true, describe: "A single rule file (repeatable; ahead of --rules)" })
      .option("builtin-rules", { type: "string", array: true, describe: "Folder standing for the bundled builtin-defaults rules (lowest priority)" })
      .option("settings", { type: "string", describe: "TTSR settings JSON (disabledRules, builtinRules, enabled)" })
      .option("ttsr-profile", { choices: TTSR_PROFILE_CHOICES, default: "seed" as const, describe: "TTSR behaviour: seed-era code, v17 or v18" })
      .option("agent", { type: "string", describe: "v18: bucket for this agent (main, sub, or an agent definition name); default: no agent scoping" })
      .option("json", { type: "boolean", default: false, describe: "Print the JSON document (schemaVersion 1) only" })
      .example("$0 ttsr list --rules .omp/rules --rules ~/.omp/agent/rules", "Project rules shadow user rules of the same name")
      .example("$0 ttsr list --ttsr-profile v17 --settings settings.json --json", "Buckets as a v17 session would sort them")
      .example("$0 ttsr list --ttsr-profile v18 --agent reviewer", "Buckets as a v18 `reviewer` subagent would sort them (judged rules listed)"),
  handler: async (a) => {
    const [{ fitTable }, { runTtsrList }] = await Promise.all([import("../../report/table-fit.js"), import("../../app/ttsr/rules.js")]);
    const r = runTtsrList(ruleSetOptions(a));
    if (!r.doc) throw unreadableRules(r.unreadable ?? "");
    const doc = r.doc;
    if (a.json) {
      outJson(doc);
      return ANSWERED;
    }
    if (doc.rules.length === 0) out("No rule files found.\n");
    else {
      // v18 columns only when a rule uses them, so seed and v17 listings keep their shape.
      const v18 = doc.rules.some((x) => x.agents || x.question !== undefined);
      const head = ["rule", "bucket", "scope", "condition", ...(v18 ? ["agents"] : []), "path", "note"];
      const rows: string[][] = [];
      for (const row of doc.rules) {
        const reason = row.shadowedBy !== undefined ? `shadowed by ${shown(row.shadowedBy)}` : (row.reason ?? "");
        const note = [row.question !== undefined ? `judged: ${row.question}` : "", reason].filter(Boolean).join("; ");
        const agents = v18 ? [(row.agents ?? ["(all)"]).join(", ")] : [];
        rows.push(
          [row.name, row.bucket, (row.scope ?? ["(default)"]).join(", "), (row.condition ?? []).join(" | "), ...agents, shown(row.path), note].map(
            terminalLine,
          ),
        );
      }
      // Scope, condition, (agents,) path and note wrap to the terminal (COLUMNS honoured); off a TTY they are shown in full.
      const flex = v18 ? [2, 3, 4, 5, 6] : [2, 3, 4, 5];
      out(`${fitTable({ head, style: { head: [], border: [] } }, rows, { width: tableWidth(), flex })}\n`);
      const reg = doc.rules.filter((x) => x.registered).length;
      const judged = doc.rules.filter((x) => x.bucket === "judged").length;
      const as = doc.agent !== undefined ? `, agent ${doc.agent}` : "";
      out(
        `${doc.rules.length} rule file${doc.rules.length === 1 ? "" : "s"}, ${reg} registered as TTSR rules${judged ? ` (${judged} judged)` : ""} (${doc.profile}${as}).\n`,
      );
    }
    printDiagnostics(
      doc.diagnostics.map((d) => ({ ...d, file: shown(d.file) })),
      false,
    );
    return ANSWERED;
  },
});
