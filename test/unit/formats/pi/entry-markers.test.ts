// The profile choice reads markers the reader gathers as entries come (profile.ts EntryMarkers): they must be
// what a pass over the entries finds (newerMarkers, the first pi 1.x marker, the first v17-only entry), here on
// a file holding many of each kind, out of order, and on every pi fixture.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { newerMarkers } from "../../../../src/formats/pi/newer.js";
import { entryMarkers, EntryMarkers } from "../../../../src/formats/pi/profile.js";
import type { PiEntry } from "../../../../src/formats/pi/model.js";
import { FIX, parseFixture } from "./helpers.js";

const at = (type: string, raw: Record<string, unknown>, line: number): PiEntry => ({ line, id: `e${line}`, parentId: null, type, raw: { type, ...raw } });

/** The markers as chooseProfile read them before the reader gathered them. */
function byPass(entries: readonly PiEntry[]) {
  const all = newerMarkers(entries);
  const firstPi = newerMarkers(entries, 1, (m) => m.writer === "pi").shown[0]?.line;
  const v17 = entries.find((e) => ["reset_boundary", "title_change", "credential_pin"].includes(e.type));
  return { shown: all.shown, total: all.total, firstPiLine: firstPi, v17: v17 && `${v17.type} entry on line ${v17.line}` };
}

const gathered = (m: EntryMarkers) => ({ shown: m.shown, total: m.total, firstPiLine: m.firstPiLine, v17: m.v17 });

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".jsonl") ? [p] : [];
  });
}

describe("formats/pi/profile: markers gathered entry by entry", () => {
  it("equal a pass over the entries: the first three, the count, the first pi 1.x line, the first v17 entry", () => {
    const entries = [
      at("message", { message: { role: "user" } }, 2),
      at("model_usage", {}, 3),
      at("credential_pin", {}, 4),
      at("compaction", { method: "handoff" }, 5),
      at("usage", {}, 6),
      at("title_change", {}, 7),
      at("message", { message: { role: "system" } }, 8),
      at("context_edit", {}, 9),
    ];
    const m = new EntryMarkers();
    for (const e of entries) m.add(e);
    expect(gathered(m)).toEqual(byPass(entries));
    expect(m.total).toBe(5);
    expect(m.firstPiLine).toBe(6);
    expect(m.v17).toBe("credential_pin entry on line 4");
    expect(gathered(entryMarkers([]))).toEqual({ shown: [], total: 0, firstPiLine: undefined, v17: undefined });
  });

  it("on every pi fixture", () => {
    const all = files(FIX);
    expect(all.length).toBeGreaterThan(20);
    for (const f of all) {
      const s = parseFixture(relative(FIX, f));
      expect(gathered(entryMarkers(s.entries)), f).toEqual(byPass(s.entries));
    }
  });
});
