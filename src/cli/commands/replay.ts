// sightline replay <session>: what the model saw at every turn.
import { writeReplayJson } from "../../report/replay-json.js";
import { renderWarningSummary } from "../../report/warnings.js";
import { isStdin } from "../../io/read.js";
import { StreamWriter } from "../writer.js";
import { useColor } from "../color.js";
import { defineCommand } from "../command.js";
import { ANSWERED, EXITS } from "../exit-codes.js";
import { err } from "../output.js";
import { terminalLine } from "../../shared/terminal.js";
import { UsageError } from "../../shared/errors.js";
import { profileOption } from "../profile-help.js";

/** --turn N: a 0-based turn index, or a response id. Read as a string: as a yargs number, a bare `--turn` vanished silently. */
export function turnArg(v: unknown): number | string | undefined {
  if (v === undefined) return undefined;
  const s = Array.isArray(v) ? String(v[v.length - 1]) : String(v);
  // Negative or fractional numbers are neither an index nor an id a format writes.
  if (s.trim() === "" || /^-|^\d*\.\d+$/.test(s.trim()))
    throw new UsageError(`--turn needs a turn number (0, 1, 2, …) or a response id, not ${s === "" ? "nothing" : JSON.stringify(s)}`);
  return s.trim();
}

export const replayCommand = defineCommand({
  command: "replay <session>",
  describe: "Rebuild the exact context of every LLM request of a session (turn views)",
  exits: EXITS.replay,
  builder: (y) =>
    y
      .positional("session", { type: "string", describe: "Session file, or - for stdin" })
      .option("turn", { type: "string", describe: "Only turn N (0-based, numbered in file order over all branches), or the turn of response id N" })
      .option("leaf", { type: "string", describe: "Turns on the root path of this leaf id (default: the active leaf)" })
      // No default: yargs counts a defaulted option as given, which made --leaf always "conflict".
      .option("all-leaves", { type: "boolean", describe: "Every turn of every branch, in file order" })
      .option("delta", { type: "boolean", default: false, describe: "Each turn as a delta against the previous turn on its root path" })
      .option("full", { type: "boolean", default: false, describe: "Print every message of the listed turns in full" })
      .option("profile", profileOption())
      .option("tokens", {
        choices: ["estimate", "exact"] as const,
        default: "estimate" as const,
        describe: "Token counting: chars/4 estimate, or an exact BPE count (o200k_base)",
      })
      .option("json", { type: "boolean", default: false, describe: "Print the replay document (schemaVersion 1) only" })
      .conflicts("leaf", "all-leaves")
      .example("$0 replay session.jsonl", "List the turns of the active path")
      .example("$0 replay session.jsonl --turn 3 --full", "The full context of turn 3, reminders marked")
      .example("$0 replay session.jsonl --json --delta --all-leaves", "Every turn of every branch as JSON deltas"),
  handler: async (a) => {
    const [{ replayStreamFile, tokenCounter }, { renderReplayHead, renderTurn, turnMessageCount }] = await Promise.all([
      import("../../app/replay/replay.js"),
      import("../../report/replay-view.js"),
    ]);
    const turn = turnArg(a.turn);
    const full = a.full || turn !== undefined;
    // The listing needs only message counts: deltas cost O(changes) per turn, full lists O(context).
    const delta = a.delta || (!a.json && !full);
    const { head, turns, listed, note } = await replayStreamFile(a.session, {
      profile: a.profile,
      turn,
      leafId: a.leaf,
      scope: a.allLeaves ? "all" : "active",
      delta,
      tokens: await tokenCounter(a.tokens),
    });
    if (note !== undefined) err(`sightline: ${terminalLine(note)}\n`);
    const out = new StreamWriter(a.json ? "json" : "text");
    if (a.json) await writeReplayJson(head, turns, { write: (c) => out.write(c), writeString: (t) => out.writeJsonString(t) });
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
    if (!a.json) err(renderWarningSummary(head.session.path, head.diagnostics, { input: isStdin(a.session) ? "-" : a.session, profile: a.profile }));
    return ANSWERED;
  },
});
