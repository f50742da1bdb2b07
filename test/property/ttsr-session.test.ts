// Properties of the TTSR session layer (design §8): pending injections deduped by name keep first-seen order;
// every rule of a batch lands on exactly one sibling tool call, in match order, and reaches the context once.
// v17 and v18 both; v18's own properties (docs/ttsr.md §17) follow.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TtsrManager } from "../../src/ttsr/manager.js";
import { TtsrCoordinator } from "../../src/ttsr/session/coordinator.js";
import { appendUniqueByName } from "../../src/ttsr/session/decide.js";
import type { Effect, RuleRenderer } from "../../src/ttsr/session/types.js";
import type { Rule } from "../../src/ttsr/types.js";

const PROFILES = ["v17", "v18"] as const;

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

  it("design §8: deferred matches across a message become one follow-up whose rules are deduped in first-seen order (v17, v18)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), fc.array(fc.nat(TOKENS.length - 1), { minLength: 1, maxLength: 12 }), (profile, picks) => {
        const m = new TtsrManager({ interruptMode: "never" }, { profile });
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

  it("design §8: every matched rule lands on exactly one sibling tool call (the first to match), in match order, and reaches the context once (v17, v18)", () => {
    const repeat = fc.constantFrom({ repeatMode: "once" }, { repeatMode: "after-gap", repeatGap: 0 }, { repeatMode: "after-gap", repeatGap: 3 });
    const deltas = fc.array(fc.record({ tool: fc.nat(3), token: fc.nat(TOKENS.length - 1) }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), repeat, deltas, (profile, settings, steps) => {
        const m = new TtsrManager({ interruptMode: "never", ...settings }, { profile });
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

  it("docs/ttsr.md §17.5: over one run's messages each rule is in at most one follow-up (reserved until delivered), deliveryIds count up, and delivery marks every rule and frees every reservation", () => {
    const messages = fc.array(fc.array(fc.nat(TOKENS.length - 1), { maxLength: 6 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(messages, (picks) => {
        const m = new TtsrManager({ interruptMode: "never", repeatMode: "after-gap", repeatGap: 0 }, { profile: "v18" });
        for (const r of rules(["text"])) m.addRule(r);
        const c = new TtsrCoordinator({ manager: m, renderer: render, cwd: "/p" });
        const follows: { rules: string[]; deliveryId?: number }[] = [];
        const messagesOut: Effect[] = [];
        c.turnStart();
        for (const msg of picks) {
          c.assistantMessageStart();
          for (const i of msg) c.delta({ source: "text", delta: ` ${TOKENS[i]}` });
          for (const e of c.assistantMessageEnd("toolUse")) if (e.kind === "follow_up") follows.push(e.message.details), messagesOut.push(e);
        }
        const all = follows.flatMap((f) => f.rules);
        expect(new Set(all).size).toBe(all.length);
        expect(follows.map((f) => f.deliveryId)).toEqual(follows.map((_, k) => k + 1));
        for (const e of messagesOut)
          if (e.kind === "follow_up") c.customMessageEnd({ customType: "ttsr-injection", content: e.message.content, details: e.message.details });
        expect(c.reservations.size).toBe(0);
        const matched = TOKENS.flatMap((t, k) => (picks.flat().some((i) => TOKENS[i] === t) ? [`r${k}`] : []));
        expect([...m.getInjectedRuleNames()].sort()).toEqual(matched.sort());
      }),
    );
  });

  it("docs/ttsr.md §17.4: every v18 announcement on a tool stream key names a rule not yet announced there this turn; every matched rule is announced", () => {
    const deltas = fc.array(fc.record({ tool: fc.nat(2), token: fc.nat(TOKENS.length - 1), end: fc.boolean() }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(deltas, (steps) => {
        const m = new TtsrManager({ interruptMode: "never", repeatMode: "after-gap", repeatGap: 0 }, { profile: "v18" });
        for (const r of rules(["tool"])) m.addRule(r);
        const c = new TtsrCoordinator({ manager: m, renderer: render, cwd: "/p" });
        c.turnStart();
        const announced = new Set<string>();
        const matched = new Set<string>();
        for (const s of steps) {
          const toolCall = { id: `t${s.tool}`, name: "bash", arguments: { command: TOKENS[s.token] } };
          const ev = s.end
            ? { source: "tool" as const, delta: "", contentIndex: s.tool, toolCall, final: true as const }
            : { source: "tool" as const, delta: TOKENS[s.token], contentIndex: s.tool, toolCall };
          for (const e of c.delta(ev).effects) {
            if (e.kind === "match") for (const r of e.rules) matched.add(`${toolCall.id}/${r.rule.name}`);
            if (e.kind !== "ttsr_triggered") continue;
            const keys = e.rules.map((r) => `${toolCall.id}/${r.name}`);
            expect(keys.some((k) => !announced.has(k))).toBe(true);
            for (const k of keys) announced.add(k);
          }
        }
        expect([...announced].sort()).toEqual([...matched].sort());
      }),
    );
  });

  it("docs/ttsr.md §17.1: in v18 a match never spans two assistant messages (buffers reset at message start)", () => {
    fc.assert(
      fc.property(fc.nat(TOKENS.length - 1), fc.integer({ min: 1, max: 4 }), (k, cut) => {
        const m = new TtsrManager({ interruptMode: "always" }, { profile: "v18" });
        for (const r of rules(["text"])) m.addRule(r);
        const c = new TtsrCoordinator({ manager: m, renderer: render, cwd: "/p" });
        c.turnStart();
        c.assistantMessageStart();
        c.delta({ source: "text", delta: TOKENS[k].slice(0, cut) });
        c.assistantMessageStart();
        expect(c.delta({ source: "text", delta: TOKENS[k].slice(cut) }).effects).toEqual([]);
      }),
    );
  });
});
