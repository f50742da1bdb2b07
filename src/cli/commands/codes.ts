// sightline codes: every diagnostic code sightline can emit, with its default severity and meaning.
import type { AnyCodeSpec } from "../../shared/codes/types.js";
import { defineCommand } from "../command.js";
import { terminalLine } from "../../shared/terminal.js";
import { codesExitCode, EXITS } from "../exit-codes.js";
import { err, out, outJson, tableWidth } from "../output.js";

export const codesCommand = defineCommand({
  command: "codes [filter]",
  describe: "List the diagnostic code catalogue (loader verdict codes keep the upstream loader's own names)",
  exits: EXITS.codes,
  builder: (y) =>
    y
      .positional("filter", { type: "string", describe: "Only codes containing this text (case-insensitive)" })
      .option("markdown", { type: "boolean", default: false, describe: "A Markdown table" })
      .option("json", { type: "boolean", default: false, describe: "JSON: {code: {severity, title, loader}}" })
      .example("$0 codes", "The whole catalogue")
      .example("$0 codes scorel_inv", "Only the Scorel invariant codes"),
  handler: async (a) => {
    const [{ renderCodes }, { catalogue }] = await Promise.all([import("../../report/codes-table.js"), import("../../app/options/catalogue.js")]);
    const f = a.filter?.toLowerCase();
    const all: Array<[string, AnyCodeSpec]> = Object.entries(catalogue);
    const entries = all.filter(([c, s]) => !f || c.toLowerCase().includes(f) || s.title.toLowerCase().includes(f)).sort(([x], [y]) => x.localeCompare(y));
    if (a.json) outJson(Object.fromEntries(entries.map(([c, s]) => [c, { severity: s.severity, title: s.title, loader: !!s.loader }])));
    else if (entries.length === 0) err(`sightline: no code matches "${terminalLine(a.filter ?? "")}" (sightline codes lists them all)\n`);
    else out(renderCodes(entries, { markdown: a.markdown, width: tableWidth() }));
    return codesExitCode(entries.length);
  },
});
