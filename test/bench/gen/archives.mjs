// The many-small-file archives of issue 21, generated into the bench cache:
// * `smallRealArchive(dir, count)`: `count` pi sessions of real content, 10–200 KB each (log-uniform), each
//   the recording's header and a run of its entries from a seeded offset (the recording is a v1 file, linear,
//   so any run of entries is a session), as a folder of real sessions of many sizes looks to audit;
// * `smallGeneratedArchive(dir, count)`: `count` small synthetic sessions (pi, omp17, scorel in turn, 20–60
//   events), for memory against the number of files.
// Each is written once into a folder named after its parameters; a `done.json` marks it complete.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Rng, seedOf } from "./prng.mjs";
import { REAL_FIXTURE } from "./real.mjs";
import { sessionText } from "./session.mjs";

function cachedFolder(folder, make) {
  const done = join(folder, "done.json");
  if (existsSync(done)) return JSON.parse(readFileSync(done, "utf8"));
  mkdirSync(folder, { recursive: true });
  const files = make(folder);
  const result = { dir: folder, files, bytes: files.reduce((a, f) => a + f.bytes, 0) };
  writeFileSync(done, JSON.stringify(result));
  return result;
}

export function smallRealArchive(dir, count) {
  const lines = readFileSync(REAL_FIXTURE, "utf8")
    .split("\n")
    .filter((l) => l.length > 0);
  const header = JSON.parse(lines[0]);
  const entries = lines.slice(1).filter((l) => JSON.parse(l).type !== "compaction");
  return cachedFolder(join(dir, `small-real-${statSync(REAL_FIXTURE).size}-${count}`), (folder) => {
    const rng = new Rng(seedOf(`small-real:${count}`));
    const files = [];
    for (let i = 0; i < count; i++) {
      const target = Math.round(10_000 * 20 ** rng.next());
      let at = rng.int(0, entries.length - 1);
      let text = `${JSON.stringify({ ...header, id: `${header.id.slice(0, 24)}${String(i).padStart(12, "0")}` })}\n`;
      while (text.length < target) {
        text += `${entries[at]}\n`;
        at = (at + 1) % entries.length;
      }
      const path = join(folder, `session-${String(i).padStart(5, "0")}.jsonl`);
      writeFileSync(path, text);
      files.push({ path, bytes: Buffer.byteLength(text) });
    }
    return files;
  });
}

export function smallGeneratedArchive(dir, count) {
  return cachedFolder(join(dir, `small-generated-${count}`), (folder) => {
    const formats = ["pi", "omp17", "scorel"];
    const files = [];
    for (let i = 0; i < count; i++) {
      const format = formats[i % formats.length];
      const text = sessionText(format, { seed: i + 1, events: 20 + (i % 9) * 5 });
      const path = join(folder, `${format}-${String(i).padStart(5, "0")}.jsonl`);
      writeFileSync(path, text);
      files.push({ path, bytes: Buffer.byteLength(text) });
    }
    return files;
  });
}
