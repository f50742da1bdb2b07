// Adding a format is one folder under src/formats/ plus one entry in the format registry (docs/adding-a-format.md):
// everything that lists formats or profiles is derived from that list, and what cannot be derived (the schema's
// enum of format names) is held to it here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { formats } from "../../src/formats/index.js";
import { FORMAT_PROFILES, profilesOf } from "../../src/formats/profiles.js";

const ROOT = resolve(import.meta.dirname, "../..");

describe("the format registry", () => {
  it("each descriptor describes exactly its own profiles, its default among them", () => {
    for (const f of formats) {
      expect(Object.keys(f.about.profiles), f.name).toEqual([...f.profiles]);
      expect(f.profiles, f.name).toContain(f.about.defaultProfile);
    }
  });

  it("the profile registry is the format registry's, in sniff order", () => {
    expect(FORMAT_PROFILES.map((p) => p.format)).toEqual(formats.map((f) => f.name));
    expect(FORMAT_PROFILES.map(profilesOf)).toEqual(formats.map((f) => [...f.profiles]));
  });

  it("the replay contract's format enum names every registered format", () => {
    const schema = readFileSync(resolve(ROOT, "src/schema/json/contract/replay.json"), "utf8");
    const listed = JSON.parse(/"format": \{ "enum": (\[[^\]]*\])/.exec(schema)?.[1] ?? "[]") as string[];
    expect([...listed].sort()).toEqual(formats.map((f) => f.name).sort());
  });

  it("no source outside src/formats/ names a format's module: they reach formats through the registry", () => {
    const grep = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = resolve(dir, n);
        return statSync(p).isDirectory() ? grep(p) : p.endsWith(".ts") ? [p] : [];
      });
    const names = formats.map((f) => `${f.name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Format`);
    const users = grep(resolve(ROOT, "src"))
      .filter((p) => !p.includes("/src/formats/") && !p.endsWith("/entry-formats.ts"))
      .filter((p) => names.some((n) => new RegExp(`\\b${n}\\b`).test(readFileSync(p, "utf8"))));
    expect(users.map((p) => p.slice(ROOT.length + 1))).toEqual([]);
  });
});
