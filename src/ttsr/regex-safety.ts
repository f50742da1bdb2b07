// Static checks on rule conditions for `ttsr lint` (docs/product.md §8): exponential backtracking shapes and regex
// syntax that Bun accepts but Node rejects. A heuristic, tuned to catch the classic shapes with few false alarms;
// the runtime time budget (app/ttsr/guard.ts) is the backstop.
import { parseRegex, type RNode } from "./regex-parse.js";

// Sample alphabet for char-set overlap: ASCII plus a few non-ASCII letters, spaces and a surrogate half.
const SAMPLES: string[] = [...Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)), "é", "ß", "Ж", "中", "\u00a0", "\u2028", "\ud83d"];
const setCache = new Map<string, Set<number>>();

/** Which sample characters one `char` atom matches (tested with the atom's own RegExp). */
function charSet(src: string, flags: string): Set<number> {
  const key = `${flags}/${src}`;
  let out = setCache.get(key);
  if (out) return out;
  out = new Set<number>();
  try {
    const re = new RegExp(`^(?:${src})$`, flags);
    SAMPLES.forEach((ch, i) => {
      if (re.test(ch)) out!.add(i);
    });
  } catch {
    for (let i = 0; i < SAMPLES.length; i++) out!.add(i); // unknown: assume it can match anything
  }
  setCache.set(key, out);
  return out;
}

const overlaps = (a: Set<number>, b: Set<number>): boolean => [...a].some((x) => b.has(x));
const union = (sets: Set<number>[]): Set<number> => new Set(sets.flatMap((s) => [...s]));

function nullable(n: RNode): boolean {
  if (n.type === "assert" || n.type === "backref") return true;
  if (n.type === "char") return false;
  if (n.type === "quant") return n.min === 0 || nullable(n.body);
  return n.alts.some((alt) => alt.every(nullable));
}

/** Characters that can start a match of n. */
function first(n: RNode, flags: string): Set<number> {
  if (n.type === "char") return charSet(n.src, flags);
  if (n.type === "assert" || n.type === "backref") return new Set();
  if (n.type === "quant") return first(n.body, flags);
  return union(n.alts.map((alt) => seqFirst(alt, flags)));
}

function seqFirst(seq: RNode[], flags: string): Set<number> {
  const sets: Set<number>[] = [];
  for (const n of seq) {
    sets.push(first(n, flags));
    if (!nullable(n)) break;
  }
  return union(sets);
}

const LARGE = 10;
const repeats = (n: RNode): n is Extract<RNode, { type: "quant" }> => n.type === "quant" && n.max > LARGE;

/** Unbounded quantifiers inside n (n itself included). */
function innerRepeats(n: RNode): Extract<RNode, { type: "quant" }>[] {
  if (n.type === "quant") return [...(repeats(n) ? [n] : []), ...innerRepeats(n.body)];
  if (n.type === "group") return n.alts.flatMap((alt) => alt.flatMap(innerRepeats));
  return [];
}

/** The characters every atom of an alternative can match, when it is made only of (quantified) char atoms. */
function commonChars(alt: RNode[], flags: string): Set<number> | undefined {
  if (alt.length === 0) return undefined;
  let common: Set<number> | undefined;
  for (const n of alt) {
    const atom = n.type === "char" ? n : n.type === "quant" && n.body.type === "char" && n.max >= 1 ? n.body : undefined;
    if (!atom) return undefined;
    const set = charSet(atom.src, flags);
    common = common ? new Set([...common].filter((x) => set.has(x))) : set;
  }
  return common;
}

function altsOf(n: RNode): RNode[][] | undefined {
  if (n.type === "group") return n.alts.length > 1 ? n.alts : n.alts[0].length === 1 ? altsOf(n.alts[0][0]) : undefined;
  return undefined;
}

function altOverlap(alts: RNode[][], flags: string): string | undefined {
  for (let i = 0; i < alts.length; i++)
    for (let j = i + 1; j < alts.length; j++) {
      const a = alts[i].map((n) => n.src).join("");
      const b = alts[j].map((n) => n.src).join("");
      if (a === b && a.length > 0) return `alternatives "${a}" and "${b}" are the same`;
      // Both alternatives can spell a run of one shared character c, so c…c splits into iterations many ways.
      const sa = commonChars(alts[i], flags);
      const sb = commonChars(alts[j], flags);
      if (sa && sb && overlaps(sa, sb)) return `alternatives "${a}" and "${b}" can match the same characters`;
    }
  return undefined;
}

/** Is an inner repeat inside the body "delimited" by a mandatory element whose characters it cannot eat? */
function delimited(body: RNode, inner: Extract<RNode, { type: "quant" }>, flags: string): boolean {
  const seq = body.type === "group" && body.alts.length === 1 ? body.alts[0] : [body];
  const innerSet = first(inner.body, flags);
  return seq.some((n) => n !== inner && !nullable(n) && !innerRepeats(n).includes(inner) && !overlaps(first(n, flags), innerSet));
}

export interface CatastrophicFinding {
  /** The quantified sub-pattern that backtracks. */
  at: string;
  why: string;
}

/** Finds nested quantifiers like `(a+)+` and overlapping alternations under a repeat like `(a|a)*`. */
export function findCatastrophic(source: string, flags = ""): CatastrophicFinding[] {
  const out: CatastrophicFinding[] = [];
  const visit = (n: RNode): void => {
    if (n.type === "quant") {
      if (repeats(n)) {
        const inner = innerRepeats(n.body);
        const bad = inner.find((q) => !delimited(n.body, q, flags));
        if (bad) out.push({ at: n.src, why: `nested quantifier: "${bad.src}" repeats inside "${n.src}"` });
        else {
          const alts = altsOf(n.body);
          const why = alts ? altOverlap(alts, flags) : undefined;
          if (why) out.push({ at: n.src, why: `${why} under a repeat` });
        }
      }
      visit(n.body);
    } else if (n.type === "group") for (const alt of n.alts) for (const a of alt) visit(a);
  };
  visit(parseRegex(source));
  return out;
}

export interface NodeOnlyRejection {
  feature: string;
}

/**
 * When Node rejects a token: is it syntax Bun (JavaScriptCore) accepts? Modifier groups `(?i:…)` and duplicate
 * named groups in different alternatives are accepted by Bun 1.x and rejected by Node 20's V8.
 */
export function bunOnlySyntax(token: string): NodeOnlyRejection | undefined {
  if (/\(\?(?=[ims-]*[ims])[ims]*(?:-[ims]*)?:/.test(token)) return { feature: "a modifier group such as (?i:…)" };
  const names = [...token.matchAll(/\(\?<([A-Za-z_$][\w$]*)>/g)].map((m) => m[1]);
  if (new Set(names).size < names.length) return { feature: "a capture group name used twice" };
  return undefined;
}

/** A leading inline-flag group (`(?i)`, `(?ms)`): dropped by seed-era code, translated by v17 (D2). */
export const hasLeadingInlineFlags = (token: string): boolean => /^\(\?[ims]+\)/.test(token);
