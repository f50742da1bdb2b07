// Buffered stdout writing that waits when the pipe is full, so streaming a long output (every turn of a
// long session) never piles up in memory.
import { once } from "node:events";
import { escapedRoom, escapeJsonInto } from "../shared/json-escape.js";
import { jsonBytesNeedGuard } from "../shared/terminal.js";
import { safeJson, safeText } from "./output.js";

/** Bytes of JSON gathered before a write: each piece is encoded straight into it, never joined as text. */
const JSON_CHUNK = 1 << 20;
/**
 * JSON strings of texts at least this long are remembered for a copy if written again soon (shorter ones are
 * cheaper to escape than to compare). Comparing a text with a remembered one is a pointer check when it is the
 * same string, and otherwise stops at the length or the first differing character.
 */
const AGAIN_MIN = 256;
/** How many are remembered: a message's text and its block's may have other long strings between them. */
const AGAIN_SLOTS = 4;

export class StreamWriter {
  private buf: string[] = [];
  private size = 0;
  private bytes: Buffer | null = null;
  private used = 0;
  /**
   * The last long texts written into `bytes` as JSON strings (AGAIN_SLOTS of them, in turn) and where their
   * bytes are: written again, they are copied.
   */
  private readonly againText: (string | null)[] = new Array(AGAIN_SLOTS).fill(null);
  private readonly againStart: number[] = new Array(AGAIN_SLOTS).fill(0);
  private readonly againEnd: number[] = new Array(AGAIN_SLOTS).fill(0);
  private againNext = 0;
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
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (bytes !== null && this.used + 3 * text.length > bytes.length) return this.flushJson().then(() => this.writeJson(text));
    if (3 * text.length > JSON_CHUNK) return this.putJson(Buffer.from(text, "utf8"));
    this.bytes ??= Buffer.allocUnsafe(JSON_CHUNK);
    this.used += this.bytes.write(text, this.used, "utf8");
    return undefined;
  }

  /**
   * Writes JSON.stringify(text), escaped straight into the chunk's bytes (shared/json-escape.ts) in JSON mode.
   * The same long text written again soon (a message's text and its block's) is copied.
   */
  writeJsonString(text: string): Promise<void> | undefined {
    if (this.mode !== "json") return this.write(JSON.stringify(text));
    if (text.length >= AGAIN_MIN && this.copied(text)) return undefined;
    const bytes = this.bytes;
    const room = escapedRoom(text.length);
    if (room > JSON_CHUNK) return this.writeJson(JSON.stringify(text));
    if (bytes !== null && this.used + room > bytes.length) return this.flushJson().then(() => this.writeJsonString(text));
    this.bytes ??= Buffer.allocUnsafe(JSON_CHUNK);
    this.scratch ??= Buffer.allocUnsafe(JSON_CHUNK / 2);
    const start = this.used;
    const end = escapeJsonInto(text, this.bytes, start, this.scratch);
    if (end < 0) return this.writeJson(JSON.stringify(text));
    this.used = end;
    if (text.length >= AGAIN_MIN) this.remember(text, start);
    return undefined;
  }

  /** Copies the bytes of `text`, written as a JSON string into this chunk, when they are there and fit. */
  private copied(text: string): boolean {
    const bytes = this.bytes;
    if (bytes === null) return false;
    for (let k = 0; k < AGAIN_SLOTS; k++) {
      if (this.againText[k] !== text) continue;
      const start = this.againStart[k];
      const end = this.againEnd[k];
      if (this.used + end - start > bytes.length) return false;
      this.used += bytes.copy(bytes, this.used, start, end);
      return true;
    }
    return false;
  }

  private remember(text: string, start: number): void {
    const k = this.againNext;
    this.againNext = (k + 1) % AGAIN_SLOTS;
    this.againText[k] = text;
    this.againStart[k] = start;
    this.againEnd[k] = this.used;
  }

  private async flushJson(): Promise<void> {
    if (this.bytes === null || this.used === 0) return;
    const full = this.bytes.subarray(0, this.used);
    // A fresh chunk next time: the stream may still hold this one.
    this.bytes = null;
    this.used = 0;
    this.againText.fill(null);
    await this.putJson(full);
  }

  private putJson(bytes: Buffer): Promise<void> {
    return this.put(jsonBytesNeedGuard(bytes) ? safeJson(bytes.toString("utf8")) : bytes);
  }

  private async put(data: string | Uint8Array): Promise<void> {
    if (!this.stream.write(data)) await once(this.stream, "drain");
  }
}
