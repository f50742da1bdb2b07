// What serde_json sees that JSON.parse hides: a number written with a fraction or exponent (or `-0`, or
// an integer beyond u64/i64) is an f64 to serde, so `1.0` is not a u64; and a struct field given twice is
// "duplicate field". A cheap scan decides whether a line needs the slower "serde view" at all.

/** A number serde_json parses as f64 although its value may be integral. */
export class FloatLex {
  constructor(
    readonly value: number,
    readonly lexeme: string,
  ) {}
}

/** Objects of a serde view that had repeated keys (JSON.parse keeps the last; serde structs reject). */
export const duplicateKeys = new WeakMap<object, string[]>();

/** Whether any serde view of this thread met a repeated key: until one does, the checks skip the lookups. */
export const anyDuplicateKeys = (): boolean => sawDuplicates;
let sawDuplicates = false;

const U64_MAX = 18446744073709551615n;
const I64_MIN = -9223372036854775808n;

/** True when an integer lexeme is outside what serde_json keeps as an integer (then it is an f64). */
function integerOverflows(lex: string): boolean {
  const digits = lex.startsWith("-") ? lex.length - 1 : lex.length;
  if (digits < 19) return false;
  const n = BigInt(lex);
  return n > U64_MAX || n < I64_MIN;
}

/**
 * Whether the number lexeme text[s, end) is an f64 to serde_json: a fraction or exponent mark, `-0`, or an
 * integer beyond u64/i64. Read in place: the line scan below meets many numbers and makes no string for them.
 */
function isFloatLexeme(text: string, s = 0, end = text.length): boolean {
  for (let k = s; k < end; k++) {
    const d = text.charCodeAt(k);
    if (d === 46 || d === 101 || d === 69) return true;
  }
  if (end - s === 2 && text.charCodeAt(s) === 45 && text.charCodeAt(s + 1) === 48) return true;
  return end - s >= 19 && integerOverflows(text.slice(s, end));
}

/** End index (exclusive) of the string token starting at the quote `start`. Assumes valid JSON. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    let bs = 0;
    for (let k = q - 1; text.charCodeAt(k) === 92; k--) bs++;
    if (bs % 2 === 0) return q + 1;
    i = q + 1;
  }
}

const isNumChar = (c: number) => (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;
/** End (exclusive) of the number lexeme that starts at `s`. */
function numberEnd(text: string, s: number): number {
  let i = s;
  while (i < text.length && isNumChar(text.charCodeAt(i))) i++;
  return i;
}

/** Object keys in a parsed value, counted in place (no key arrays: this runs on every line). */
function keyCount(v: unknown): number {
  let n = 0;
  const stack: object[] = [];
  let x: unknown = v;
  for (;;) {
    if (Array.isArray(x)) {
      for (const y of x) if (typeof y === "object" && y !== null) stack.push(y);
    } else if (typeof x === "object" && x !== null) {
      // JSON.parse makes plain objects: for-in meets their own keys only (a "__proto__" key is an own key too).
      for (const k in x) {
        n++;
        const y = (x as Record<string, unknown>)[k];
        if (typeof y === "object" && y !== null) stack.push(y);
      }
    }
    if (stack.length === 0) return n;
    x = stack.pop();
  }
}

/** Does serde see this valid JSON text differently from JSON.parse's `parsed`? */
export function needsSerdeView(text: string, parsed: unknown): boolean {
  let colons = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i);
    else if (c === 58) {
      colons++;
      i++;
    } else if ((c >= 48 && c <= 57) || c === 45) {
      const s = i;
      i = numberEnd(text, i);
      if (isFloatLexeme(text, s, i)) return true;
    } else i++;
  }
  return colons !== keyCount(parsed);
}

const WS = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

interface Frame {
  obj: Record<string, unknown> | unknown[];
  key: string;
  seen?: Set<string>;
}

/** Parses valid JSON (JSON.parse already accepted it) keeping f64 lexemes as FloatLex and noting duplicate keys. */
export function serdeView(text: string): unknown {
  let i = 0;
  const ws = () => {
    while (i < text.length && WS(text.charCodeAt(i))) i++;
  };
  const str = (): string => {
    const end = stringEnd(text, i);
    const s = JSON.parse(text.slice(i, end)) as string;
    i = end;
    return s;
  };
  const readKey = (f: Frame) => {
    ws();
    const k = str();
    if (f.seen!.has(k)) {
      duplicateKeys.set(f.obj, [...(duplicateKeys.get(f.obj) ?? []), k]);
      sawDuplicates = true;
    }
    f.seen!.add(k);
    ws();
    i++; // ':'
    f.key = k;
  };
  const stack: Frame[] = [];
  for (;;) {
    ws();
    const c = text.charCodeAt(i);
    let value: unknown;
    if (c === 123 || c === 91) {
      i++;
      ws();
      const f: Frame = c === 123 ? { obj: {}, key: "", seen: new Set() } : { obj: [], key: "" };
      if (text.charCodeAt(i) === (c === 123 ? 125 : 93)) {
        i++;
        value = f.obj;
      } else {
        stack.push(f);
        if (c === 123) readKey(f);
        continue;
      }
    } else if (c === 34) value = str();
    else if (c === 116) [value, i] = [true, i + 4];
    else if (c === 102) [value, i] = [false, i + 5];
    else if (c === 110) [value, i] = [null, i + 4];
    else {
      const s = i;
      i = numberEnd(text, i);
      const lex = text.slice(s, i);
      value = isFloatLexeme(lex) ? new FloatLex(Number(lex), lex) : Number(lex);
    }
    for (;;) {
      const top = stack[stack.length - 1];
      if (!top) return value;
      if (Array.isArray(top.obj)) top.obj.push(value);
      else Object.defineProperty(top.obj, top.key, { value, enumerable: true, writable: true, configurable: true });
      ws();
      const sep = text.charCodeAt(i++);
      if (sep === 44) {
        if (!Array.isArray(top.obj)) readKey(top);
        break;
      }
      stack.pop();
      value = top.obj;
    }
  }
}
