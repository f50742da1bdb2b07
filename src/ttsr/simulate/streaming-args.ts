// parseStreamingArguments (partial-json.ts, docs/strings.md §4) of every growing prefix of one recorded argument
// text, without re-parsing the prefix: providers re-parse the whole buffer on every delta, which over a replay
// is quadratic per tool call (a 1 MB write streamed in 16-character deltas is 65k parses of up to 1 MB). Here
// a resumable JSON tokenizer keeps its place between deltas, so each character is read once, and a snapshot
// costs the open containers' widths: completed values are built once and shared by every later snapshot, open
// strings are a concatenation of finished pieces plus a slice of the recorded text (no copy).
// The snapshot values are exactly parseStreamingArguments(prefix) (property-tested at every delta). The
// tokenizer only follows valid JSON; at the first character that cannot continue a JSON text (the lenient
// parse's own quirks on such input) the stream falls back to parseStreamingArguments on each prefix.
// Snapshots share completed sub-values: callers must treat them as read-only.
import { parseStreamingArguments } from "./partial-json.js";

const FAIL = Symbol("no value");
type Snap = unknown;

// Container states. Objects: KeyOrClose after `{`, Key after `,`, Colon, Value after `:`; arrays: KeyOrClose
// after `[`, Value after `,`. Open: a value is being read (the open scalar or the frame above).
const O = { KeyOrClose: 0, Key: 1, Colon: 2, Value: 3, Open: 4, CommaOrClose: 5 } as const;
type State = (typeof O)[keyof typeof O];
interface Frame {
  obj: Record<string, unknown> | null;
  arr: unknown[] | null;
  state: State;
  key: string;
}

interface Str {
  kind: "str";
  key: boolean;
  /** Decoded text before `run`. */
  done: string;
  /** Start of the current run of plain characters in the recorded text. */
  run: number;
}
interface Tok {
  kind: "num" | "lit";
  start: number;
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const NUMBER_WHOLE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
// Every prefix of a JSON number.
const NUMBER_PREFIX = /^-?(?:(?:0|[1-9]\d*)(?:\.\d*|(?:\.\d+)?(?:[eE][+-]?\d*)?)?)?$/;
const LITERALS = ["true", "false", "null"];
const HEX4 = /^[0-9a-fA-F]{4}$/;
// Deeper nesting may overflow the recursive whole-prefix parse, which then answers `{}`: leave it to that parse.
const MAX_DEPTH = 500;

const isWs = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isNumChar = (c: number): boolean => (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
const isLetter = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);

function define(o: Record<string, unknown>, key: string, value: unknown): void {
  // As the whole-prefix parse: an own data property even for `__proto__`; a repeated key keeps its place.
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The streamed arguments after each prefix `text.slice(0, end)`, for non-decreasing `end`. */
export class StreamingArguments {
  readonly #s: string;
  #pos = 0;
  #frames: Frame[] = [];
  #scalar: Str | Tok | null = null;
  /** 0: no value yet, 1: the root value is open, 2: it is complete (only whitespace may follow). */
  #root = 0;
  #value: unknown = undefined;
  #failed = false;
  // Next `"` / `\` at or after #pos in the whole text (text.length when none): one scan per string, not per delta.
  #q = -1;
  #b = -1;

  constructor(text: string) {
    this.#s = text;
  }

  /** False once the text stopped being a JSON prefix (snapshots are then whole-prefix parses). */
  get incremental(): boolean {
    return !this.#failed;
  }

  /** parseStreamingArguments(text.slice(0, end)). */
  advance(end: number): unknown {
    const e = Math.min(end, this.#s.length);
    if (!this.#failed && !this.#run(e)) this.#failed = true;
    return this.#failed ? parseStreamingArguments(this.#s.slice(0, e)) : this.#snapshot();
  }

  /** Reads up to `end`; false when the text stops being a JSON prefix. */
  #run(end: number): boolean {
    const s = this.#s;
    while (this.#pos < end) {
      const sc = this.#scalar;
      if (sc !== null) {
        const r = sc.kind === "str" ? this.#string(sc, end) : this.#token(sc, end);
        if (r === false) return false;
        if (r === "wait") return true;
        continue;
      }
      const c = s.charCodeAt(this.#pos);
      if (isWs(c)) {
        this.#pos++;
        continue;
      }
      if (!this.#structural(c)) return false;
    }
    return true;
  }

  #structural(c: number): boolean {
    const f = this.#frames.at(-1);
    if (f === undefined) {
      if (this.#root !== 0) return false; // text after the value
      this.#root = 1;
      return this.#startValue(c);
    }
    if (f.obj !== null) {
      switch (f.state) {
        case O.KeyOrClose:
        case O.Key:
          if (c === 0x7d && f.state === O.KeyOrClose) return this.#close();
          if (c !== 0x22) return false;
          this.#scalar = { kind: "str", key: true, done: "", run: ++this.#pos };
          return true;
        case O.Colon:
          if (c !== 0x3a) return false;
          f.state = O.Value;
          this.#pos++;
          return true;
        case O.Value:
          f.state = O.Open;
          return this.#startValue(c);
        case O.CommaOrClose:
          if (c === 0x7d) return this.#close();
          if (c !== 0x2c) return false;
          f.state = O.Key;
          this.#pos++;
          return true;
        default:
          return false;
      }
    }
    if (f.state === O.KeyOrClose && c === 0x5d) return this.#close();
    if (f.state === O.KeyOrClose || f.state === O.Value) {
      f.state = O.Open;
      return this.#startValue(c);
    }
    if (f.state !== O.CommaOrClose) return false;
    if (c === 0x5d) return this.#close();
    if (c !== 0x2c) return false;
    f.state = O.Value;
    this.#pos++;
    return true;
  }

  #startValue(c: number): boolean {
    const at = this.#pos;
    if (c === 0x7b || c === 0x5b) {
      if (this.#frames.length >= MAX_DEPTH) return false;
      this.#frames.push({ obj: c === 0x7b ? {} : null, arr: c === 0x5b ? [] : null, state: O.KeyOrClose, key: "" });
      this.#pos++;
      return true;
    }
    if (c === 0x22) {
      this.#scalar = { kind: "str", key: false, done: "", run: at + 1 };
      this.#pos++;
      return true;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) this.#scalar = { kind: "num", start: at };
    else if (c === 0x74 || c === 0x66 || c === 0x6e) this.#scalar = { kind: "lit", start: at };
    else return false;
    return true;
  }

  #close(): boolean {
    const f = this.#frames.pop() as Frame;
    this.#pos++;
    this.#complete(f.obj ?? f.arr);
    return true;
  }

  /** A value finished: into its container, or as the root value. */
  #complete(v: unknown): void {
    const f = this.#frames.at(-1);
    if (f === undefined) {
      this.#root = 2;
      this.#value = v;
      return;
    }
    if (f.obj !== null) define(f.obj, f.key, v);
    else (f.arr as unknown[]).push(v);
    f.state = O.CommaOrClose;
  }

  /** Reads string characters up to `end`: "wait" when the string (or an escape in it) is still open. */
  #string(st: Str, end: number): "wait" | "done" | false {
    const s = this.#s;
    for (;;) {
      const i = this.#pos;
      if (this.#q < i) this.#q = nextOf(s, '"', i);
      if (this.#b < i) this.#b = nextOf(s, "\\", i);
      const stop = Math.min(this.#q, this.#b);
      if (stop >= end) {
        this.#pos = end;
        return "wait";
      }
      if (stop === this.#q) {
        const value = st.done + s.slice(st.run, stop);
        this.#scalar = null;
        this.#pos = stop + 1;
        if (st.key) {
          const f = this.#frames.at(-1) as Frame;
          f.key = value;
          f.state = O.Colon;
        } else this.#complete(value);
        return "done";
      }
      // An escape: decoded once whole; until then the position rests on its backslash.
      this.#pos = stop;
      if (stop + 1 >= end) return "wait";
      const kind = s[stop + 1];
      let decoded: string;
      let len = 2;
      if (kind === "u") {
        if (stop + 6 > end) return /^[0-9a-fA-F]*$/.test(s.slice(stop + 2, end)) ? "wait" : false;
        const hex = s.slice(stop + 2, stop + 6);
        if (!HEX4.test(hex)) return false;
        decoded = String.fromCharCode(parseInt(hex, 16));
        len = 6;
      } else {
        const d = ESCAPES[kind];
        if (d === undefined) return false;
        decoded = d;
      }
      st.done = st.done + s.slice(st.run, stop) + decoded;
      st.run = stop + len;
      this.#pos = stop + len;
    }
  }

  /** Reads a number or literal up to `end`. */
  #token(t: Tok, end: number): "wait" | "done" | false {
    const s = this.#s;
    const accepts = t.kind === "num" ? isNumChar : isLetter;
    let i = this.#pos;
    while (i < end && accepts(s.charCodeAt(i))) i++;
    this.#pos = i;
    const text = s.slice(t.start, i);
    // Stop as soon as the token cannot be (the start of) a JSON value: the lenient parse reads such tokens its own way.
    if (t.kind === "num" ? !NUMBER_PREFIX.test(text) : !LITERALS.some((l) => l.startsWith(text))) return false;
    if (i >= end) return "wait";
    this.#scalar = null;
    if (t.kind === "num") {
      if (!NUMBER_WHOLE.test(text)) return false;
      this.#complete(JSON.parse(text) as unknown);
    } else {
      if (!LITERALS.includes(text)) return false;
      this.#complete(JSON.parse(text) as unknown);
    }
    return "done";
  }

  /** The value of the open scalar as the whole-prefix parse gives it (FAIL: it leaves no value). */
  #scalarValue(sc: Str | Tok, nested: boolean): Snap | typeof FAIL {
    if (sc.kind === "str") return sc.key ? FAIL : sc.done + this.#s.slice(sc.run, this.#pos);
    const text = this.#s.slice(sc.start, this.#pos);
    if (sc.kind === "lit") return !nested && LITERALS.includes(text) ? (JSON.parse(text) as unknown) : FAIL;
    // A whole number at the end of the prefix may still grow: dropped when nested; the root one is whole JSON.
    if (NUMBER_WHOLE.test(text)) return nested ? FAIL : (JSON.parse(text) as unknown);
    // "1." or "1e+": the lenient parse takes the longest number in front and stops after it.
    const m = NUMBER.exec(text);
    return m ? (JSON.parse(m[0]) as unknown) : FAIL;
  }

  #snapshot(): unknown {
    if (this.#root === 2) return this.#value;
    if (this.#root === 0) return {};
    const frames = this.#frames;
    let child: Snap | typeof FAIL = this.#scalar ? this.#scalarValue(this.#scalar, frames.length > 0) : FAIL;
    for (let k = frames.length - 1; k >= 0; k--) {
      const f = frames[k];
      const open = f.state === O.Open && child !== FAIL;
      if (f.obj !== null) {
        const copy = { ...f.obj };
        if (open) define(copy, f.key, child);
        child = copy;
      } else {
        const copy = (f.arr as unknown[]).slice();
        if (open) copy.push(child);
        child = copy;
      }
    }
    return child === FAIL ? {} : child;
  }
}

function nextOf(s: string, ch: string, from: number): number {
  const i = s.indexOf(ch, from);
  return i < 0 ? s.length : i;
}
