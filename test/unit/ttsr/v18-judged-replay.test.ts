// docs/ttsr.md §18.5 Judged rules and §18.6 The verdicts file, at replay time: which rules are asked about each
// output of a completed message, what the verdicts answer, the warning a yes delivers and the claim (marks).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRules } from "../../../src/app/ttsr-rules.js";
import { JudgedRules } from "../../../src/ttsr/judged.js";
import { judgeCompletedMessage, TTSR_WARNING_V18 } from "../../../src/ttsr/judged-replay.js";
import { TtsrManager } from "../../../src/ttsr/manager.js";
import type { TtsrSettings } from "../../../src/ttsr/types.js";
import { readVerdicts } from "../../../src/ttsr/verdicts.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const judgedRules = loadRules(["fixtures/rules/v18-judged"], { cwd: ROOT, ttsrProfile: "v18" }).buckets.judged;
const verdicts = readVerdicts(readFileSync(resolve(ROOT, "fixtures/rules/v18-verdicts/good.json"), "utf8"), "good.json").verdicts;
const display = { profile: "v18" as const, cwd: resolve(ROOT, "fixtures/rules") };
const message = {
  content: [
    { type: "text", text: "Done. TODO: docs" },
    { type: "toolCall", id: "c1", name: "bash", arguments: { command: "echo TODO" } },
  ],
  stopReason: "toolUse",
};
const step = (m: TtsrManager, at: { entry?: string; turn?: number }, msg: { content: unknown; stopReason: string | null } = message) =>
  judgeCompletedMessage(new JudgedRules(judgedRules, "v18"), m, msg, { cwd: "/p", verdicts, at, display });
const manager = (settings: Partial<TtsrSettings> = {}) => new TtsrManager(settings, { profile: "v18" });

describe("docs/ttsr.md §18.5 Judged rules at replay time", () => {
  it("a yes is one warning per output, rendered from the v18 warning template with the output's subject; the rule is marked", () => {
    const m = manager();
    const r = step(m, { entry: "a1b2c3d4", turn: 1 });
    expect(r.deliveries.map((d) => [d.subject, d.rules])).toEqual([
      ["`bash` call", ["gated-question"]],
      ["reply", ["docs-tone"]],
    ]);
    expect(r.deliveries[1].text).toBe(
      TTSR_WARNING_V18.replace("{{name}}", "docs-tone")
        .replace("{{path}}", "v18-judged/docs-tone.md")
        .replace("{{subject}}", "reply")
        .replace("{{content}}", "Only report work that was actually done.")
        // The format pass drops the trailing newline, as for every template (docs/strings.md §1.4).
        .replace(/\n$/, ""),
    );
    expect(m.getInjectedRuleNames()).toEqual(["gated-question", "docs-tone"]);
    // repeatMode once: the next message asks nothing.
    expect(step(m, { entry: "a1b2c3d4" }).deliveries).toEqual([]);
  });
  it("no: nothing delivered, nothing marked; the general verdict applies where no entry or turn answer matches", () => {
    const m = manager();
    const r = step(m, { entry: "other", turn: 2 });
    expect(r.deliveries.map((d) => d.rules)).toEqual([["docs-tone"]]);
    expect(m.getInjectedRuleNames()).toEqual(["docs-tone"]);
  });
  it("aborted or failed messages, TTSR disabled and judge off ask nothing", () => {
    expect(step(manager(), { turn: 3 }, { ...message, stopReason: "aborted" }).deliveries).toEqual([]);
    expect(step(manager({ enabled: false }), { turn: 3 }).deliveries).toEqual([]);
    expect(step(manager({ judge: "off" }), { turn: 3 }).deliveries).toEqual([]);
    expect(step(manager({ judge: "on" }), { turn: 3 }).deliveries).toHaveLength(2);
  });
  it("docs/ttsr.md §18.6: a rule asked about without an answer at that response is reported", () => {
    const r = judgeCompletedMessage(new JudgedRules(judgedRules, "v18"), manager(), message, { cwd: "/p", verdicts: new Map(), at: { turn: 1 }, display });
    expect(r.unanswered).toEqual([
      { rule: "gated-question", subject: "`bash` call" },
      { rule: "docs-tone", subject: "reply" },
      { rule: "gated-question", subject: "reply" },
    ]);
  });
});
