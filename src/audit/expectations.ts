// `sightline check`, the comparison: what a session's expectations hold and how the current run compares
// with them (each regression carries a unified diff where text changed). No IO and no rendering here.
import { createHash } from "node:crypto";
import { createTwoFilesPatch } from "diff";
import type { Diagnostic } from "../shared/diagnostics.js";
import type { TtsrTurnEvidence } from "./model.js";

export interface ExpectedFiring {
  rule: string;
  source: string;
  toolCallId?: string;
  decision: string;
  counterfactual: boolean;
}

export interface ExpectedInjection {
  rules: string[];
  mode: string;
  text: string;
  toolCallId?: string;
}

export interface ExpectedTtsr {
  matches: ExpectedFiring[];
  injected: ExpectedInjection[];
  agree: boolean | "unverifiable" | null;
}

/** One turn as committed: the decisions in full, the context as a digest (docs/ci.md: a reviewable diff). */
export interface ExpectedTurn {
  index: number;
  responseId: string;
  /** Digest of the turn's rendered context (contextDigest), and how many messages it holds. */
  context: string;
  messages: number;
  /** Absent: no rule fired, nothing was injected, and the replay did not disagree with the recording. */
  ttsr?: ExpectedTtsr;
}

export const EXPECTATIONS_SCHEMA_VERSION = 2;

export interface Expectations {
  schemaVersion: 2;
  suite: string;
  /** Keyed by session path relative to the config folder. */
  sessions: Record<string, { turns: ExpectedTurn[] }>;
}

/** What the current run produced for one turn (the rendered text stays in memory for diffs and goldens). */
export interface ActualTurn {
  index: number;
  responseId: string;
  /** Physical line of the response record in the session file. */
  line?: number;
  text: string;
  messages: number;
  ttsr?: TtsrTurnEvidence;
}

export type RegressionKind =
  | "session-added"
  | "session-removed"
  | "turn-added"
  | "turn-removed"
  | "rule-started"
  | "rule-stopped"
  | "decision-changed"
  | "injected-changed"
  | "context-changed"
  | "disagreement";

export interface Regression {
  suite: string;
  session: string;
  responseId?: string;
  turn?: number;
  /** Physical line of the turn's response in the session file (for annotations). */
  line?: number;
  kind: RegressionKind;
  message: string;
  /** Unified diff (expected → actual) where text changed. */
  diff?: string;
  /** The rule a TTSR regression is about (CI annotations are grouped by rule and file). */
  rule?: string;
  /** Rendered from the session at check time: where recorded and replayed evidence first differ. */
  detail?: string;
}

/** The `check --json` document: per suite the sessions compared, then every regression and finding. */
export interface CheckSessionOutcome {
  path: string;
  turns: number;
  regressions: number;
  /** Wall time of the session's replay and comparison, in milliseconds. */
  ms?: number;
}

export interface CheckDocument {
  schemaVersion: 1;
  kind: "check";
  createdAt: string;
  config: string;
  update: boolean;
  shard?: { index: number; count: number };
  /** Set by merge-reports: the shard report folders this document was merged from. */
  mergedFrom?: string[];
  /** Set by merge-reports --allow-partial: the shards missing from the merge. */
  partial?: { missing: string[] };
  suites: { name: string; sessions: CheckSessionOutcome[]; updated: string[] }[];
  regressions: Regression[];
  diagnostics: Diagnostic[];
  sessionDiagnostics: Diagnostic[];
}

/** A context's digest: 64 bits of SHA-256 tell a changed context apart; the text is rendered from the session when
 * a reviewer needs it (`replay --turn`). */
export const contextDigest = (text: string): string => `sha256:${createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16)}`;

/** The turn as committed: its TTSR decisions are left out when there are none to review. */
export function expectedTurn(t: ActualTurn): ExpectedTurn {
  const e: ExpectedTurn = { index: t.index, responseId: t.responseId, context: contextDigest(t.text), messages: t.messages };
  if (t.ttsr && (t.ttsr.matches.length > 0 || t.ttsr.injected.length > 0 || t.ttsr.agree === false)) e.ttsr = expectedTtsr(t.ttsr);
  return e;
}

export function expectedTtsr(ev: TtsrTurnEvidence): ExpectedTtsr {
  return {
    matches: ev.matches.map((m) => ({
      rule: m.rule,
      source: m.source,
      ...(m.toolCallId !== undefined && { toolCallId: m.toolCallId }),
      decision: m.decision,
      counterfactual: m.counterfactual,
    })),
    injected: ev.injected.map((i) => ({ rules: [...i.rules], mode: i.mode, text: i.text, ...(i.toolCallId !== undefined && { toolCallId: i.toolCallId }) })),
    agree: ev.agree,
  };
}

const firingKey = (f: ExpectedFiring) => `${f.rule} (${f.source}${f.toolCallId ? `, tool call ${f.toolCallId}` : ""})`;
const injKey = (i: ExpectedInjection) => `${i.mode}: ${i.rules.join(", ")}${i.toolCallId ? ` @${i.toolCallId}` : ""}`;

export const patch = (what: string, expected: string, actual: string): string =>
  createTwoFilesPatch(`expected ${what}`, `actual ${what}`, expected, actual, "", "", { context: 3 })
    .split("\n")
    .filter((l) => !l.startsWith("====") && !/^Index: /.test(l))
    .map((l) => (l.startsWith("--- ") || l.startsWith("+++ ") ? l.trimEnd() : l))
    .join("\n");

function compareTtsr(exp: ExpectedTtsr, act: ExpectedTtsr, at: Omit<Regression, "kind" | "message">): Regression[] {
  const out: Regression[] = [];
  const pool = new Map<string, ExpectedFiring[]>();
  for (const f of act.matches) pool.set(firingKey(f), [...(pool.get(firingKey(f)) ?? []), f]);
  for (const f of exp.matches) {
    const k = firingKey(f);
    const same = pool.get(k);
    const a = same?.shift();
    if (!a)
      out.push({
        ...at,
        rule: f.rule,
        kind: "rule-stopped",
        message: `rule stopped firing: ${k}, was ${f.decision}${f.counterfactual ? " (counterfactual)" : ""}`,
      });
    else if (a.decision !== f.decision || a.counterfactual !== f.counterfactual)
      out.push({
        ...at,
        rule: f.rule,
        kind: "decision-changed",
        message: `decision changed: ${k}: ${f.decision}${f.counterfactual ? " (counterfactual)" : ""} → ${a.decision}${a.counterfactual ? " (counterfactual)" : ""}`,
      });
  }
  for (const [k, rest] of pool)
    for (const a of rest)
      out.push({
        ...at,
        rule: a.rule,
        kind: "rule-started",
        message: `rule started firing: ${k}, now ${a.decision}${a.counterfactual ? " (counterfactual)" : ""}`,
      });
  const render = (list: ExpectedInjection[]) => list.map((i) => `[${injKey(i)}]\n${i.text}\n`).join("");
  const before = exp.injected.map(injKey).join("; ") || "(none)";
  const after = act.injected.map(injKey).join("; ") || "(none)";
  if (render(exp.injected) !== render(act.injected))
    out.push({
      ...at,
      rule: [...new Set([...exp.injected, ...act.injected].flatMap((i) => i.rules))].join(", "),
      kind: "injected-changed",
      message: before === after ? `injected text changed (${before})` : `injections changed: ${before} → ${after}`,
      diff: patch("injections", render(exp.injected), render(act.injected)),
    });
  return out;
}

/** The rules a turn's disagreement is about: those replayed or recorded there. */
const ruleOf = (ev: TtsrTurnEvidence): string => [...new Set([...ev.injected, ...ev.recorded].flatMap((x) => x.rules))].join(", ");

export interface BaselineEntry {
  session: string;
  responseId: string;
  reason: string;
}

/**
 * Compares one session. `golden(file)` returns the committed rendered text of a turn (for the context diff),
 * or null when the file is missing. `baseline` lists disagreements declared expected.
 */
export function compareSession(
  suite: string,
  session: string,
  expected: { turns: ExpectedTurn[] } | undefined,
  actual: readonly ActualTurn[],
  baseline: readonly BaselineEntry[] = [],
  explain: (t: ActualTurn) => string | undefined = () => undefined,
): Regression[] {
  const out: Regression[] = [];
  const byId = new Map((expected?.turns ?? []).map((t) => [t.responseId, t]));
  // A disagreement is accepted by the suite's baseline, or by the expectations (check --update records agree: false).
  const accepted = (t: ActualTurn) =>
    baseline.some((b) => b.session === session && b.responseId === t.responseId) || byId.get(t.responseId)?.ttsr?.agree === false;
  for (const t of actual)
    if (t.ttsr?.agree === false && !accepted(t)) {
      const detail = explain(t);
      out.push({
        suite,
        session,
        responseId: t.responseId,
        turn: t.index,
        ...(t.line !== undefined && { line: t.line }),
        ...(ruleOf(t.ttsr) !== "" && { rule: ruleOf(t.ttsr) }),
        kind: "disagreement",
        message: "recorded and replayed TTSR evidence disagree (accept: option `update`)",
        ...(detail !== undefined && { detail }),
      });
    }
  if (!expected) {
    out.unshift({ suite, session, kind: "session-added", message: `new session with ${actual.length} turn(s) has no expectations` });
    return out;
  }
  const seen = new Set<string>();
  const none: ExpectedTtsr = { matches: [], injected: [], agree: null };
  for (const a of actual) {
    const at = { suite, session, responseId: a.responseId, turn: a.index, ...(a.line !== undefined && { line: a.line }) };
    const e = byId.get(a.responseId);
    seen.add(a.responseId);
    if (!e) {
      out.push({ ...at, kind: "turn-added", message: `new turn ${a.index} (response ${a.responseId})` });
      continue;
    }
    const digest = contextDigest(a.text);
    if (digest !== e.context)
      out.push({
        ...at,
        kind: "context-changed",
        message: `context of turn ${a.index} changed: ${a.messages} message(s), was ${e.messages}; digest ${e.context} → ${digest} (sightline replay option \`turn\` ${a.index} shows it)`,
      });
    if (e.ttsr || a.ttsr) out.push(...compareTtsr(e.ttsr ?? none, a.ttsr ? expectedTtsr(a.ttsr) : none, at));
  }
  for (const e of expected.turns)
    if (!seen.has(e.responseId))
      out.push({
        suite,
        session,
        responseId: e.responseId,
        turn: e.index,
        kind: "turn-removed",
        message: `turn ${e.index} (response ${e.responseId}) is gone`,
      });
  return out;
}
