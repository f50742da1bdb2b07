// `replay --json` of a session long enough that stdout is written in many chunks (the writer encodes JSON
// straight into 1 MiB chunks and escapes a chunk only when its bytes hold a control): the bytes must be the
// whole document's JSON.stringify(doc, null, 2), guarded, whatever falls on a chunk boundary. Real content
// (the pi recording repeated), with bidi and C1 controls planted in its text so the escaping path runs too.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSession } from "../../src/app/read/read.js";
import { replayDocument } from "../../src/context/replay.js";
import { isSession } from "../../src/formats/index.js";
import { guardJson } from "../../src/shared/terminal.js";
import { realSession } from "../bench/gen/real.mjs";
import { runCli } from "./run.js";

let dir: string;
let plain: string;
let hostile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sightline-replay-large-"));
  plain = (await realSession(dir, 3)).path;
  // "refactor" occurs only inside string values of the recording: a raw U+202E and U+0085 after each.
  hostile = join(dir, "hostile.jsonl");
  writeFileSync(hostile, readFileSync(plain, "utf8").replaceAll("refactor", "refactor\u202e\u0085"));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function expected(path: string, delta: boolean): Promise<string> {
  const s = await readSession(path);
  if (!isSession(s)) throw new Error("not a session");
  return `${guardJson(JSON.stringify(replayDocument(s, { scope: "all", delta }), null, 2))}\n`;
}

describe("replay --json of a long session", () => {
  for (const which of ["plain", "hostile"] as const) {
    // Deltas: full lists of a session this long are quadratic (hundreds of MB).
    it(`${which} content: stdout is the guarded whole document`, async () => {
      const path = which === "plain" ? plain : hostile;
      const r = runCli(["replay", path, "--json", "--all-leaves", "--delta"]);
      expect(r.code).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(3 * 2 ** 20);
      const want = await expected(path, true);
      if (which === "hostile") expect(want).toContain("\\u202e\\u0085");
      expect(r.stdout === want).toBe(true);
    }, 120_000);
  }
});
