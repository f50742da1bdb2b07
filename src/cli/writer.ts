// Buffered stdout writing that waits when the pipe is full, so streaming a long output (every turn of a
// long session) never piles up in memory.
import { once } from "node:events";

export class StreamWriter {
  private buf: string[] = [];
  private size = 0;
  constructor(private readonly stream: NodeJS.WritableStream = process.stdout, private readonly chunk = 1 << 16) {}

  /** Queues text; resolves once the stream can take more. */
  async write(text: string): Promise<void> {
    this.buf.push(text);
    this.size += text.length;
    if (this.size >= this.chunk) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buf.length === 0) return;
    const text = this.buf.join("");
    this.buf = [];
    this.size = 0;
    if (!this.stream.write(text)) await once(this.stream, "drain");
  }
}
