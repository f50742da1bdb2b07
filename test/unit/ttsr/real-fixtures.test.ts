// The real omp 17.2.15 fixtures (fixtures/pi/omp17-*): their rule folders parsed and rendered by sightline must give
// the injected texts the agent recorded, byte for byte (strings.md §1, ttsr-spec §10).
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRules } from "../../../src/app/ttsr/rules.js";
import { readTtsrSettings } from "../../../src/ttsr/settings.js";
import { renderInjection } from "../../../src/ttsr/templates.js";

const PI = resolve(import.meta.dirname, "../../../fixtures/pi");
const dirs = readdirSync(PI).filter((d) => d.startsWith("omp17-") && !d.endsWith(".jsonl"));

interface Recorded {
  kind: "interrupt" | "tool-reminder";
  rules: string[];
  text: string;
}

function recorded(sessionText: string): Recorded[] {
  const out: Recorded[] = [];
  for (const line of sessionText.split("\n")) {
    if (!line.trim()) continue;
    const e = JSON.parse(line);
    if (e.type === "custom_message" && e.customType === "ttsr-injection") out.push({ kind: "interrupt", rules: e.details.rules, text: e.content });
    const first = e.type === "message" && e.message?.role === "toolResult" ? e.message.content?.[0] : undefined;
    if (first?.type === "text" && first.text.startsWith('<system-reminder reason="rule_violation"'))
      out.push({
        kind: "tool-reminder",
        rules: [...first.text.matchAll(/^<system-reminder reason="rule_violation" rule="([^"]*)"/gm)].map((m) => m[1]),
        text: first.text,
      });
  }
  return out;
}

describe("real omp17 fixtures: rule files → recorded injection texts", () => {
  it("has fixtures with recorded injections", () => {
    const all = dirs.flatMap((d) => recorded(readFileSync(resolve(PI, d, "session.jsonl"), "utf8")));
    expect(all.filter((r) => r.kind === "interrupt").length).toBeGreaterThan(0);
    expect(all.filter((r) => r.kind === "tool-reminder").length).toBeGreaterThan(0);
  });

  for (const d of dirs) {
    it(`${d}: every recorded injection re-renders byte-identically (v17)`, () => {
      const project = resolve(PI, d, "project");
      const settings = readTtsrSettings(readFileSync(resolve(PI, d, "settings.json"), "utf8"), "settings.json").settings;
      const loaded = loadRules([".omp/rules"], { cwd: project, ttsrProfile: "v17", settings });
      expect(loaded.diagnostics.filter((x) => x.severity !== "info")).toEqual([]);
      const byName = new Map(loaded.rules.map((r) => [r.name, r]));
      for (const rec of recorded(readFileSync(resolve(PI, d, "session.jsonl"), "utf8"))) {
        const rules = rec.rules.map((n) => byName.get(n)!);
        expect(rules.every(Boolean)).toBe(true);
        expect(renderInjection(rules, { template: rec.kind, profile: "v17", cwd: project, home: "/nonexistent-home" })).toBe(rec.text);
      }
    });
  }
});
