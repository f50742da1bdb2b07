// What the CLI's main thread loads before it does any work (issue 21): main() and every command's declaration load
// no engine, each handler imports its job when it runs, and the audit orchestrator leaves the in-thread audit
// (formats, context, TTSR: most of the code) to the files it audits itself. During a worker audit this thread only
// feeds the pool, keeps digests and writes the report; each module it loads is RSS it holds to the end (§4 of
// docs/performance.md measures it).
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadGraph, reachable } from "./import-graph.js";

const SRC = resolve(import.meta.dirname, "../../src");
const graph = loadGraph(SRC);
const loads = (from: string): string[] => [...reachable(graph, from)].sort();
const under = (files: string[], prefixes: readonly string[]): string[] => files.filter((f) => prefixes.some((p) => f.startsWith(p)));

// The engines and the jobs that run them: loaded by a handler, a worker, or an in-thread audit when needed.
const ENGINES = ["formats/", "context/", "capsule/", "schema/", "ttsr/simulate/", "ttsr/rules/"];
const JOBS = ["app/audit/", "app/validate/", "app/replay/", "app/ttsr/", "app/check/", "app/read/", "app/capsule/", "app/report-folder/write.ts"];

describe("architecture: the main thread's module graph", () => {
  it("follows static value imports, not type-only imports or import()", () => {
    // file.ts reaches the format registry's heads statically, each format's reader only with import().
    expect(graph.get("app/audit/file.ts")).toContain("formats/registry.ts");
    expect(under(loads("app/audit/file.ts"), ["formats/"]).length).toBeGreaterThan(15);
    expect(loads("app/audit/file.ts")).not.toContain("formats/pi/parse.ts");
    // worker.ts imports audit.ts for types only, and the TTSR replay with import().
    expect(graph.get("app/audit/worker.ts")).not.toContain("app/audit/audit.ts");
    expect(graph.get("app/audit/worker.ts")).not.toContain("app/audit/ttsr.ts");
    expect(graph.get("cli/command.ts")).toEqual([]);
  });

  it("main() and the command declarations load no engine and no job", () => {
    const files = loads("cli/main.ts");
    expect(files).toContain("cli/commands/audit.ts");
    expect(under(files, [...ENGINES, ...JOBS])).toEqual([]);
    // A budget, so a new static import of a heavy module is a decision: 58 files when this was written (418 before).
    expect(files.length).toBeLessThanOrEqual(75);
  });

  it("the launcher's early start of an audit's workers loads no engine and no job but the start itself", () => {
    // bin/sightline.js imports cli/early.ts before main() for an audit (app/audit/early.ts).
    const files = loads("cli/early.ts");
    expect(under(files, [...ENGINES, ...JOBS])).toEqual(["app/audit/early.ts", "app/audit/limits.ts"]);
    expect(files.length).toBeLessThanOrEqual(20);
  });

  it("validate loads no format's reader and no rule checker before a file needs them", () => {
    // One large pi file: the other threads start only once this thread has read the head (docs/performance.md §4.22).
    const files = loads("app/validate/validate.ts");
    expect(files).toContain("formats/registry.ts");
    expect(files.filter((f) => /^formats\/[^/]+\/(index|parse)\.ts$/.test(f) || f === "formats/index.ts")).toEqual([]);
    expect(under(files, ["ttsr/", "app/validate/kinds.ts", "capsule/index.ts", "capsule/validate.ts"])).toEqual([]);
    // Nor the per-line reader of the other threads (the pi schemas and validators), loaded once they are starting.
    expect(files).not.toContain("app/validate/chunks.ts");
    expect(under(files, ["formats/pi/line-facts.ts", "formats/pi/schema.ts", "schema/"])).toEqual([]);
  });

  it("the audit orchestrator does not load the in-thread audit", () => {
    const files = loads("app/audit/audit.ts");
    expect(under(files, ["formats/", "capsule/", "schema/", "ttsr/", "app/read/", "app/ttsr/", "app/audit/file.ts", "app/audit/ttsr.ts"])).toEqual([
      // Of formats/, only the name test of a yoi segment (a session folder's segments go to one worker: schedule.ts),
      // a module that imports nothing.
      "formats/yoi/segment-name.ts",
    ]);
    expect(graph.get("formats/yoi/segment-name.ts")).toEqual([]);
    // Of context/, only the optional tokenizer's loader (checked before any work with --tokens exact) and the
    // block reading the page data's extra strings are built from (report/page-extras.ts; one small module that
    // imports nothing of the engines), for a detail file the report writer builds itself.
    expect(under(files, ["context/"])).toEqual(["context/blocks.ts", "context/tokens-exact.ts"]);
    expect(graph.get("context/blocks.ts")).toEqual(["shared/json.ts"]);
  });
});
