// Adding a format is one folder under src/formats/ plus one entry in the format registry (docs/adding-a-format.md):
// the format's name, sessions, codes and profiles are all derived from that list. This test holds the rest of the
// code to it: each format folder is registered under its own name, the catalogue's format codes are exactly the
// registered formats' own tables, and the output contract accepts every registered name.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { formats, type FormatName } from "../../src/formats/index.js";
import { FORMAT_PROFILES, profilesOf } from "../../src/formats/profiles.js";
import type { FormatModule } from "../../src/formats/types.js";
import { catalogue, codeArea, type CodeTables } from "../../src/shared/codes.js";
import { checkContract } from "../../src/schema/contract.js";

const ROOT = resolve(import.meta.dirname, "../..");
const FORMATS_DIR = resolve(ROOT, "src/formats");
const folders = readdirSync(FORMATS_DIR).filter((n) => statSync(resolve(FORMATS_DIR, n)).isDirectory());
/** sightline's own areas of the catalogue (src/shared/codes/); every other area is a format's. */
const OWN_AREAS = ["general", "capsule", "ttsr", "context", "app"] as const;
/** The TypeScript files under a folder. */
const grep = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = resolve(dir, n);
    return statSync(p).isDirectory() ? grep(p) : p.endsWith(".ts") ? [p] : [];
  });

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

  it("each format folder is registered once, under the folder's name", async () => {
    const descriptors: FormatModule[] = [];
    for (const dir of folders) {
      const mod = (await import(resolve(FORMATS_DIR, dir, "index.js"))) as Record<string, unknown>;
      const own = Object.values(mod).filter((v): v is FormatModule => typeof v === "object" && v !== null && "createParser" in v && "codes" in v);
      expect(own.length, `src/formats/${dir}/index.ts exports one descriptor`).toBe(1);
      expect(own[0]?.name, dir).toBe(dir);
      // Its codes are its folder's codes.ts table, the one test/setup.ts adds for unit tests.
      const codes = (await import(resolve(FORMATS_DIR, dir, "codes.js"))) as Record<string, unknown>;
      expect(Object.values(codes), `src/formats/${dir}/codes.ts exports its table only`).toHaveLength(1);
      expect(Object.values(codes)[0], dir).toBe(own[0]?.codes);
      descriptors.push(...own);
    }
    expect([...formats].sort((a, b) => a.name.localeCompare(b.name))).toEqual(descriptors.sort((a, b) => a.name.localeCompare(b.name)));
  });

  it("the catalogue's format codes are exactly the registered formats' own tables", () => {
    const names = new Set<string>(formats.map((f) => f.name));
    for (const f of formats)
      for (const [code, spec] of Object.entries(f.codes)) {
        expect(codeArea(code), code).toBe(f.name);
        expect(catalogue[code], code).toBe(spec);
      }
    const areas = new Set(Object.keys(catalogue).map((c) => codeArea(c) ?? "none"));
    expect([...areas].filter((a) => !names.has(a) && !(OWN_AREAS as readonly string[]).includes(a))).toEqual([]);
    // A format's own prefix (PI_, CC_, …) belongs to it alone: no code of it is worded in another area.
    for (const f of formats) {
      const prefixes = new Set(Object.keys(f.codes).flatMap((c) => (/^[A-Z]+_/.exec(c) ?? []).slice(0, 1)));
      const elsewhere = Object.keys(catalogue).filter((c) => codeArea(c) !== f.name && [...prefixes].some((p) => c.startsWith(p)));
      expect(elsewhere, f.name).toEqual([]);
    }
  });

  it("the format names the types know are the registry's: the catalogue's tables and FormatName", () => {
    // Each format's codes.ts adds its table to CodeTables under its name; FormatName is derived from the registry.
    expectTypeOf<Exclude<keyof CodeTables, (typeof OWN_AREAS)[number]>>().toEqualTypeOf<FormatName>();
    expect(new Set<string>(formats.map((f) => f.name)).size).toBe(formats.length);
  });

  it("the replay contract accepts every registered format's name, and only a name", () => {
    const doc = (format: string) => ({
      schemaVersion: 1,
      session: { path: "s.jsonl", format, profile: "p" },
      activeLeafId: null,
      leaves: [],
      systemPrompt: null,
      turns: [],
      diagnostics: [],
    });
    for (const f of formats) expect(checkContract("replay", doc(f.name)), f.name).toEqual([]);
    for (const bad of ["", "Pi", "claude code", "codex-", "pi/2"]) expect(checkContract("replay", doc(bad)), bad).not.toEqual([]);
  });

  it("no source outside src/formats/ tests a session's format by name: a step that needs it is a hook", () => {
    const names = formats.map((f) => f.name).join("|");
    const test = new RegExp(`\\.format\\s*[!=]==?\\s*["'](${names})["']|["'](${names})["']\\s*[!=]==?\\s*\\w+\\.format\\b`);
    const users = grep(resolve(ROOT, "src"))
      .filter((p) => !p.includes("/src/formats/"))
      .filter((p) => test.test(readFileSync(p, "utf8")));
    expect(users.map((p) => p.slice(ROOT.length + 1))).toEqual([]);
  });

  it("no source outside src/formats/ names a format's module: they reach formats through the registry", () => {
    const names = formats.map((f) => `${f.name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Format`);
    const users = grep(resolve(ROOT, "src"))
      .filter((p) => !p.includes("/src/formats/") && !p.endsWith("/entry-formats.ts"))
      .filter((p) => names.some((n) => new RegExp(`\\b${n}\\b`).test(readFileSync(p, "utf8"))));
    expect(users.map((p) => p.slice(ROOT.length + 1))).toEqual([]);
  });
});
