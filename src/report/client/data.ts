// What the viewer computes from an input's data (see session-viewer.ts): a turn's full context from the delta
// references, a turn's TTSR evidence, a message's size, what a logged token figure also counts.
import type { AuditTurn, TtsrTurnEvidence } from "../../audit/model.js";
import type { PageMessage, PageSession } from "./page.js";

export function sessionData(s: PageSession) {
  // Each turn whole again (report/page-turns.ts): the session's token constants where a turn leaves them out.
  const d = s.turnTokens;
  if (d)
    for (const t of s.turns) {
      const k = t.tokens as Partial<AuditTurn["tokens"]>;
      if (k.estimator === undefined) k.estimator = d.estimator;
      if (k.logged !== undefined && k.loggedAlsoCounts === undefined && d.loggedAlsoCounts) k.loggedAlsoCounts = d.loggedAlsoCounts;
    }
  // A turn's full context from the delta references: one array, truncated to keep and extended per layer.
  const cache: Record<number, number[]> = {};
  function resolve(i: number): number[] {
    if (cache[i]) return cache[i];
    const chain: number[] = [];
    let start: number[] = [];
    for (let j: number | null = i; j !== null; j = s.turns[j].refs.base) {
      if (cache[j]) {
        start = cache[j];
        break;
      }
      chain.push(j);
    }
    const out = start.slice();
    for (let c = chain.length - 1; c >= 0; c--) {
      const t = s.turns[chain[c]];
      out.length = t.refs.base === null ? 0 : t.refs.keep;
      for (let k = 0; k < t.refs.add.length; k++) out.push(t.refs.add[k]);
    }
    cache[i] = out;
    return out;
  }
  function ttsrOf(t: AuditTurn): TtsrTurnEvidence | null {
    let ev: TtsrTurnEvidence | null = null;
    for (const x of s.ttsr ? (s.ttsr as NonNullable<PageSession["ttsr"]>).turns : []) if (x.responseId === t.responseId) ev = x;
    return ev;
  }
  // Where the chart marks things: the turn a compaction's added messages first appear in, turns that
  // continue an earlier turn than the one before (another branch), turns with TTSR injections.
  function sizeOf(m: PageMessage): number {
    let n = (m.text || "").length;
    for (const x of m.extra || []) n += x.length;
    return n;
  }
  // A message collapsed to its head (position, role, size, badges); its text is built on first opening.
  // mark: "new" (not in the previous context), "kept" (in it, at another position: a compaction kept it), or "".
  // What a logged figure counts that the file cannot show (the estimate cannot see it either).
  const UNRECORDED: Record<string, string> = { systemPrompt: "the system prompt", toolDefinitions: "the tool definitions" };
  function alsoCounts(xs: readonly string[] | undefined): string {
    return xs?.length ? " (which also counts " + xs.map((x) => UNRECORDED[x] || x).join(" and ") + ", not in the file)" : "";
  }
  return { resolve, ttsrOf, sizeOf, alsoCounts };
}

export type SessionData = ReturnType<typeof sessionData>;
