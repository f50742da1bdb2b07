// Which part of a growing buffer a regex has to look at again after text is appended (used by
// incremental-match.ts). A strict parser of JavaScript regex sources without the `u`/`v` flags (Annex B
// grammar): anything it does not fully understand makes the regex "unbounded", and the caller then runs the
// full test exactly as upstream does. Lengths are UTF-16 code units (without `u` every atom is one unit).

/**
 * maxLen: the longest match the regex can produce. reach: how far past a match's end its assertions may
 * inspect the input (`$`, `\b`, `\B` inspect one position; a lookahead as far as its body can reach).
 */
export interface WindowBounds {
  maxLen: number;
  reach: number;
}

class Unsupported extends Error {}

interface Cursor {
  s: string;
  i: number;
}

const HEX = /^[0-9a-fA-F]$/;
const isHex = (s: string, from: number, n: number): boolean => {
  for (let k = 0; k < n; k++) if (!HEX.test(s[from + k] ?? "")) return false;
  return true;
};

/** An atom escape outside a class: returns "assert" for \b \B, else consumes it as one character. */
function escape(c: Cursor): "assert" | "char" {
  const ch = c.s[c.i + 1];
  if (ch === undefined) throw new Unsupported();
  c.i += 2;
  if (ch === "b" || ch === "B") return "assert";
  if (/[1-9]/.test(ch) || ch === "k") throw new Unsupported(); // backreference, or a legacy octal escape
  if (ch === "0") {
    if (/[0-9]/.test(c.s[c.i] ?? "")) throw new Unsupported();
  } else if (ch === "c") {
    if (!/[a-zA-Z]/.test(c.s[c.i] ?? "")) throw new Unsupported(); // Annex B reads `\c` as two literals
    c.i++;
  } else if (ch === "x") {
    if (isHex(c.s, c.i, 2)) c.i += 2; // otherwise an identity escape: the letter x
  } else if (ch === "u") {
    if (isHex(c.s, c.i, 4)) c.i += 4; // otherwise the letter u
  }
  return "char";
}

/** Skips a class `[...]`: the first unescaped `]` closes it, even right after `[` or `[^` (`[]`, `[^]`). */
function skipClass(c: Cursor): void {
  c.i++;
  if (c.s[c.i] === "^") c.i++;
  while (c.i < c.s.length && c.s[c.i] !== "]") c.i += c.s[c.i] === "\\" ? 2 : 1;
  if (c.i >= c.s.length) throw new Unsupported();
  c.i++;
}

const QUANT = /^\{(\d+)(?:(,)(\d*))?\}/;

function quantifier(c: Cursor): { min: number; max: number } | undefined {
  const ch = c.s[c.i];
  let q: { min: number; max: number } | undefined;
  if (ch === "*") (q = { min: 0, max: Infinity }), c.i++;
  else if (ch === "+") (q = { min: 1, max: Infinity }), c.i++;
  else if (ch === "?") (q = { min: 0, max: 1 }), c.i++;
  else if (ch === "{") {
    const m = QUANT.exec(c.s.slice(c.i));
    if (!m) return undefined; // Annex B: a `{` that is no quantifier is a literal
    q = { min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3]) };
    c.i += m[0].length;
  }
  if (q && c.s[c.i] === "?") c.i++;
  return q;
}

/** Bounds of a disjunction up to an unmatched `)` or the end. `inBehind`: no assertion may appear. */
function disjunction(c: Cursor, inBehind: boolean): WindowBounds {
  let maxLen = 0;
  let reach = 0;
  for (;;) {
    const alt = alternative(c, inBehind);
    maxLen = Math.max(maxLen, alt.maxLen);
    reach = Math.max(reach, alt.reach);
    if (c.s[c.i] !== "|") return { maxLen, reach };
    c.i++;
  }
}

function alternative(c: Cursor, inBehind: boolean): WindowBounds {
  let maxLen = 0;
  let reach = 0;
  while (c.i < c.s.length && c.s[c.i] !== "|" && c.s[c.i] !== ")") {
    const t = term(c, inBehind);
    const q = t.quantifiable ? quantifier(c) : undefined;
    if (!t.quantifiable && /^[*+?]/.test(c.s[c.i] ?? "")) throw new Unsupported();
    if (q && q.max === 0) continue; // `x{0}` matches only the empty string (its assertions never run)
    maxLen += q ? (t.maxLen === 0 ? 0 : q.max * t.maxLen) : t.maxLen;
    // Assertions are counted as if they stood at the match's end: an over-estimate is safe.
    reach = Math.max(reach, t.reach);
  }
  return { maxLen, reach };
}

function term(c: Cursor, inBehind: boolean): WindowBounds & { quantifiable: boolean } {
  const ch = c.s[c.i];
  if (ch === "^") {
    c.i++;
    if (inBehind) throw new Unsupported();
    return { maxLen: 0, reach: 0, quantifiable: false };
  }
  if (ch === "$") {
    c.i++;
    if (inBehind) throw new Unsupported();
    return { maxLen: 0, reach: 1, quantifiable: false };
  }
  if (ch === "\\") {
    if (escape(c) === "assert") {
      if (inBehind) throw new Unsupported();
      return { maxLen: 0, reach: 1, quantifiable: false };
    }
    return { maxLen: 1, reach: 0, quantifiable: true };
  }
  if (ch === "[") {
    skipClass(c);
    return { maxLen: 1, reach: 0, quantifiable: true };
  }
  if (ch === "(") return group(c, inBehind);
  if (ch === "*" || ch === "+" || ch === "?") throw new Unsupported();
  c.i++; // `.`, a literal, or an Annex B literal `]`, `{`, `}`
  return { maxLen: 1, reach: 0, quantifiable: true };
}

function group(c: Cursor, inBehind: boolean): WindowBounds & { quantifiable: boolean } {
  const s = c.s;
  let kind: "plain" | "ahead" | "behind" = "plain";
  if (s.startsWith("(?:", c.i)) c.i += 3;
  else if (s.startsWith("(?=", c.i) || s.startsWith("(?!", c.i)) (c.i += 3), (kind = "ahead");
  else if (s.startsWith("(?<=", c.i) || s.startsWith("(?<!", c.i)) (c.i += 4), (kind = "behind");
  else if (s.startsWith("(?<", c.i)) {
    const close = s.indexOf(">", c.i);
    if (close < 0) throw new Unsupported();
    c.i = close + 1;
  } else if (s[c.i + 1] === "?")
    throw new Unsupported(); // modifiers or anything newer
  else c.i++;
  if (kind !== "plain" && inBehind) throw new Unsupported();
  const inner = disjunction(c, inBehind || kind === "behind");
  if (s[c.i] !== ")") throw new Unsupported();
  c.i++;
  // A lookahead reads up to its body's length (and its body's own reach) from where it stands.
  if (kind === "ahead") return { maxLen: 0, reach: inner.maxLen + inner.reach, quantifiable: false };
  // A lookbehind only reads text before its position, which appending never changes.
  if (kind === "behind") return { maxLen: 0, reach: 0, quantifiable: false };
  return { ...inner, quantifiable: true };
}

const PLAIN_FLAGS = /^[ims]*$/;

/**
 * The window bounds of a compiled condition, or undefined when the regex must be tested in full: flags
 * other than i/m/s, backreferences, unbounded quantifiers (the match can start anywhere), or syntax this
 * parser does not understand.
 */
export function windowBounds(re: RegExp): WindowBounds | undefined {
  if (!PLAIN_FLAGS.test(re.flags)) return undefined;
  try {
    const c: Cursor = { s: re.source, i: 0 };
    const b = disjunction(c, false);
    if (c.i !== c.s.length) return undefined;
    if (!Number.isFinite(b.maxLen) || !Number.isFinite(b.reach)) return undefined;
    return b;
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

// Punctuation whose escape is the character itself (identity escapes that are never classes or assertions).
const PUNCT_ESCAPE = /^\\[\^$\\.*+?()[\]{}|/\-,:;=!<>#&~@%'"`]$/;
const PLAIN = /^[^\^$\\.*+?()[\]{}|]$/;

/**
 * The longest run of literal characters every match must contain (top-level, unquantified, adjacent), or
 * undefined: with a top-level alternation, the `i` flag, no such run, or syntax this parser does not know.
 * While that run is absent from a buffer, the regex cannot match it.
 */
export function requiredLiteral(re: RegExp): string | undefined {
  if (!/^[ms]*$/.test(re.flags)) return undefined;
  const s = re.source;
  const c: Cursor = { s, i: 0 };
  let best = "";
  let run = "";
  try {
    while (c.i < s.length) {
      if (s[c.i] === "|" || s[c.i] === ")") return undefined;
      const start = c.i;
      const t = term(c, false);
      const src = s.slice(start, c.i);
      const q = t.quantifiable ? quantifier(c) : undefined;
      const ch = q ? undefined : PLAIN.test(src) ? src : PUNCT_ESCAPE.test(src) ? src[1] : undefined;
      if (ch !== undefined) run += ch;
      else run = "";
      if (run.length > best.length) best = run;
    }
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
  return best.length > 0 ? best : undefined;
}
