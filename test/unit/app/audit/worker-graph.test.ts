// An audit worker loads a format's reader and context builders only when a file of that format arrives (issue 21:
// every module costs each worker's isolate memory). This file imports the registry without src/formats/index.ts,
// so it starts with no format loaded, as a worker does; the second test holds the lazy path to the eager one.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { staticGraph } from "../module-graph.js";

const ROOT = resolve(import.meta.dirname, "../../../..");
const SRC = resolve(ROOT, "src");

// What a worker may hold of a format before a file of it arrives: its head and what its head needs.
const HEAD_PARTS = /^formats\/[^/]+\/(head|codes|model)\.ts$|^formats\/scorel\/(detect|profiles|problems)\.ts$/;

const sessionFixtures = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = resolve(dir, n);
      return statSync(p).isDirectory() ? sessionFixtures(p) : p.endsWith(".jsonl") ? [p] : [];
    });

describe("the audit worker's module graph", () => {
  it("holds no format's reader or context builders, only their heads", () => {
    const graph = [...staticGraph(resolve(SRC, "app/audit/worker.ts"))].map((f) => relative(SRC, f));
    const formatFiles = graph.filter((f) => /^formats\/[^/]+\//.test(f));
    expect(formatFiles.filter((f) => !HEAD_PARTS.test(f))).toEqual([]);
    for (const name of ["claude-code", "codex", "pi", "scorel", "yoi"]) expect(graph).toContain(`formats/${name}/head.ts`);
    expect(graph).not.toContain("formats/index.ts");
  });

  it("reading a file loads its format only, and gives the same session as with every format loaded", async () => {
    const summary = async (path: string) => {
      const { readSession } = await import("../../../../src/app/read/read.js");
      const registry = await import("../../../../src/formats/registry.js");
      const s = await readSession(path);
      const turns = registry.isSession(s) ? registry.moduleOf(s).turns(s) : [];
      const tree = registry.isSession(s) ? { nodes: s.tree.nodes, leaves: s.tree.leaves, active: s.tree.activeLeafId } : null;
      // The session as JSON (Maps aside, the tree and turns spelled out), hashed: a mismatch names the file only.
      const json = JSON.stringify({ ...s, tree, lineOf: undefined, turns });
      return { s: `${relative(ROOT, path)} ${createHash("sha256").update(json).digest("hex")}`, loaded: registry.loadedFormats().map((f) => f.name) };
    };
    const files = sessionFixtures(resolve(ROOT, "fixtures"));
    expect(files.length).toBeGreaterThan(150);
    // One fresh registry per file: each read meets its format unloaded and goes through the reload.
    const lazy: string[] = [];
    for (const f of files) {
      vi.resetModules();
      const { s, loaded } = await summary(f);
      expect(loaded.length, f).toBeLessThanOrEqual(1);
      lazy.push(s);
    }
    vi.resetModules();
    await import("../../../../src/formats/index.js");
    const eager: string[] = [];
    for (const f of files) {
      const { s, loaded } = await summary(f);
      expect(loaded).toHaveLength(5);
      eager.push(s);
    }
    expect(lazy).toEqual(eager);
  }, 120_000);
});
