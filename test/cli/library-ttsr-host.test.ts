// Issue 12 item 1: the TTSR session layer runs from the package entry alone. examples/ttsr-host.mjs imports
// only "sightline" (the package resolving itself through package.json "exports" to the built dist/) and
// plays an agent host: interrupt (generation capture, cut at the target, continue) and deferred delivery
// (follow-up persisted at its message_end) — ttsr-spec §9.5, §9.6.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, ensureBuilt } from "./run.js";

const EXAMPLE = join(ROOT, "examples/ttsr-host.mjs");

describe("TTSR host example (imports only the package entry)", () => {
  it("imports nothing but sightline", () => {
    const specs = [...readFileSync(EXAMPLE, "utf8").matchAll(/^import[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
    expect(specs).toEqual(["sightline"]);
  });

  for (const profile of ["v17", "v18"]) {
    it(`runs (${profile}): the interrupted message is cut, both injections are delivered, persisted and marked, the agent continues twice`, () => {
      ensureBuilt();
      const r = spawnSync(process.execPath, [EXAMPLE, profile], { cwd: join(ROOT, "examples"), encoding: "utf8" });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({
        messages: ["user: add debug output", "custom ttsr-injection no-console", "assistant: Done. TODO: tests", "custom ttsr-injection no-todo"],
        persisted: ["custom_message no-console", "ttsr_injection no-console", "custom_message no-todo", "ttsr_injection no-todo"],
        injected: ["no-console", "no-todo"],
        continued: 2,
        // docs/ttsr.md §17.5: a v18 follow-up carries its deliveryId; an interrupt never does.
        details: [{ rules: ["no-console"] }, profile === "v18" ? { rules: ["no-todo"], deliveryId: 1 } : { rules: ["no-todo"] }],
      });
    });
  }
});
