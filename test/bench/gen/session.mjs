// One synthetic session as a stream of JSONL lines, for any format. Deterministic: the same
// (format, seed, events, shape) always yields the same lines.
import { conversation, DEFAULT_SHAPE } from "./driver.mjs";
import { piEmitter } from "./pi.mjs";
import { Prose } from "./prose.mjs";
import { Rng } from "./prng.mjs";
import { scorelEmitter } from "./scorel.mjs";
import { yoiEmitter } from "./yoi.mjs";

export const FORMATS = ["scorel", "pi", "omp17", "yoi"];

/** The sightline format name a generator flavour is read as. */
export const READER_OF = { scorel: "scorel", pi: "pi", omp17: "pi", yoi: "yoi" };

function emitterFor(format, rng, prose, opts) {
  switch (format) {
    case "scorel":
      return scorelEmitter(rng, prose);
    case "pi":
    case "omp17":
      return piEmitter(rng, prose, format);
    case "yoi":
      return yoiEmitter(rng, prose, opts.yoi);
    default:
      throw new Error(`unknown format ${format}`);
  }
}

/**
 * Lines (without "\n") of one session with at least `events` records; it stops at the first turn boundary
 * after that, so every tool call is answered.
 * @param {string} format one of FORMATS
 * @param {{seed:number, events:number, shape?:object, sampleRate?:number, yoi?:object}} opts
 * @returns {Generator<string>}
 */
export function* sessionLines(format, opts) {
  const root = new Rng(opts.seed);
  const prose = new Prose(root.fork(), opts.sampleRate ?? 0.01);
  const steps = conversation(root.fork(), prose, { ...DEFAULT_SHAPE, ...(opts.shape ?? {}) });
  const em = emitterFor(format, root.fork(), prose, opts);
  let n = 0;
  for (const l of em.header()) {
    n++;
    yield l;
  }
  for (const s of steps) {
    for (const l of em.step(s)) {
      n++;
      yield l;
    }
    if (s.t === "turnEnd" && n >= opts.events) return;
  }
}

/** The whole session as one string (small sessions and tests). */
export function sessionText(format, opts) {
  let s = "";
  for (const l of sessionLines(format, opts)) s += l + "\n";
  return s;
}
