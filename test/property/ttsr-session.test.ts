// Properties of the TTSR session layer (design §8): pending injections deduped by name keep first-seen order;
// every rule of a batch lands on exactly one sibling tool call, in match order, and reaches the context once.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TtsrManager } from "../../src/ttsr/manager.js";
import { TtsrCoordinator } from "../../src/ttsr/session/coordinator.js";
import { appendUniqueByName } from "../../src/ttsr/session/decide.js";
import type { RuleRenderer } from "../../src/ttsr/session/types.js";
import type { Rule } from "../../src/ttsr/types.js";

const render: RuleRenderer = { interrupt: (r) => `I(${r.name})`, toolReminder: (r) => `T(${r.name})` };
const TOKENS = ["alpha", "bravo", "charlie", "delta", "echo"];
const rules = (scope: string[]): Rule[] => TOKENS.map((t, i) => ({ name: `r${i}`, path: `/p/r${i}.md`, content: t, condition: [t], scope }));

describe("ttsr session properties", () => {
  it("design §8: appendUniqueByName keeps the first occurrence of each name, in first-seen order", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom("a", "b", "c", "d", " a"), { maxLength: 5 }), { maxLength: 8 }), (batches) => {
        const list: Rule[] = [];
        for (const b of batches)
          appendUniqueByName(
            list,
            b.map((name) => ({ name, path: "", content: "" })),
          );
        const seen: string[] = [];
        for (const n of batches.flat()) if (!seen.includes(n)) seen.push(n);
        expect(list.map((r) => r.name)).toEqual(seen);
      }),
    );
  });

  it("design §8: deferred matches across a message become one follow-up whose rules are deduped in first-seen order", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(TOKENS.length - 1), { minLength: 1, maxLength: 12 }), (picks) => {
        const m = new TtsrManager({ interruptMode: "never" }, { profile: "v17" });
        for (const r of rules(["text"])) m.addRule(r);
        const c = new TtsrCoordinator({ manager: m, renderer: render, cwd: "/p" });
        c.turnStart();
        let buffer = "";
        const expected: string[] = [];
        for (const i of picks) {
          buffer += ` ${TOKENS[i]}`;
          c.delta({ source: "text", delta: ` ${TOKENS[i]}` });
          // Each delta re-tests the whole buffer; a batch lists matches in registration order.
          for (let k = 0; k < TOKENS.length; k++) if (buffer.includes(TOKENS[k]) && !expected.includes(`r${k}`)) expected.push(`r${k}`);
        }
        expect(c.pendingNames).toEqual(expected);
        const follow = c.assistantMessageEnd("stop").find((e) => e.kind === "follow_up");
        expect(follow && follow.kind === "follow_up" ? follow.message.details.rules : []).toEqual(expected);
      }),
    );
  });

  it("design §8: every matched rule lands on exactly one sibling tool call (the first to match), in match order, and reaches the context once", () => {
    const repeat = fc.constantFrom({ repeatMode: "once" }, { repeatMode: "after-gap", repeatGap: 0 }, { repeatMode: "after-gap", repeatGap: 3 });
    const deltas = fc.array(fc.record({ tool: fc.nat(3), token: fc.nat(TOKENS.length - 1) }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(repeat, deltas, (settings, steps) => {
        const m = new TtsrManager({ interruptMode: "never", ...settings }, { profile: "v17" });
        for (const r of rules(["tool"])) m.addRule(r);
        const c = new TtsrCoordinator({ manager: m, renderer: render, cwd: "/p" });
        c.turnStart();
        const buffers = ["", "", "", ""];
        const winner = new Map<string, string>();
        for (const s of steps) {
          const id = `t${s.tool}`;
          buffers[s.tool] += TOKENS[s.token];
          c.delta({ source: "tool", delta: TOKENS[s.token], contentIndex: s.tool, toolCall: { id, name: "bash", arguments: {} } });
          for (let k = 0; k < TOKENS.length; k++) if (buffers[s.tool].includes(TOKENS[k]) && !winner.has(`r${k}`)) winner.set(`r${k}`, id);
        }
        c.assistantMessageEnd("toolUse");
        const landed = new Map<string, string[]>();
        const persistedNames: string[] = [];
        for (let t = 0; t < 4; t++) {
          const fold = c.afterToolCall(`t${t}`, [{ type: "text", text: "out" }]);
          const text = fold.content ? (fold.content[0] as { text: string }).text : "";
          for (const name of text.match(/r\d/g) ?? []) landed.set(name, [...(landed.get(name) ?? []), `t${t}`]);
          for (const e of fold.effects) if (e.kind === "persist" && e.record.type === "ttsr_injection") persistedNames.push(...e.record.injectedRules);
          // ttsr-spec §9.4/§9.8: a bucket keeps its rules in the order they matched on this call; the fold
          // renders them in that order, and the record and the inject effect list them in that order too.
          const own = [...winner].filter(([, id]) => id === `t${t}`).map(([name]) => name);
          expect(text).toBe(own.map((n) => `T(${n})`).join("\n\n"));
          const records = fold.effects.flatMap((e) => (e.kind === "persist" && e.record.type === "ttsr_injection" ? [e.record.injectedRules] : []));
          const injects = fold.effects.flatMap((e) => (e.kind === "inject" ? [e.rules] : []));
          expect(records).toEqual(own.length > 0 ? [own] : []);
          expect(injects).toEqual(own.length > 0 ? [own] : []);
        }
        expect(Object.fromEntries(landed)).toEqual(Object.fromEntries([...winner].map(([name, id]) => [name, [id]])));
        expect([...persistedNames].sort()).toEqual([...winner.keys()].sort());
      }),
    );
  });
});
