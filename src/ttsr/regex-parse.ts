// A small parser for JavaScript regex sources (no `u` flag), enough for the catastrophic-backtracking
// analysis in regex-safety.ts. It never throws: anything it does not understand becomes an opaque atom.

export type RNode =
  | { type: "char"; src: string } // matches exactly one character (literal, class, escape class, dot)
  | { type: "assert"; src: string } // zero-width: ^ $ \b \B and lookarounds
  | { type: "backref"; src: string }
  | { type: "group"; alts: RNode[][]; src: string }
  | { type: "quant"; min: number; max: number; body: RNode; src: string };

interface Cursor {
  s: string;
  i: number;
}

function readEscape(c: Cursor): string {
  const start = c.i;
  c.i++; // the backslash
  const ch = c.s[c.i++] ?? "";
  if (ch === "x") c.i += 2;
  else if (ch === "u") c.i = c.s[c.i] === "{" ? c.s.indexOf("}", c.i) + 1 || c.s.length : c.i + 4;
  else if (ch === "c") c.i += 1;
  else if ((ch === "p" || ch === "P") && c.s[c.i] === "{") c.i = c.s.indexOf("}", c.i) + 1 || c.s.length;
  else if (ch === "k" && c.s[c.i] === "<") c.i = c.s.indexOf(">", c.i) + 1 || c.s.length;
  else if (/[1-9]/.test(ch)) while (/[0-9]/.test(c.s[c.i] ?? "")) c.i++;
  c.i = Math.min(c.i, c.s.length);
  return c.s.slice(start, c.i);
}

function readClass(c: Cursor): string {
  const start = c.i;
  c.i++;
  if (c.s[c.i] === "^") c.i++;
  if (c.s[c.i] === "]") c.i++; // a leading ] is... an empty class in JS; harmless either way
  while (c.i < c.s.length && c.s[c.i] !== "]") {
    if (c.s[c.i] === "\\") c.i += 2;
    else c.i++;
  }
  c.i = Math.min(c.i + 1, c.s.length);
  return c.s.slice(start, c.i);
}

function readQuantifier(c: Cursor): { min: number; max: number; src: string } | undefined {
  const start = c.i;
  const ch = c.s[c.i];
  let q: { min: number; max: number } | undefined;
  if (ch === "*") q = { min: 0, max: Infinity };
  else if (ch === "+") q = { min: 1, max: Infinity };
  else if (ch === "?") q = { min: 0, max: 1 };
  else if (ch === "{") {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(c.s.slice(c.i));
    if (!m) return undefined;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    c.i += m[0].length - 1;
    q = { min, max };
  }
  if (!q) return undefined;
  c.i++;
  if (c.s[c.i] === "?") c.i++; // lazy: same backtracking space
  return { ...q, src: c.s.slice(start, c.i) };
}

function parseAlts(c: Cursor): RNode[][] {
  const alts: RNode[][] = [[]];
  while (c.i < c.s.length) {
    const ch = c.s[c.i];
    if (ch === ")") break;
    if (ch === "|") {
      c.i++;
      alts.push([]);
      continue;
    }
    const start = c.i;
    let node: RNode;
    if (ch === "(") {
      c.i++;
      let assert = false;
      if (c.s.startsWith("?:", c.i)) c.i += 2;
      else if (c.s.startsWith("?=", c.i) || c.s.startsWith("?!", c.i)) {
        c.i += 2;
        assert = true;
      } else if (c.s.startsWith("?<=", c.i) || c.s.startsWith("?<!", c.i)) {
        c.i += 3;
        assert = true;
      } else if (c.s.startsWith("?<", c.i)) c.i = c.s.indexOf(">", c.i) + 1 || c.s.length;
      else if (c.s[c.i] === "?") {
        const m = /^\?[a-zA-Z-]*:?/.exec(c.s.slice(c.i));
        c.i += m ? m[0].length : 1; // modifier groups (Bun) are treated as plain groups
      }
      const inner = parseAlts(c);
      if (c.s[c.i] === ")") c.i++;
      node = assert ? { type: "assert", src: c.s.slice(start, c.i) } : { type: "group", alts: inner, src: c.s.slice(start, c.i) };
    } else if (ch === "[") node = { type: "char", src: readClass(c) };
    else if (ch === "\\") {
      const src = readEscape(c);
      if (src === "\\b" || src === "\\B") node = { type: "assert", src };
      else if (/^\\([1-9]|k<)/.test(src)) node = { type: "backref", src };
      else node = { type: "char", src };
    } else if (ch === "^" || ch === "$") {
      c.i++;
      node = { type: "assert", src: ch };
    } else {
      c.i++;
      node = { type: "char", src: ch };
    }
    const q = readQuantifier(c);
    if (q) node = { type: "quant", min: q.min, max: q.max, body: node, src: c.s.slice(start, c.i) };
    alts[alts.length - 1].push(node);
  }
  return alts;
}

/** Parses a whole pattern into its top-level alternatives. */
export function parseRegex(source: string): RNode {
  const c: Cursor = { s: source, i: 0 };
  const alts = parseAlts(c);
  while (c.i < source.length) {
    // a stray `)`: skip it and keep going (the source did not compile anyway)
    c.i++;
    alts.push(...parseAlts(c));
  }
  return { type: "group", alts, src: source };
}
