// sightline diff <session> | diff <a> <b>: compaction diffs of one session, or what changed between two replays.
import { renderWarningSummary } from "../../report/warnings.js";
import { isStdin } from "../../io/read.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { useColor } from "../color.js";
import { defineCommand } from "../command.js";
import { compactionDiffExitCode, sessionDiffExitCode, EXITS } from "../exit-codes.js";
import { err, out, outJson } from "../output.js";
import { UsageError } from "../../shared/errors.js";
import { StreamWriter } from "../writer.js";
import { profileOption } from "../profile-help.js";

const warnings = (input: string, file: string, ds: readonly Diagnostic[], profile: string | undefined) =>
  err(renderWarningSummary(file, ds, { input: isStdin(input) ? "-" : input, profile }));

export const diffCommand = defineCommand({
  command: "diff <a> [b]",
  describe: "Compaction diffs of a session (what was dropped, kept, added), or compare the turn views of two sessions / replay --json files",
  exits: EXITS.diff,
  builder: (y) =>
    y
      .positional("a", { type: "string", describe: "Session file (or replay --json file when b is given)" })
      .positional("b", { type: "string", describe: "Second session or replay --json file" })
      .option("compaction", { type: "string", describe: "Only this compaction id (one session)" })
      .option("profile", profileOption())
      .option("tokens", {
        choices: ["estimate", "exact"] as const,
        describe: "Token counting of a compaction diff: chars/4 estimate (default) or exact BPE (o200k_base)",
      })
      .option("full", {
        type: "boolean",
        describe:
          "Whole messages in compaction diffs (default: first 4 lines of each); with two inputs, the diff of every differing turn (default: a summary and the first divergence)",
      })
      .option("json", { type: "boolean", default: false, describe: "Print the JSON document only" })
      .example("$0 diff session.jsonl", "Every compaction: context before vs after")
      .example("$0 diff session.jsonl --compaction 359 --json", "One compaction as JSON")
      .example("$0 diff before.json after.json", "What changed in what the model saw: the first divergence, how many turns differ and why")
      .example("$0 diff a.jsonl b.jsonl --full", "The same, with the diff of every differing turn"),
  handler: async (a) => {
    const [{ compactionDiffFile, tokenCounter }, { diffTwo }, { renderCompactionDiffs, writeSessionDiff }] = await Promise.all([
      import("../../app/replay/replay.js"),
      import("../../app/replay/session-diff.js"),
      import("../../report/diff-view.js"),
    ]);
    const color = useColor(a.color);
    if (a.b !== undefined) {
      // Two-sided diffs compare whole turn contexts: the compaction options have nothing to act on.
      for (const [flag, v] of [
        ["--compaction", a.compaction],
        ["--tokens", a.tokens],
      ] as const) {
        if (v !== undefined) throw new UsageError(`${flag} applies to the compaction diffs of one session, not to diff <a> <b>`);
      }
      const run = await diffTwo(a.a, a.b, { profile: a.profile, patches: a.full === true });
      const w = new StreamWriter(a.json ? "json" : "text");
      const end = await writeSessionDiff(run, { json: a.json, full: a.full === true, color }, (c) => w.write(c));
      await w.flush();
      if (!a.json) for (const s of run.sides) warnings(s.input, s.file, s.diagnostics, a.profile);
      return sessionDiffExitCode(end);
    }
    const { doc, session } = await compactionDiffFile(a.a, {
      compactionId: a.compaction,
      profile: a.profile,
      tokens: await tokenCounter(a.tokens),
      patchLines: a.full || a.json ? undefined : 4,
    });
    if (a.json) outJson(doc);
    else {
      out(renderCompactionDiffs(doc.compactions, { color }));
      warnings(a.a, session.file, session.diagnostics, a.profile);
    }
    return compactionDiffExitCode(doc.compactions);
  },
});
