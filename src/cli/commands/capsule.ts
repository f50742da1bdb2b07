// sightline capsule validate|restore|render <file>: the CompactCapsule tools (docs/capsule.md).
import { countBySeverity } from "../../shared/diagnostics.js";
import { useColor } from "../color.js";
import { defineCommand } from "../command.js";
import { capsuleExitCode, EXITS } from "../exit-codes.js";
import { out, err, outJson, tableWidth } from "../output.js";
import { terminalLine, terminalText } from "../../shared/terminal.js";

export const capsuleCommand = defineCommand({
  command: "capsule <action> <file>",
  describe: "CompactCapsule tools: validate (missing vs warnings), restore (RestoredState), render (the prompt)",
  exits: EXITS.capsule,
  builder: (y) =>
    y
      .positional("action", { choices: ["validate", "restore", "render"] as const, describe: "What to do" })
      .positional("file", { type: "string", describe: "Capsule JSON (standalone or under a `capsule` key), or -" })
      .option("json", { type: "boolean", default: false, describe: "Print the JSON document only" })
      .example("$0 capsule validate capsule.json", "Missing fields are errors, upstream warnings are warnings")
      .example("$0 capsule restore capsule.json --json", "The RestoredState, with the upstream priorities")
      .example("$0 capsule render capsule.json", "The prompt text the agent would inject"),
  handler: async (a) => {
    const [{ runCapsule }, { renderValidateTable }] = await Promise.all([import("../../app/capsule/capsule.js"), import("../../report/validate-table.js")]);
    const o = await runCapsule(a.action, a.file);
    if (a.json) {
      outJson({ schemaVersion: 1, ...o });
      return capsuleExitCode(o);
    }
    const color = useColor(a.color);
    const c = countBySeverity(o.diagnostics);
    if (o.action === "validate" || o.diagnostics.length > 0) {
      out(
        renderValidateTable(
          {
            files: [{ path: o.file, kind: "capsule", diagnostics: o.diagnostics }],
            skipped: [],
            problems: [],
            summary: { files: 1, errors: c.error, warnings: c.warning, infos: c.info },
          },
          { color, width: tableWidth() },
        ),
      );
    }
    if (o.action !== "validate") {
      const r = o.result;
      if (!r.ok) err(`The upstream module throws: ${terminalLine(r.message)}\n`);
      else if ("text" in r) out(terminalText(r.text) + "\n");
      else outJson(r.state);
    }
    return capsuleExitCode(o);
  },
});
