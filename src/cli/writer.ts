// Buffered stdout writing that waits when the pipe is full, so streaming a long output (every turn of a
// long session) never piles up in memory.
import { once } from "node:events";
import { jsonBytesNeedGuard } from "../shared/terminal.js";
import { safeJson, safeText } from "./output.js";

/** Bytes of JSON gathered before a write: each piece is encoded straight into it, never joined as text. */
const JSON_CHUNK = 1 << 20;

export class StreamWriter {
  private buf: string[] = [];
  private size = 0;
  private bytes: Buffer | null = null;
  private used = 0;
  /** `json`: the text is a JSON document (DEL, C1 and bidi controls become \u escapes); else terminal text. */
  constructor(
    private readonly mode: "text" | "json" = "text",
    private readonly stream: NodeJS.WritableStream = process.stdout,
    private readonly chunk = 1 << 16,
  ) {}

  /** Queues text; resolves once the stream can take more. */
  async write(text: string): Promise<void> {
    if (this.mode === "json") return this.writeJson(text);
    this.buf.push(text);
    this.size += text.length;
    if (this.size >= this.chunk) await this.flush();
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
  private async writeJson(text: string): Promise<void> {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (this.bytes !== null && this.used + 3 * text.length > this.bytes.length) await this.flushJson();
    if (3 * text.length > JSON_CHUNK) return this.putJson(Buffer.from(text, "utf8"));
    this.bytes ??= Buffer.allocUnsafe(JSON_CHUNK);
    this.used += this.bytes.write(text, this.used, "utf8");
  }

  private async flushJson(): Promise<void> {
    if (this.bytes === null || this.used === 0) return;
    const full = this.bytes.subarray(0, this.used);
    // A fresh chunk next time: the stream may still hold this one.
    this.bytes = null;
    this.used = 0;
    await this.putJson(full);
  }

  private putJson(bytes: Buffer): Promise<void> {
    return this.put(jsonBytesNeedGuard(bytes) ? safeJson(bytes.toString("utf8")) : bytes);
  }

  private async put(data: string | Uint8Array): Promise<void> {
    if (!this.stream.write(data)) await once(this.stream, "drain");
  }
}
