// The coordinating thread's young generation, held at the size it has (issue 21). V8 doubles a thread's young
// generation (up to 2 × 16 MB) whenever more bytes survive its minor collections than it holds; during an audit
// the main thread only feeds the workers and keeps each session's digest, and those digests, all surviving,
// doubled it once per run: ≈ 17 MB more RSS for no speed (it collects rarely either way). Growth is a V8 flag read
// at each growth, so it can be changed while running; but V8 raises it back to at least 2 whenever a thread's heap
// is set up (each worker's start), so the pool calls `afterThreadStart` once a worker is online. A worker, which
// does need its young generation (it builds every session), then starts at its full size (`beforeThreadStart`)
// instead of growing to it.
// The old generation is held close too: V8 lets a small heap grow up to 4× what survived its last full collection
// before the next one, and the report files written at the end (summary.json alone is ≈ 20 MB for 15,000
// sessions) promote that much short-lived garbage: ≈ 25 MB more at the peak of an audit of the Codex archive.
// A 10 % growth factor (`--heap-growing-percent`, also read at each collection) keeps it ≈ 8 MB over what lives,
// for no measurable CPU on the bench's corpora.
// Neither is done when the command line sets that flag itself (NODE_OPTIONS or node's own arguments).
import { setFlagsFromString } from "node:v8";

/** V8's default. */
const DEFAULT_FACTOR = 2;
let held = false;

// V8 flags (set while running), not sightline's.
const growBy = (factor: number): void => setFlagsFromString(`--semi-space-growth-factor=${factor}`);
const growOldBy = (percent: number): void => setFlagsFromString(`--heap-growing-percent=${percent}`);
/** The command line (node's own arguments or NODE_OPTIONS) sets this V8 flag itself: sightline leaves it alone. */
export const setByUser = (flag: string): boolean => [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((a) => a.includes(flag));
/** The old generation's growth while held (0 = V8's own, dynamic factor). */
const OLD_GROWTH_PERCENT = 10;
let oldHeld = false;

/** Whether holdHeapGrowth holds the young generations (the command line does not set their growth itself). */
export const holdsYoungGrowth = (): boolean => !setByUser("semi-space-growth-factor");

/** From now on this process's threads keep their young generation at its current size (until released). */
export function holdHeapGrowth(): void {
  if (!oldHeld && !setByUser("heap-growing-percent")) {
    oldHeld = true;
    growOldBy(OLD_GROWTH_PERCENT);
  }
  if (held || !holdsYoungGrowth()) return;
  held = true;
  growBy(1);
}

/** Young generations grow again as V8 decides. */
export function releaseHeapGrowth(): void {
  if (oldHeld) {
    oldHeld = false;
    growOldBy(0);
  }
  if (!held) return;
  held = false;
  growBy(DEFAULT_FACTOR);
  setFlagsFromString("--min-semi-space-size=0");
}

/**
 * A worker whose young generation is capped at `maxYoungMb` is about to start: it starts at that size if held (or
 * `hold`: a worker started before the audit holds growth, app/audit/early.ts).
 */
export function beforeThreadStart(maxYoungMb: number | undefined, hold = held): void {
  // The young generation is two semi-spaces.
  if (hold && maxYoungMb) setFlagsFromString(`--min-semi-space-size=${Math.floor(maxYoungMb / 2)}`);
}

/** A worker's heap was just set up (and V8 reset the factor): hold again if held. */
export function afterThreadStart(): void {
  if (held) growBy(1);
}

export const youngGenerationHeld = (): boolean => held;
