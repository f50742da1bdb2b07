// Ties the recorded evidence to turns and decides agreement: a turn agrees when its replayed injections
// (rules and texts) equal the recorded ones (custom_message and tool reminders), as multisets.
import type { PiEntry } from "../../formats/pi/model.js";
import { collectEvidence } from "./evidence.js";
import type { SimTurn } from "./types.js";

const key = (rules: readonly string[], text: string | undefined): string => JSON.stringify([rules, text ?? null]);

export function attachEvidence(turns: SimTurn[], entries: readonly PiEntry[]): void {
  const byId = new Map(turns.map((t) => [t.responseId, t]));
  const claimed = new Set<object>();
  let lastCustomTurn: SimTurn | undefined;
  for (const item of collectEvidence(entries)) {
    let turn: SimTurn | undefined;
    const r = item.record;
    if (r.kind === "tool_reminder") turn = byId.get(item.toolResponse ?? item.afterResponse ?? "");
    else if (r.kind === "ttsr_injection") turn = item.role === "tool" ? byId.get(item.afterResponse ?? "") : lastCustomTurn;
    else if (item.role === "deferred") {
      // A deferred follow-up is delivered at the end of a run, maybe turns after the response that produced
      // it: it belongs to the turn whose replayed deferred injection was delivered here with the same rules.
      const k = key(r.rules, r.text);
      const producer = turns.find((t) => t.injected.some((inj) => inj.mode === "deferred" && inj.deliveredAfter === item.afterResponse && key(inj.rules, inj.text) === k && !claimed.has(inj) && (claimed.add(inj), true)));
      turn = producer ?? byId.get(item.afterResponse ?? "");
    } else turn = byId.get(item.afterResponse ?? "");
    if (r.kind === "custom_message") lastCustomTurn = turn;
    turn?.recorded.push(r);
  }
  for (const t of turns) {
    const replayed = t.injected.map((i) => key(i.rules, i.text)).sort();
    const recorded = t.recorded.filter((r) => r.kind !== "ttsr_injection").map((r) => key(r.rules, r.text)).sort();
    t.agree = replayed.length === recorded.length && replayed.every((k, i) => k === recorded[i]);
  }
}
