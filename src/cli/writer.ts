// Buffered stdout writing that waits when the pipe is full, so streaming a long output (every turn of a
// long session) never piles up in memory.
import { once } from "node:events";
import { safeJson, safeText } from "./output.js";

export class StreamWriter {
  private buf: string[] = [];
  private size = 0;
  /** `json`: the text is a JSON document (DEL, C1 and bidi controls become \u escapes); else terminal text. */
  constructor(
    private readonly mode: "text" | "json" = "text",
    private readonly stream: NodeJS.WritableStream = process.stdout,
    private readonly chunk = 1 << 16,
  ) {}

  /** Queues text; resolves once the stream can take more. */
  async write(text: string): Promise<void> {
    this.buf.push(text);
    this.size += text.length;
    if (this.size >= this.chunk) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buf.length === 0) return;
    const joined = this.buf.join("");
    // Per character, so escaping pieces equals escaping the whole.
    const text = this.mode === "json" ? safeJson(joined) : safeText(joined);
    this.buf = [];
    this.size = 0;
    if (!this.stream.write(text)) await once(this.stream, "drain");
  }
}
