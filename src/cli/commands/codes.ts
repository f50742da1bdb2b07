// sightline codes: every diagnostic code sightline can emit, with its default severity and meaning.
import { renderCodes } from "../../report/codes-table.js";
import { catalogue } from "../../shared/codes.js";
import type { CodeSpec } from "../../shared/codes/types.js";
import type { Command } from "../command.js";
import { out, outJson } from "../output.js";

export const codesCommand: Command = {
  command: "codes [filter]",
  describe: "List the diagnostic code catalogue (loader verdict codes keep the upstream loader's own names)",
  builder: (y) =>
    y
      .positional("filter", { type: "string", describe: "Only codes containing this text (case-insensitive)" })
      .option("markdown", { type: "boolean", default: false, describe: "A Markdown table" })
      .option("json", { type: "boolean", default: false, describe: "JSON: {code: {severity, title, loader}}" })
      .example("$0 codes", "The whole catalogue")
      .example("$0 codes scorel_inv", "Only the Scorel invariant codes"),
  handler: async (a) => {
    const f = (a.filter as string | undefined)?.toLowerCase();
    const entries = (Object.entries(catalogue) as Array<[string, CodeSpec]>).filter(([c, s]) => !f || c.toLowerCase().includes(f) || s.title.toLowerCase().includes(f)).sort(([x], [y]) => x.localeCompare(y));
    if (a.json) outJson(Object.fromEntries(entries.map(([c, s]) => [c, { severity: s.severity, title: s.title, loader: !!s.loader }])));
    else out(renderCodes(entries, { markdown: a.markdown }));
    return 0;
  },
};
