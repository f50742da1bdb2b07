// The arguments a provider shows while tool-call JSON streams in (docs/strings.md §4): a prefix of the JSON text
// parsed leniently. Complete values are kept, an open string keeps what has streamed, an unfinished number,
// literal or key is dropped, open containers are closed. This is the common behaviour of pi's partial-json and
// omp's relaxed parser for the cases a replay produces (prefixes of valid JSON); their differences on invalid
// or barewords input are not reproduced, since a replay only ever feeds prefixes of recorded JSON.

const FAIL = Symbol("incomplete");
type Parsed = unknown | typeof FAIL;

class Reader {
  i = 0;
  constructor(readonly s: string) {}
  ws(): void {
    while (this.i < this.s.length && " \t\n\r".includes(this.s[this.i])) this.i++;
  }
  get done(): boolean {
    return this.i >= this.s.length;
  }
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

// Copies runs of plain characters with one slice each (long written files stream through here many times).
function parseString(r: Reader): { value: string; complete: boolean } {
  r.i++; // opening quote
  const parts: string[] = [];
  const s = r.s;
  // Next quote / backslash positions, refreshed only once passed (-1: none left), so a string is one scan.
  let q = -2;
  let b = -2;
  while (r.i < s.length) {
    if (q !== -1 && q < r.i) q = s.indexOf('"', r.i);
    if (b !== -1 && b < r.i) b = s.indexOf("\\", r.i);
    const stop = q < 0 ? b : b < 0 ? q : Math.min(q, b);
    if (stop < 0) break;
    parts.push(s.slice(r.i, stop));
    r.i = stop;
    if (s[stop] === '"') {
      r.i++;
      return { value: parts.join(""), complete: true };
    }
    const esc = s.slice(stop, stop + 6);
    if (esc.length < 2) return ((r.i = s.length), { value: parts.join(""), complete: false });
    if (esc[1] === "u") {
      if (!/^\\u[0-9a-fA-F]{4}$/.test(esc)) return ((r.i = s.length), { value: parts.join(""), complete: false });
      parts.push(String.fromCharCode(parseInt(esc.slice(2), 16)));
      r.i += 6;
      continue;
    }
    parts.push(ESCAPES[esc[1]] ?? esc[1]);
    r.i += 2;
  }
  parts.push(s.slice(r.i));
  r.i = s.length;
  return { value: parts.join(""), complete: false };
}

function parseValue(r: Reader): Parsed {
  r.ws();
  if (r.done) return FAIL;
  const c = r.s[r.i];
  if (c === '"') return parseString(r).value;
  if (c === "{") return parseObject(r);
  if (c === "[") return parseArray(r);
  const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(r.s.slice(r.i));
  // A token that reaches the end of the prefix may still grow ("1" → "12", "tr" → "true"): unfinished.
  if (!m || r.i + m[0].length >= r.s.length) {
    r.i = r.s.length;
    return FAIL;
  }
  r.i += m[0].length;
  return JSON.parse(m[0]) as unknown;
}

function parseObject(r: Reader): Record<string, unknown> {
  r.i++;
  const out: Record<string, unknown> = {};
  for (;;) {
    r.ws();
    if (r.done) return out;
    if (r.s[r.i] === "}") {
      r.i++;
      return out;
    }
    if (r.s[r.i] === ",") {
      r.i++;
      continue;
    }
    if (r.s[r.i] !== '"') return ((r.i = r.s.length), out);
    const key = parseString(r);
    if (!key.complete) return out;
    r.ws();
    if (r.s[r.i] !== ":") return ((r.i = r.s.length), out);
    r.i++;
    const v = parseValue(r);
    if (v === FAIL) return out;
    Object.defineProperty(out, key.value, { value: v, enumerable: true, writable: true, configurable: true });
  }
}

function parseArray(r: Reader): unknown[] {
  r.i++;
  const out: unknown[] = [];
  for (;;) {
    r.ws();
    if (r.done) return out;
    if (r.s[r.i] === "]") {
      r.i++;
      return out;
    }
    if (r.s[r.i] === ",") {
      r.i++;
      continue;
    }
    const v = parseValue(r);
    if (v === FAIL) return out;
    out.push(v);
  }
}

// JSON whitespace: space, tab, LF, CR.
const isJsonWs = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const CLOSERS: Record<string, string> = { "{": "}", "[": "]", '"': '"', t: "e", f: "e", n: "l" };

/** False when `text` surely is not one whole JSON value: its last non-blank character cannot end what the first starts. */
function canBeWhole(text: string): boolean {
  let a = 0;
  let b = text.length - 1;
  while (a <= b && isJsonWs(text.charCodeAt(a))) a++;
  while (b >= a && isJsonWs(text.charCodeAt(b))) b--;
  if (a > b) return true; // let JSON.parse decide
  const closer = CLOSERS[text[a]];
  return closer === undefined || closer === text[b];
}

/** Parses streamed argument JSON: whole JSON when it parses, else the lenient prefix parse; `{}` otherwise. */
export function parseStreamingArguments(text: string): unknown {
  if (text.trim().length === 0) return {};
  try {
    // A streamed prefix is rarely whole JSON; a failing JSON.parse scans it and builds an error, so it runs only
    // when the last character can close the value the first one opens (otherwise it would throw anyway).
    if (!canBeWhole(text)) throw FAIL;
    return JSON.parse(text) as unknown;
  } catch {
    try {
      const v = parseValue(new Reader(text.trimStart()));
      return v === FAIL || v === undefined ? {} : v;
    } catch {
      return {};
    }
  }
}
