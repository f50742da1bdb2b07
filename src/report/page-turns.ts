// A session's turns as its page data holds them (sessions/<n>.js): how the tokens were estimated, and what a
// logged figure also counts, are the same for nearly every turn of a session, so the page writes them once
// (`turnTokens`) and a turn carries them only where it differs. Read back (merge-reports, the viewer's own copy in
// client/data.ts), each turn is whole again; a detail file of the earlier layout (every turn whole) reads as it is.
import type { AuditTurn, TokenCount } from "../audit/model.js";

/** The session's defaults for its turns' token figures. */
export interface TurnTokenDefaults {
  estimator: string;
  /** For a turn with a logged figure and no `loggedAlsoCounts` of its own. */
  loggedAlsoCounts?: TokenCount["loggedAlsoCounts"];
}

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));

/** The turns without the figures their session's defaults give (the defaults: the first turn's). */
export function pageTurns(turns: readonly AuditTurn[]): { turnTokens?: TurnTokenDefaults; turns: readonly AuditTurn[] } {
  if (turns.length === 0) return { turns };
  const defaults: TurnTokenDefaults = { estimator: turns[0].tokens.estimator };
  const logged = turns.find((t) => t.tokens.logged !== undefined && t.tokens.loggedAlsoCounts !== undefined);
  if (logged) defaults.loggedAlsoCounts = logged.tokens.loggedAlsoCounts;
  const out = turns.map((t) => {
    const { estimator, loggedAlsoCounts, ...rest } = t.tokens;
    const tokens: Partial<TokenCount> = rest;
    if (estimator !== defaults.estimator) tokens.estimator = estimator;
    // A turn with a logged figure always has its loggedAlsoCounts (context/turns.ts): left out, the default holds.
    if (loggedAlsoCounts !== undefined && (t.tokens.logged === undefined || !same(loggedAlsoCounts, defaults.loggedAlsoCounts)))
      tokens.loggedAlsoCounts = loggedAlsoCounts;
    return { ...t, tokens } as AuditTurn;
  });
  return { turnTokens: defaults, turns: out };
}

/** Page turns whole again, in place: each turn's left-out figures from the session's defaults. */
export function fullTurns(turns: unknown, defaults: unknown): void {
  if (!Array.isArray(turns) || typeof defaults !== "object" || defaults === null) return;
  const d = defaults as Partial<TurnTokenDefaults>;
  for (const t of turns as Partial<AuditTurn>[]) {
    const k = t?.tokens as Partial<TokenCount> | undefined;
    if (typeof k !== "object" || k === null) continue;
    if (k.estimator === undefined && typeof d.estimator === "string") k.estimator = d.estimator;
    if (k.logged !== undefined && k.loggedAlsoCounts === undefined && Array.isArray(d.loggedAlsoCounts)) k.loggedAlsoCounts = [...d.loggedAlsoCounts];
  }
}
