// Reads one JSON object document in text chunks and hands out its top-level members as raw JSON text,
// except one array member whose elements come one at a time. A `replay --json` file of a long session holds
// every turn's full context (quadratic in the session), so `diff <a> <b>` reads it one turn at a time.
// Only the skeleton is scanned here (strings, nesting, commas); each piece goes to the native JSON.parse,
// which is far faster than a JavaScript tokenizer building every value itself, and judges the piece's syntax.

export interface JsonMemberSink {
  /** A top-level member other than the streamed array, as raw JSON text. */
  member(key: string, raw: string): void;
  /** The streamed array begins (so an empty one is told from a missing one). */
  arrayStart?(): void;
  /** One element of the streamed array, as raw JSON text. */
  element(raw: string): void;
}

enum C {
  Quote = 0x22,
  Backslash = 0x5c,
  Comma = 0x2c,
  Colon = 0x3a,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
  OpenBracket = 0x5b,
  CloseBracket = 0x5d,
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

const nextOf = (s: string, ch: string, from: number): number => {
  const k = s.indexOf(ch, from);
  return k === -1 ? -2 : k;
};

/** Thrown for a document whose skeleton is not one JSON object (the caller decides what that means). */
export class JsonShapeError extends Error {
  override name = "JsonShapeError";
}

export class JsonMemberScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Where we are among the top-level members. */
  private phase: "start" | "key" | "colon" | "value" | "array" | "after" | "done" = "start";
  private key = "";
  /** Text of the piece being captured (key, member value or array element) from earlier chunks. */
  private carry = "";
  private capturing = false;

  constructor(
    private readonly arrayKey: string,
    private readonly sink: JsonMemberSink,
  ) {}

  push(chunk: string): void {
    let start = 0;
    let quote = -1;
    let backslash = -1;
    for (let i = 0; i < chunk.length; i++) {
      if (this.inString) {
        // Strings hold nearly all the text: jump from quote to quote, skipping escaped characters.
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        // -2: none left in this chunk (so a long string full of escapes is not searched to its end again).
        if (quote !== -2 && quote < i) quote = nextOf(chunk, '"', i);
        if (backslash !== -2 && backslash < i) backslash = nextOf(chunk, "\\", i);
        if (backslash >= 0 && (quote === -2 || backslash < quote)) {
          i = backslash; // the next iteration is the escaped character
          this.escaped = true;
          continue;
        }
        if (quote === -2) break;
        i = quote;
        this.inString = false;
        if (this.phase === "key") {
          this.key = JSON.parse(this.carry + chunk.slice(start, i + 1)) as string;
          this.capturing = false;
          this.carry = "";
          this.phase = "colon";
        }
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (isSpace(c)) continue;
      if (this.phase === "done") throw new JsonShapeError("text after the end of the document");
      if (this.phase === "start") {
        if (c !== C.OpenBrace) throw new JsonShapeError("not a JSON object");
        this.depth = 1;
        this.phase = "key";
        continue;
      }
      if (this.depth === 1 && this.phase === "key") {
        if (c === C.CloseBrace) this.finishDocument();
        else if (c === C.Quote) {
          this.inString = true;
          this.capturing = true;
          start = i;
        } else throw new JsonShapeError("a member name was expected");
        continue;
      }
      if (this.depth === 1 && this.phase === "colon") {
        if (c !== C.Colon) throw new JsonShapeError("':' was expected");
        this.phase = "value";
        this.capturing = true;
        this.carry = "";
        start = i + 1;
        continue;
      }
      if (
        this.depth === 1 &&
        this.phase === "value" &&
        c === C.OpenBracket &&
        this.key === this.arrayKey &&
        (this.carry + chunk.slice(start, i)).trim() === ""
      ) {
        this.phase = "array";
        this.sink.arrayStart?.();
        this.depth = 2;
        this.carry = "";
        start = i + 1;
        continue;
      }
      if (this.depth === 1 && (c === C.Comma || c === C.CloseBrace)) {
        if (this.phase === "value") this.sink.member(this.key, (this.carry + chunk.slice(start, i)).trim());
        else if (this.phase !== "after") throw new JsonShapeError("a member value was expected");
        this.capturing = false;
        this.carry = "";
        if (c === C.Comma) this.phase = "key";
        else this.finishDocument();
        continue;
      }
      if (this.depth === 2 && this.phase === "array" && (c === C.Comma || c === C.CloseBracket)) {
        const raw = (this.carry + chunk.slice(start, i)).trim();
        this.carry = "";
        start = i + 1;
        if (raw !== "") this.sink.element(raw);
        else if (c === C.Comma) throw new JsonShapeError(`an element of "${this.arrayKey}" was expected`);
        if (c === C.CloseBracket) {
          this.depth = 1;
          this.phase = "after";
          this.capturing = false;
        }
        continue;
      }
      if (this.depth === 1 && this.phase === "after") throw new JsonShapeError("',' or '}' was expected");
      if (c === C.Quote) this.inString = true;
      else if (c === C.OpenBrace || c === C.OpenBracket) this.depth++;
      else if (c === C.CloseBrace || c === C.CloseBracket) {
        this.depth--;
        if (this.depth < 1) throw new JsonShapeError("unbalanced brackets");
      }
    }
    if (this.capturing) this.carry += chunk.slice(start);
  }

  /** Call after the last chunk: a document cut short is an error. */
  end(): void {
    if (this.phase !== "done") throw new JsonShapeError(this.phase === "start" ? "empty document" : "the document ends early");
  }

  private finishDocument(): void {
    this.depth = 0;
    this.phase = "done";
  }
}
