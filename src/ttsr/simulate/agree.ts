// Ties the recorded evidence to turns and decides agreement on the whole decision: a turn agrees when its replayed
// injections, in delivery order, equal the recorded ones (custom_message and tool reminders, in file order) in rules,
// delivery (interrupt, deferred follow-up and the response it followed, tool reminder and its call) and text.
// Recorded evidence whose trigger is not in the log and that the replay does not reproduce is unverifiable.
import type { EvidenceItem } from "./evidence.js";
import type { Agreement, SimInjection, SimRecorded, SimTurn } from "./types.js";

const key = (rules: readonly string[], text: string | undefined): string => JSON.stringify([rules, text ?? null]);

/** The fields of one delivery that must agree, in the order a difference is reported. */
export interface DecisionFields {
  rules: string;
  delivery: string;
  toolCallId: string | null;
  deliveredAfter: string | null;
  text: string | null;
}

export const replayedDecision = (i: SimInjection): DecisionFields => ({
  rules: i.rules.join(", "),
  delivery: i.mode,
  toolCallId: i.toolCallId ?? null,
  deliveredAfter: i.mode === "deferred" ? (i.deliveredAfter ?? null) : null,
  text: i.text,
});

export const recordedDecision = (r: SimRecorded): DecisionFields => ({
  rules: r.rules.join(", "),
  delivery: r.delivery ?? r.kind,
  toolCallId: r.toolCallId ?? null,
  deliveredAfter: r.delivery === "deferred" ? (r.deliveredAfter ?? null) : null,
  text: r.text ?? null,
});

/** The first field in which two decisions differ, or undefined when they are the same. */
export function firstDifference(a: DecisionFields, b: DecisionFields): keyof DecisionFields | undefined {
  return (["rules", "delivery", "toolCallId", "deliveredAfter", "text"] as const).find((f) => a[f] !== b[f]);
}

/** The recorded deliveries a turn is compared on: injections and reminders, not the bookkeeping entries. */
export const comparedRecords = (t: SimTurn): SimRecorded[] => t.recorded.filter((r) => r.kind !== "ttsr_injection" && r.unverifiable === undefined);

function turnOf(
  item: EvidenceItem,
  byId: Map<string, SimTurn>,
  turns: SimTurn[],
  claimed: Set<object>,
  lastCustomTurn: SimTurn | undefined,
): SimTurn | undefined {
  const r = item.record;
  if (r.kind === "tool_reminder") return byId.get(item.toolResponse ?? item.afterResponse ?? "");
  if (r.kind === "ttsr_injection") return item.role === "tool" ? byId.get(item.afterResponse ?? "") : lastCustomTurn;
  // An interrupt whose aborted response is not in the log: shown with the retried response.
  if (item.triggerMissing === "aborted-output-not-recorded") return byId.get(item.nextResponse ?? "") ?? byId.get(item.afterResponse ?? "");
  if (item.role === "deferred") {
    // A deferred follow-up is delivered at the end of a run, maybe turns after the response that produced
    // it: it belongs to the turn whose replayed deferred injection was delivered here with the same rules.
    const k = key(r.rules, r.text);
    for (const t of turns) {
      const inj = t.injected.find((i) => i.mode === "deferred" && i.deliveredAfter === item.afterResponse && key(i.rules, i.text) === k && !claimed.has(i));
      if (!inj) continue;
      claimed.add(inj);
      return t;
    }
    return byId.get(item.afterResponse ?? "");
  }
  return byId.get(item.afterResponse ?? "");
}

/** Attaches the file's evidence items (collectEvidence) to the replayed turns and sets each turn's verdict. */
export function attachEvidence(turns: SimTurn[], evidence: readonly EvidenceItem[]): void {
  const byId = new Map(turns.map((t) => [t.responseId, t]));
  const claimed = new Set<object>();
  const missing = new Map<SimRecorded, EvidenceItem>();
  let lastCustomTurn: SimTurn | undefined;
  for (const item of evidence) {
    const turn = turnOf(item, byId, turns, claimed, lastCustomTurn);
    if (item.record.kind === "custom_message") lastCustomTurn = turn;
    if (item.triggerMissing) missing.set(item.record, item);
    turn?.recorded.push(item.record);
  }
  for (const t of turns) t.agree = verdict(t, missing);
}

function verdict(t: SimTurn, missing: Map<SimRecorded, EvidenceItem>): Agreement {
  const replayed = t.injected.map(replayedDecision);
  const used = new Set<number>();
  // Evidence without its trigger in the log: checked when the replay reproduces it anyway, else unverifiable.
  let companion: SimRecorded | undefined;
  for (const r of t.recorded) {
    const item = missing.get(r);
    if (!item) continue;
    if (r.kind === "ttsr_injection") {
      if (companion?.unverifiable) r.unverifiable = companion.unverifiable;
      continue;
    }
    companion = r;
    const d = recordedDecision(r);
    const i = replayed.findIndex((x, k) => !used.has(k) && firstDifference(x, d) === undefined);
    if (i >= 0) used.add(i);
    else r.unverifiable = item.triggerMissing;
  }
  markUndecidedAst(t);
  const recorded = comparedRecords(t).map(recordedDecision);
  const same = replayed.length === recorded.length && replayed.every((x, k) => firstDifference(x, recorded[k]) === undefined);
  if (!same) return false;
  return t.recorded.some((r) => r.unverifiable !== undefined) ? "unverifiable" : true;
}

/**
 * A recorded delivery the replay did not make, whose rules the replay could only report `not-decidable-offline` at a
 * tool call (an AST condition in a language sightline has no grammar for, docs/ttsr.md §17.11), is unverifiable.
 */
function markUndecidedAst(t: SimTurn): void {
  const undecided = new Set(t.matches.filter((m) => m.decision === "not-decidable-offline" && m.source === "tool" && !m.counterfactual).map((m) => m.rule));
  if (undecided.size === 0) return;
  const replayed = new Set(t.injected.flatMap((i) => i.rules));
  for (const r of t.recorded) {
    if (r.unverifiable === undefined && r.rules.length > 0 && r.rules.every((n) => undecided.has(n) && !replayed.has(n)))
      r.unverifiable = "ast-language-not-parsed";
  }
}
