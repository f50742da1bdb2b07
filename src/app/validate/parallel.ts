// `validate` of one large pi file on every core: the file is cut into ranges of whole lines; worker threads
// do each line's own work (decode, JSON.parse, lone-surrogate scan, entry schema: formats/pi/line-facts.ts)
// and this thread carries the file's reader on from those facts in line order (header, ids, migration,
// then the tree, its invariants and the profile choice, which need the whole file). The findings are the
// single-core reader's (a property test holds it). Small files, other formats, standard input, a file whose
// header is not accepted, or no built worker script: undefined, and the caller reads the usual way.
import { availableParallelism } from "node:os";
import { createSessionParser, type ParsedSession } from "../../formats/index.js";
import type { PiLineFacts } from "../../formats/pi/line-facts.js";
import type { PiParser } from "../../formats/pi/parse.js";
import { splitBytes } from "../../io/lines.js";
import { lineStartsAt, readRange } from "../../io/ranges.js";
import { isStdin } from "../../io/read.js";
import { fileSize } from "../../io/stat.js";
import { isDirectory } from "../../io/text.js";
import { WorkerPool, workerScript } from "../workers/pool.js";
import { decodeFacts, eachFacts, type ChunkResult, type ChunkTask } from "./chunks.js";

/** Files smaller than this are read on one core (starting workers costs more than it saves). */
export const PARALLEL_MIN_BYTES = 16 * 2 ** 20;
const CHUNK_BYTES = 4 * 2 ** 20;
/** The head this thread reads itself: the header, a title slot, what detection needs. */
const HEAD_BYTES = 64 * 2 ** 10;

export interface ParallelOptions {
  profile?: string;
  /** Threads (default: the cores). Fewer than 2: undefined (no gain). */
  workers?: number;
  minBytes?: number;
  /** Byte offsets to cut at (each moved to the next line start); default: ranges of about 4 MiB. */
  cuts?: number[];
  /** Bytes this thread reads itself before the ranges (default 64 KiB; tests cut small files). */
  headBytes?: number;
  /** Runs a range (tests: in-process); default: a worker pool over the built chunk worker. */
  runChunk?: (t: ChunkTask) => Promise<ChunkResult>;
}

// One file at a time is read in parallel: several large inputs validated together would each start a pool.
let busy = false;

export async function readSessionParallel(path: string, opts: ParallelOptions = {}): Promise<ParsedSession | undefined> {
  if (busy || isStdin(path)) return undefined;
  const workers = opts.workers ?? availableParallelism();
  const script = opts.runChunk ? null : workerScript("validate/chunk-worker.js");
  if (workers < 2 || (!opts.runChunk && !script)) return undefined;
  const size = fileSize(path);
  if (size < (opts.minBytes ?? PARALLEL_MIN_BYTES) || size === 0) return undefined;
  busy = true;
  // The workers start first: their start-up (modules, schemas) overlaps this thread's reading of the head.
  const pool = opts.runChunk ? null : new WorkerPool<ChunkTask, ChunkResult>(script!, workers - 1, null);
  try {
    if (await isDirectory(path)) return undefined;
    const [headEnd] = await lineStartsAt(path, [Math.min(size, opts.headBytes ?? HEAD_BYTES)], size);
    if (headEnd >= size) return undefined;
    const head = await readRange(path, 0, headEnd);
    // A NUL byte near the start: the usual reader says BINARY_FILE.
    if (head.subarray(0, 8192).indexOf(0) >= 0) return undefined;
    const sniffer = createSessionParser({ profile: opts.profile, file: path });
    const headLines = splitBytes(head);
    for (const l of headLines) sniffer.push(l);
    const p = sniffer.parser as Partial<PiParser> | null;
    const version = p?.headerVersion?.();
    if (!p?.pushFacts || version === undefined) return undefined;
    const pi = p as PiParser;
    const ranges = await rangesOf(path, headEnd, size, opts.cuts, workers);
    const run = opts.runChunk ?? ((t: ChunkTask) => pool!.run(t));
    const task = (i: number): ChunkTask => ({ path, start: ranges[i][0], end: ranges[i][1], version });
    let base = headLines.length;
    const push = (f: PiLineFacts) => {
      f.no += base;
      pi.pushFacts(f);
    };
    const who = new Ranges(ranges.length, run, task, workers - 1);
    for (let i = 0; i < ranges.length; i++) {
      const mine = who.takeFront(i);
      if (mine) base += await eachFacts(mine, push);
      else {
        const facts = await who.theirs(i);
        for (const f of facts) push(f);
        base += facts.length;
      }
    }
    // The workers are done: they stop while this thread finishes the reading.
    void pool?.close();
    return sniffer.finish();
  } finally {
    busy = false;
    await pool?.close();
  }
}

/**
 * Who reads which range. This thread reads ranges from the front, in order, handing each line on at once; the
 * workers take ranges from the back (one running and one waiting each), and their facts wait, as the JSON
 * text they came as, until this thread reaches them. So the threads share the file by their speed (a worker
 * that starts late or runs slowly takes fewer ranges), and this thread waits for a worker only where the two
 * ends meet.
 */
class Ranges {
  readonly #taken: (Promise<ChunkResult> | undefined)[] = [];
  /** The first and the last range nobody has taken. */
  #front = 0;
  #back: number;
  #inFlight = 0;

  constructor(
    n: number,
    private readonly run: (t: ChunkTask) => Promise<ChunkResult>,
    private readonly task: (i: number) => ChunkTask,
    private readonly threads: number,
  ) {
    this.#back = n - 1;
    this.#feed();
  }

  /** Range i's task when nobody has taken it yet (it is then this thread's), else undefined. */
  takeFront(i: number): ChunkTask | undefined {
    if (i !== this.#front || this.#front > this.#back) return undefined;
    this.#front++;
    return this.task(i);
  }

  /** The facts of range i, which a worker took. */
  async theirs(i: number): Promise<PiLineFacts[]> {
    const r = await this.#taken[i]!;
    this.#taken[i] = undefined;
    return decodeFacts(r);
  }

  #feed(): void {
    while (this.#inFlight < 2 * this.threads && this.#front <= this.#back) {
      const i = this.#back--;
      this.#inFlight++;
      const p = this.run(this.task(i)).then((r) => {
        this.#inFlight--;
        this.#feed();
        return r;
      });
      // A failure surfaces where the range is awaited in order.
      p.catch(() => undefined);
      this.#taken[i] = p;
    }
  }
}

/** Ranges of whole lines covering [from, size): at the given cuts, or about CHUNK_BYTES each (at least one per thread). */
async function rangesOf(path: string, from: number, size: number, cuts: readonly number[] | undefined, workers: number): Promise<[number, number][]> {
  const n = Math.max(workers, Math.ceil((size - from) / CHUNK_BYTES));
  const wanted = cuts ?? Array.from({ length: n - 1 }, (_, i) => from + Math.round(((i + 1) * (size - from)) / n));
  const starts = await lineStartsAt(
    path,
    [...wanted].filter((c) => c > from && c < size).sort((a, b) => a - b),
    size,
  );
  const bounds = [from, ...starts, size].filter((b, i, all) => i === 0 || b > all[i - 1]);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < bounds.length; i++) out.push([bounds[i], bounds[i + 1]]);
  return out;
}
