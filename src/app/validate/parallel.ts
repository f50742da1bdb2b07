// `validate` of one large pi file on every core: the file is cut into ranges of whole lines, which this thread
// and worker threads take in turn from one counter (claim.ts). Each line's own work (decode, JSON.parse,
// lone-surrogate scan, entry schema: formats/pi/line-facts.ts) is done by whichever thread took its range, and
// this thread carries the file's reader on from those facts in line order (header, ids, migration, then the
// tree, its invariants and the profile choice, which need the whole file), between its own ranges, so that
// little of it is left when the last range is in. The findings are the single-core reader's (a property
// test holds it). Small files, other formats, standard input, a file whose header is not accepted, or no
// built worker script: undefined, and the caller reads the usual way.
import { availableParallelism } from "node:os";
import { createSessionParser, ensureFormat, FormatNotLoaded, formatHeads, type ParsedSession } from "../../formats/registry.js";
import type { PiLineFacts } from "../../formats/pi/line-facts.js";
import type { PiParser } from "../../formats/pi/parse.js";
import { splitBytes } from "../../io/lines.js";
import type { LineRecord } from "../../shared/lines.js";
import { RangeReader } from "../../io/ranges.js";
import { isStdin } from "../../io/read.js";
import { fileSize } from "../../io/stat.js";
import { isDirectory } from "../../io/text.js";
import { workerScript } from "../workers/pool.js";
import type { ChunkResult, ChunkTask } from "./chunks.js";
import { newClaim, take } from "./claim.js";
import { defaultCuts } from "./cuts.js";
import { inProcessReader, type OtherReaders, workerReaders } from "./others.js";
import { PARALLEL_MIN_BYTES } from "./early.js";

export { PARALLEL_MIN_BYTES };
/** The head this thread reads itself: the header, a title slot, what detection needs. */
const HEAD_BYTES = 64 * 2 ** 10;

export interface ParallelOptions {
  profile?: string;
  /** Threads (default: the cores). Fewer than 2: undefined (no gain). */
  workers?: number;
  minBytes?: number;
  /** Byte offsets to cut at (each moved to the next line start); default: ranges of about 2 MiB. */
  cuts?: number[];
  /** Bytes this thread reads itself before the ranges (default 64 KiB; tests cut small files). */
  headBytes?: number;
  /** Reads the other reader's ranges on this thread (tests); default: worker threads over the built chunk worker. */
  runChunk?: (t: ChunkTask) => Promise<ChunkResult>;
  /** The other readers (tests: how their stop is waited for); default: as runChunk says. */
  others?: () => OtherReaders;
}

// One file at a time is read in parallel: several large inputs validated together would each start workers.
let busy = false;

export async function readSessionParallel(path: string, opts: ParallelOptions = {}): Promise<ParsedSession | undefined> {
  if (busy || isStdin(path)) return undefined;
  const workers = opts.workers ?? availableParallelism();
  const inProcess = opts.runChunk !== undefined || opts.others !== undefined;
  const script = inProcess ? null : workerScript("validate/chunk-worker.js");
  if (workers < 2 || (!inProcess && !script)) return undefined;
  const size = fileSize(path);
  if (size < (opts.minBytes ?? PARALLEL_MIN_BYTES) || size === 0) return undefined;
  busy = true;
  let others: OtherReaders | undefined;
  // Set once every range is in: the threads then stop on their own, nobody waits for them.
  let stopping: Promise<void> | undefined;
  let file: RangeReader | undefined;
  try {
    if (await isDirectory(path)) return undefined;
    file = new RangeReader(path);
    const [headEnd] = file.lineStartsAt([Math.min(size, opts.headBytes ?? HEAD_BYTES)], size);
    if (headEnd >= size) return undefined;
    const head = file.read(0, headEnd);
    // A NUL byte near the start: the usual reader says BINARY_FILE.
    if (head.subarray(0, 8192).indexOf(0) >= 0) return undefined;
    const headLines = splitBytes(head);
    // The workers start as soon as the file is known to be pi, before this thread loads the pi reader: their
    // start-up (modules) overlaps that and this thread's first ranges, and they take fewer ranges for it. A
    // header the reader then refuses stops them (finally).
    const startOthers = () => (others ??= opts.others ? opts.others() : opts.runChunk ? inProcessReader(opts.runChunk) : workerReaders(script!, workers - 1));
    const sniffer = await sniff(headLines, path, opts.profile, startOthers);
    const p = sniffer?.parser as Partial<PiParser> | null | undefined;
    const version = p?.headerVersion?.();
    if (!p?.pushFacts || version === undefined) return undefined;
    const pi = p as PiParser;
    others = startOthers();
    // The per-line reader (the pi schemas and their precompiled validators) is loaded once the workers are
    // starting, not before: on one large file that load was on the way to the other threads' start.
    const { decodeFacts, eachFactsOf } = await import("./chunks.js");
    const ranges = rangesOf(file, headEnd, size, opts.cuts, workers);
    const claim = newClaim(ranges.length);
    others.start({ path, ranges, version, claim: claim.buffer as SharedArrayBuffer });
    const from = others;
    let base = headLines.length;
    const push = (f: PiLineFacts) => {
      f.no += base;
      pi.pushFacts(f);
    };
    // The next range to hand on, and this thread's ranges read before their turn (a worker still reads one before).
    let next = 0;
    const early = new Map<number, PiLineFacts[]>();
    // The workers' facts wait, as the JSON text they came as, until their turn (parsed earlier, they would live
    // long enough for every minor GC to copy them).
    const handOn = async (wait: boolean): Promise<void> => {
      for (; next < ranges.length; next++) {
        let facts = early.get(next);
        if (facts) early.delete(next);
        else if (wait || from.ready(next)) facts = decodeFacts(await from.result(next));
        else return;
        for (const f of facts) push(f);
        base += facts.length;
      }
    };
    // One callback for both cases: eachLineOf's optimised code, specialised to the function it is given, is
    // thrown away and made again when a second one comes.
    let keep: PiLineFacts[] | undefined;
    const onFacts = (f: PiLineFacts): void => {
      if (keep) keep.push(f);
      else push(f);
    };
    // This thread's ranges are read synchronously (io/ranges.ts RangeReader), the workers' facts taken in between.
    for (let i = take(claim); i !== undefined; i = take(claim)) {
      await from.turn();
      await handOn(false);
      const bytes = file.view(ranges[i][0], ranges[i][1]);
      // Its turn: each line is handed on as it is read; else its facts are kept for their turn.
      keep = i === next ? undefined : [];
      const n = eachFactsOf(bytes, version, onFacts);
      if (keep) early.set(i, keep);
      else {
        base += n;
        next++;
      }
    }
    await handOn(true);
    // The workers are done. A worker's exit (its heap freed, its thread joined) took 10–25 ms that this thread
    // waited for before going on; it now goes on at once (the end of the reading, the findings sorted and
    // printed) while they stop (docs/performance.md §4.33). The process still exits after them.
    stopping = others.stop().catch(() => undefined);
    return sniffer!.finish();
  } finally {
    busy = false;
    file?.close();
    // A reading that failed or gave up: its threads are stopped before the usual reader takes over.
    if (stopping === undefined) await others?.stop();
  }
}

/**
 * The head's lines fed to a format-detecting parser. Only a format whose reader takes line facts (pi) is loaded
 * here (the registry loads a format with its first file), after `onFound`: a head of another format is left to the
 * usual reader (undefined).
 */
async function sniff(lines: readonly LineRecord[], file: string, profile: string | undefined, onFound: () => void) {
  for (let loaded = false; ; loaded = true) {
    const sniffer = createSessionParser({ profile, file });
    try {
      for (const l of lines) sniffer.push(l);
      return sniffer;
    } catch (e) {
      // Asked for again once loaded: a bug, thrown as read.ts does.
      if (!(e instanceof FormatNotLoaded) || loaded) throw e;
      if (!formatHeads.find((h) => h.name === e.format)?.readsLineFacts) return undefined;
      onFound();
      await ensureFormat(e.format);
    }
  }
}

/** Ranges of whole lines covering [from, size): at the given cuts, or the default ones (cuts.ts). */
function rangesOf(file: RangeReader, from: number, size: number, cuts: readonly number[] | undefined, workers: number): [number, number][] {
  const wanted = cuts ?? defaultCuts(from, size, workers);
  const starts = file.lineStartsAt(
    [...wanted].filter((c) => c > from && c < size).sort((a, b) => a - b),
    size,
  );
  const bounds = [from, ...starts, size].filter((b, i, all) => i === 0 || b > all[i - 1]);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < bounds.length; i++) out.push([bounds[i], bounds[i + 1]]);
  return out;
}
