// Atomic file writes: write a temporary file next to the target, then rename over it. A reader (or a CI
// upload step) never sees a half-written report, and an interrupted run leaves the old file intact.
import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

const tempName = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);

export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = tempName(path);
  try {
    await writeFile(tmp, data, { flag: "wx" });
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Streams chunks into `path` atomically: they go to a temporary file next to it (buffered into large
 * writes), which is renamed over the target only when all were written. Memory stays at one chunk.
 */
export async function writeChunksAtomic(path: string, chunks: Iterable<string | Uint8Array>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = tempName(path);
  const fh = await open(tmp, "wx");
  try {
    const pending: Buffer[] = [];
    let size = 0;
    const writeAll = async (b: Buffer) => {
      for (let off = 0; off < b.length; ) off += (await fh.write(b, off, b.length - off)).bytesWritten;
    };
    const flush = async () => {
      if (size === 0) return;
      const buf = pending.length === 1 ? pending[0] : Buffer.concat(pending, size);
      pending.length = 0;
      size = 0;
      await writeAll(buf);
    };
    for (const c of chunks) {
      const b = typeof c === "string" ? Buffer.from(c, "utf8") : Buffer.from(c.buffer, c.byteOffset, c.byteLength);
      if (b.length >= FLUSH_BYTES) {
        await flush();
        await writeAll(b);
        continue;
      }
      pending.push(b);
      size += b.length;
      if (size >= FLUSH_BYTES) await flush();
    }
    await flush();
    await fh.close();
    await rename(tmp, path);
  } catch (e) {
    await fh.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw e;
  }
}

const FLUSH_BYTES = 1 << 20;

/**
 * Removes the numbered files `<n>.js` with n > `count` from `dir`: what an earlier, larger report left in a
 * folder that is written again (a stable default folder, or an --out reused), so no page shows a stale input.
 */
export async function removeNumberedBeyond(dir: string, count: number): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^(\d+)\.js$/.exec(name);
    if (m && Number(m[1]) > count) await rm(join(dir, name), { force: true });
  }
}
