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

  const run = (...args: string[]) => {
    ensureBuilt();
    const r = spawnSync(process.execPath, [EXAMPLE, ...args], { cwd: join(ROOT, "examples"), encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };
  const TURNS = ["user: add debug output", "custom ttsr-injection no-console", "assistant: Done. TODO: tests", "custom ttsr-injection no-todo"];
  const LATER = ["assistant: Docs next; FIXME: examples", "user: write the changelog", "assistant: Changelog: FIXME: dates"];
  const PERSISTED = ["custom_message no-console", "ttsr_injection no-console", "custom_message no-todo", "ttsr_injection no-todo"];

  for (const profile of ["v17", "v18"]) {
    it(`runs (${profile}): the interrupted message is cut, the injections are delivered, persisted and marked; a follow-up dropped at a skipped continue is released and its rule fires again`, () => {
      expect(run(profile)).toEqual({
        messages: [...TURNS, ...LATER, "custom ttsr-injection no-fixme"],
        persisted: [...PERSISTED, "custom_message no-fixme", "ttsr_injection no-fixme"],
        injected: ["no-console", "no-todo", "no-fixme"],
        continued: 3,
        discarded: ["no-fixme"],
        // docs/ttsr.md §17.5: a v18 follow-up carries its deliveryId (the dropped one used up id 2); an interrupt never does.
        details:
          profile === "v18"
            ? [{ rules: ["no-console"] }, { rules: ["no-todo"], deliveryId: 1 }, { rules: ["no-fixme"], deliveryId: 3 }]
            : [{ rules: ["no-console"] }, { rules: ["no-todo"] }, { rules: ["no-fixme"] }],
      });
    });
  }

  it("v18 without host duty 5 (releaseDeferred at a skipped continue): the dropped follow-up's rule stays reserved and never fires again", () => {
    expect(run("v18", "no-release")).toMatchObject({
      messages: [...TURNS, ...LATER],
      persisted: PERSISTED,
      injected: ["no-console", "no-todo"],
      discarded: ["no-fixme"],
    });
  });
});
