// Buffered stdout writing that waits when the pipe is full, so streaming a long output (every turn of a
// long session) never piles up in memory.
import { once } from "node:events";
import { escapedRoom, escapeJsonInto } from "../shared/json-escape.js";
import { jsonBytesNeedGuard } from "../shared/terminal.js";
import { safeJson, safeText } from "./output.js";

/** Bytes of JSON gathered before a write: each piece is encoded straight into it, never joined as text. */
const JSON_CHUNK = 1 << 20;
/**
 * Pieces at least this long are remembered for a copy if written again next but one (shorter ones are cheaper
 * to encode than to compare). Comparing a piece with the remembered one is a pointer check when it is the same
 * string, and otherwise stops at the length or the first differing character.
 */
const AGAIN_MIN = 256;

export class StreamWriter {
  private buf: string[] = [];
  private size = 0;
  private bytes: Buffer | null = null;
  private used = 0;
  /**
   * The last long piece encoded into `bytes`, whether it went in as a JSON string (writeJsonString) or as it
   * is, and where its bytes are: written again the same way, they are copied.
   */
  private again: string | null = null;
  private againQuoted = false;
  private againStart = 0;
  private againEnd = 0;
  /** Where writeJsonString encodes a text before escaping it into the chunk. */
  private scratch: Buffer | null = null;
  /** `json`: the text is a JSON document (DEL, C1 and bidi controls become \u escapes); else terminal text. */
  constructor(
    private readonly mode: "text" | "json" = "text",
    private readonly stream: NodeJS.WritableStream = process.stdout,
    private readonly chunk = 1 << 16,
  ) {}

  /**
   * Queues text. A promise when the caller must wait (the stream is full or a chunk goes out), else undefined:
   * `replay --json` writes ≈ 130,000 pieces for a long session, and awaiting each one cost a turn of the
   * microtask queue (docs/performance.md §4.30).
   */
  write(text: string): Promise<void> | undefined {
    if (this.mode === "json") return this.writeJson(text);
    this.buf.push(text);
    this.size += text.length;
    return this.size >= this.chunk ? this.flush() : undefined;
  }

  async flush(): Promise<void> {
    if (this.mode === "json") return this.flushJson();
    if (this.buf.length === 0) return;
    const joined = this.buf.join("");
    this.buf = [];
    this.size = 0;
    await this.put(safeText(joined));
  }

  // JSON: UTF-8 encoded piece by piece into a chunk; the chunk is escaped (safeJson) only when its bytes hold
  // a character to escape, which is checked on the bytes. Per character, so escaping chunks equals escaping the whole.
  private writeJson(text: string): Promise<void> | undefined {
    const bytes = this.bytes;
    if (bytes !== null && text === this.again && !this.againQuoted && this.used + this.againEnd - this.againStart <= bytes.length) {
      this.used += bytes.copy(bytes, this.used, this.againStart, this.againEnd);
      return undefined;
    }
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (bytes !== null && this.used + 3 * text.length > bytes.length) return this.flushJson().then(() => this.writeJson(text));
    if (3 * text.length > JSON_CHUNK) return this.putJson(Buffer.from(text, "utf8"));
    this.bytes ??= Buffer.allocUnsafe(JSON_CHUNK);
    const start = this.used;
    this.used += this.bytes.write(text, start, "utf8");
    if (text.length >= AGAIN_MIN) this.remember(text, false, start);
    return undefined;
  }

  /**
   * Writes JSON.stringify(text), escaped straight into the chunk's bytes (shared/json-escape.ts) in JSON mode.
   * The same long text written again next but one (a message's text and its block's) is copied.
   */
  writeJsonString(text: string): Promise<void> | undefined {
    if (this.mode !== "json") return this.write(JSON.stringify(text));
    const bytes = this.bytes;
    if (bytes !== null && text === this.again && this.againQuoted && this.used + this.againEnd - this.againStart <= bytes.length) {
      this.used += bytes.copy(bytes, this.used, this.againStart, this.againEnd);
      return undefined;
    }
    const room = escapedRoom(text.length);
    if (room > JSON_CHUNK) return this.writeJson(JSON.stringify(text));
    if (bytes !== null && this.used + room > bytes.length) return this.flushJson().then(() => this.writeJsonString(text));
    this.bytes ??= Buffer.allocUnsafe(JSON_CHUNK);
    this.scratch ??= Buffer.allocUnsafe(JSON_CHUNK / 2);
    const start = this.used;
    const end = escapeJsonInto(text, this.bytes, start, this.scratch);
    if (end < 0) return this.writeJson(JSON.stringify(text));
    this.used = end;
    if (text.length >= AGAIN_MIN) this.remember(text, true, start);
    return undefined;
  }

  private remember(text: string, quoted: boolean, start: number): void {
    this.again = text;
    this.againQuoted = quoted;
    this.againStart = start;
    this.againEnd = this.used;
  }

  private async flushJson(): Promise<void> {
    if (this.bytes === null || this.used === 0) return;
    const full = this.bytes.subarray(0, this.used);
    // A fresh chunk next time: the stream may still hold this one.
    this.bytes = null;
    this.used = 0;
    this.again = null;
    await this.putJson(full);
  }

  private putJson(bytes: Buffer): Promise<void> {
    return this.put(jsonBytesNeedGuard(bytes) ? safeJson(bytes.toString("utf8")) : bytes);
  }

  private async put(data: string | Uint8Array): Promise<void> {
    if (!this.stream.write(data)) await once(this.stream, "drain");
  }
}
