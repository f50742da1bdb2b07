// The app-level rule loading over the real fixture folders (node:fs view).
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRuleSet, loadRules, runTtsrTest } from "../../../../src/app/ttsr/rules.js";

const ROOT = resolve(import.meta.dirname, "../../../..");

describe("app/ttsr/rules", () => {
  it("design §6 loadRules(dirs, {settings, ttsrProfile, cwd}) resolves folders against cwd", () => {
    const out = loadRules(["fixtures/rules/project"], { cwd: ROOT, ttsrProfile: "v17", settings: { disabledRules: ["no-sudo"] } });
    expect(out.buckets.ttsr.map((r) => r.name)).toEqual(["no-any", "no-sorry-inline-flag"]);
    expect(out.skipped.map((s) => s.name)).toEqual(["ts-no-any", "no-sudo"]);
  });

  it("defaults to <cwd>/.omp/rules and ~/.omp/agent/rules when no folder is given (missing ones are fine)", () => {
    const set = loadRuleSet({ cwd: resolve(ROOT, "fixtures/rules"), home: resolve(ROOT, "fixtures/rules/none") });
    expect(set.unreadable).toBeUndefined();
    expect(set.loaded.all).toEqual([]);
  });

  it("an unreadable settings file or rule folder is reported for exit 2", () => {
    expect(loadRuleSet({ cwd: ROOT, rules: ["fixtures/rules/project"], settingsFile: "nope.json" }).unreadable).toBe("nope.json");
    expect(loadRuleSet({ cwd: ROOT, rules: ["fixtures/rules/nope"] }).unreadable).toBe(resolve(ROOT, "fixtures/rules/nope"));
  });

  it("ttsr test expands --path as the session does (§9.2)", async () => {
    const r = await runTtsrTest({
      cwd: "/proj",
      rules: [resolve(ROOT, "fixtures/rules/project")],
      text: "x: any",
      source: "tool",
      tool: "edit",
      paths: ["/proj/src/a.ts"],
      chunking: { kind: "whole" },
    });
    expect(r.doc?.context.filePaths).toEqual(["/proj/src/a.ts", "src/a.ts"]);
    expect(r.doc?.matches.map((m) => m.rule)).toEqual(["no-any"]);
  });

  it("a JSON tool snippet offers its path arguments when --path is not given", async () => {
    const r = await runTtsrTest({
      cwd: "/proj",
      rules: [resolve(ROOT, "fixtures/rules/project")],
      text: '{"file_path":"./src/a.ts","content":"x: any"}',
      source: "tool",
      tool: "edit",
      chunking: { kind: "fixed", size: 5 },
    });
    expect(r.doc?.context.filePaths).toEqual(["./src/a.ts", "src/a.ts", "/proj/src/a.ts"]);
    expect(r.doc?.matches.map((m) => m.rule)).toEqual(["no-any"]);
    const text = await runTtsrTest({
      cwd: "/proj",
      rules: [resolve(ROOT, "fixtures/rules/project")],
      text: '{"path":"a.ts"}',
      source: "text",
      chunking: { kind: "whole" },
    });
    expect(text.doc?.context.filePaths).toBeUndefined();
  });
});
