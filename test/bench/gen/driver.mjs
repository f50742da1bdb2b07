// The shape of a coding-agent conversation, format-neutral: user asks, the assistant runs tool loops
// (thinking, text, 1-3 tool calls, results, reminders between calls), answers, and now and then the
// session compacts, branches back to an earlier turn, or a stream rule interrupts a reply.
// Each format's emitter turns these steps into its own JSONL records.
import { rules } from "./rules.mjs";

/**
 * @typedef {{t:"user", text:string, fork:number}} UserStep    fork > 0: branch back `fork` turns first
 * @typedef {{t:"assistant", thinking:string|null, text:string|null, calls:{id:string,name:string,args:object}[], stop:"toolUse"|"stop"|"aborted", ttsrRule?:string}} AssistantStep
 * @typedef {{t:"tool", call:{id:string,name:string,args:object}, output:string, isError:boolean, ttsrRule?:string}} ToolStep
 * @typedef {{t:"reminder", text:string}} ReminderStep
 * @typedef {{t:"compact", summary:string, tokensBefore:number}} CompactStep
 * @typedef {{t:"turnEnd"}} TurnEndStep
 */

export const DEFAULT_SHAPE = {
  /** Chance that a user turn first branches back to an earlier turn. */
  branch: 0.04,
  /** Chance of a compaction after a turn (only after `minTurnsBeforeCompact` turns since the last one). */
  compact: 0.08,
  minTurnsBeforeCompact: 6,
  /** Chance a reminder (steer, task reminder, notice) follows a tool result. */
  reminder: 0.12,
  /** Chance an assistant reply is cut by a stream rule (then retried). */
  interrupt: 0.03,
  /** Chance of thinking on an assistant message. */
  thinking: 0.35,
  /** Tool-loop length range per user turn. */
  loops: [0, 6],
};

/** Infinite step stream; a consumer stops at a `turnEnd`. @returns {Generator<any>} */
export function* conversation(rng, prose, shape = DEFAULT_SHAPE) {
  let turns = 0;
  let sinceCompact = 0;
  let callN = 0;
  const textRules = rules.filter((r) => r.scope === null || r.scope === "text");
  const bashRules = rules.filter((r) => r.scope === "tool:bash");
  for (;;) {
    const fork = turns > 2 && rng.chance(shape.branch) ? rng.int(1, Math.min(3, turns - 1)) : 0;
    yield { t: "user", text: prose.userAsk(), fork };
    turns++;
    sinceCompact++;
    const loops = rng.int(shape.loops[0], shape.loops[1]);
    for (let i = 0; i <= loops; i++) {
      const final = i === loops;
      if (rng.chance(shape.interrupt)) {
        // A reply cut mid-stream by a rule: partial text ending in the rule's sample, then the retry.
        const rule = rng.pick(textRules);
        yield { t: "assistant", thinking: null, text: prose.sentence() + " " + rule.sample, calls: [], stop: "aborted", ttsrRule: rule.name };
      }
      const thinking = rng.chance(shape.thinking) ? prose.thinking() : null;
      if (final) {
        yield { t: "assistant", thinking, text: prose.reply(), calls: [], stop: "stop" };
        break;
      }
      const n = rng.weighted([
        [6, 1],
        [2, 2],
        [1, 3],
      ]);
      const calls = [];
      for (let k = 0; k < n; k++) {
        const name = prose.tool();
        calls.push({ id: `call_${(++callN).toString(36)}_${rng.hex(6)}`, name, args: prose.toolArgs(name) });
      }
      const text = rng.chance(0.6) ? prose.paragraph() : null;
      yield { t: "assistant", thinking, text, calls, stop: "toolUse" };
      for (const call of calls) {
        // A per-tool rule hit (omp17 writes a reminder into the result); rare.
        const ttsrRule = call.name === "bash" && rng.chance(0.01) ? rng.pick(bashRules).name : undefined;
        yield { t: "tool", call, output: prose.toolOutput(call.name), isError: rng.chance(0.04), ttsrRule };
      }
      if (rng.chance(shape.reminder)) yield { t: "reminder", text: prose.sentence() };
    }
    yield { t: "turnEnd" };
    if (sinceCompact >= shape.minTurnsBeforeCompact && rng.chance(shape.compact)) {
      sinceCompact = 0;
      yield { t: "compact", summary: prose.summary(), tokensBefore: rng.int(60_000, 190_000) };
    }
  }
}

/** Deterministic clock: epoch ms advancing by small random steps. */
export class Clock {
  constructor(rng, start = Date.UTC(2026, 2, 3, 14, 30, 0)) {
    this.rng = rng;
    this.ms = start;
  }
  tick(lo = 20, hi = 4000) {
    this.ms += this.rng.int(lo, hi);
    return this.ms;
  }
  iso() {
    return new Date(this.ms).toISOString();
  }
}
