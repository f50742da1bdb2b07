// sightline replay <session>: what the model saw at every turn.
import { replayStreamFile, tokenCounter } from "../../app/replay.js";
import { writeReplayJson } from "../../context/replay.js";
import { renderReplayHead, renderTurn, turnMessageCount } from "../../report/replay-view.js";
import { StreamWriter } from "../writer.js";
import { useColor } from "../color.js";
import type { Command } from "../command.js";

export const replayCommand: Command = {
  command: "replay <session>",
  describe: "Rebuild the exact context of every LLM request of a session (turn views)",
  builder: (y) =>
    y
      .positional("session", { type: "string", describe: "Session file, or - for stdin" })
      .option("turn", { type: "number", describe: "Only turn N (0-based, numbered in file order over all branches)" })
      .option("leaf", { type: "string", describe: "Turns on the root path of this leaf id (default: the active leaf)" })
      .option("all-leaves", { type: "boolean", default: false, describe: "Every turn of every branch, in file order" })
      .option("delta", { type: "boolean", default: false, describe: "Each turn as a delta against the previous turn on its root path" })
      .option("full", { type: "boolean", default: false, describe: "Print every message of the listed turns in full" })
      .option("profile", { type: "string", describe: "Format profile (scorel: p5|p4|p4a|p3|design|g0; pi: pi|omp17; yoi: seed|head)" })
      .option("tokens", { choices: ["estimate", "exact"] as const, default: "estimate" as const, describe: "Token counting: chars/4 estimate, or an exact BPE count (o200k_base)" })
      .option("json", { type: "boolean", default: false, describe: "Print the replay document (schemaVersion 1) only" })
      .conflicts("leaf", "all-leaves")
      .example("$0 replay session.jsonl", "List the turns of the active path")
      .example("$0 replay session.jsonl --turn 3 --full", "The full context of turn 3, reminders marked")
      .example("$0 replay session.jsonl --json --delta --all-leaves", "Every turn of every branch as JSON deltas"),
  handler: async (a) => {
    const full = a.full || a.turn !== undefined;
    // The listing needs only message counts: deltas cost O(changes) per turn, full lists O(context).
    const delta = a.delta || (!a.json && !full);
    const { head, turns, listed } = await replayStreamFile(a.session as string, {
      profile: a.profile,
      turn: a.turn,
      leafId: a.leaf,
      scope: a.allLeaves ? "all" : "active",
      delta,
      tokens: await tokenCounter(a.tokens),
    });
    const out = new StreamWriter(a.json ? "json" : "text");
    if (a.json) await writeReplayJson(head, turns, (c) => out.write(c));
    else {
      const color = useColor(a.color);
      await out.write(renderReplayHead(head, color, listed));
      let prev: number | undefined;
      for (const t of turns) {
        await out.write(renderTurn(t, prev, { color, full, expand: a.full, asFull: !a.delta }));
        prev = turnMessageCount(t);
      }
    }
    await out.flush();
    return 0;
  },
};
