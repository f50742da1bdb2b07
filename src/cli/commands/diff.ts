// sightline diff <session> | diff <a> <b>: compaction diffs of one session, or what changed between two replays.
import { compactionDiffFile, tokenCounter } from "../../app/replay.js";
import { diffTwo } from "../../app/session-diff.js";
import { renderCompactionDiffs, writeSessionDiff } from "../../report/diff-view.js";
import { useColor } from "../color.js";
import type { Command } from "../command.js";
import { out } from "../output.js";
import { StreamWriter } from "../writer.js";

export const diffCommand: Command = {
  command: "diff <a> [b]",
  describe: "Compaction diffs of a session (what was dropped, kept, added), or compare the turn views of two sessions / replay --json files",
  builder: (y) =>
    y
      .positional("a", { type: "string", describe: "Session file (or replay --json file when b is given)" })
      .positional("b", { type: "string", describe: "Second session or replay --json file" })
      .option("compaction", { type: "string", describe: "Only this compaction id" })
      .option("profile", { type: "string", describe: "Format profile" })
      .option("tokens", { choices: ["estimate", "exact"] as const, default: "estimate" as const, describe: "Token counting" })
      .option("full", { type: "boolean", default: false, describe: "Whole messages in compaction diffs (default: first 4 lines of each); with two inputs, the diff of every differing turn (default: a summary and the first divergence)" })
      .option("json", { type: "boolean", default: false, describe: "Print the JSON document only" })
      .example("$0 diff session.jsonl", "Every compaction: context before vs after")
      .example("$0 diff session.jsonl --compaction 359 --json", "One compaction as JSON")
      .example("$0 diff before.json after.json", "What changed in what the model saw: the first divergence, how many turns differ and why")
      .example("$0 diff a.jsonl b.jsonl --full", "The same, with the diff of every differing turn"),
  handler: async (a) => {
    const color = useColor(a.color);
    if (a.b !== undefined) {
      const run = await diffTwo(a.a as string, a.b as string, { profile: a.profile, patches: a.full });
      const w = new StreamWriter(a.json ? "json" : "text");
      const end = await writeSessionDiff(run, { json: a.json, full: a.full, color }, (c) => w.write(c));
      await w.flush();
      return end.same ? 0 : 1;
    }
    const { capsuleCheck } = await import("../../app/capsule.js");
    const { doc } = await compactionDiffFile(a.a as string, { compactionId: a.compaction, profile: a.profile, tokens: await tokenCounter(a.tokens), capsuleCheck, patchLines: a.full || a.json ? undefined : 4 });
    out(a.json ? JSON.stringify(doc, null, 2) + "\n" : renderCompactionDiffs(doc.compactions, { color }));
    return doc.compactions.some((c) => c.capsule && c.capsule.lost.length > 0) ? 1 : 0;
  },
};
