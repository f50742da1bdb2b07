import { describe, expect, it } from "vitest";
import { parsePi } from "../../../../src/formats/pi/parse.js";
import type { SessionBase } from "../../../../src/formats/types.js";
import { simulateTtsr } from "../../../../src/ttsr/simulate/simulate.js";
import type { SimulateOptions } from "../../../../src/ttsr/simulate/types.js";
import type { Rule } from "../../../../src/ttsr/types.js";

// A v3 session in one process: each entry's parent is the previous one.
function session(...entries: Record<string, unknown>[]) {
  const lines = [JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/proj" })];
  entries.forEach((e, i) => lines.push(JSON.stringify({ id: `e${i + 1}`, parentId: i === 0 ? null : `e${i}`, timestamp: "2026-01-01T00:00:01.000Z", ...e })));
  return parsePi(lines.join("\n") + "\n", { file: "s.jsonl", profile: "omp17" });
}
const user = (text: string) => ({ type: "message", message: { role: "user", content: [{ type: "text", text }] } });
const assistant = (content: unknown[], stopReason: string) => ({ type: "message", message: { role: "assistant", content, stopReason } });
const toolResult = (toolCallId: string, text: string) => ({
  type: "message",
  message: { role: "toolResult", toolCallId, toolName: "bash", content: [{ type: "text", text }], isError: false },
});
const R = (name: string, condition: string, extra: Partial<Rule> = {}): Rule => ({
  name,
  path: `/proj/.omp/rules/${name}.md`,
  content: `Body of ${name}.`,
  condition: [condition],
  ...extra,
});
const run = (s: SessionBase, rules: Rule[], o: SimulateOptions) => simulateTtsr(s, rules, { ttsrProfile: "v17", cwd: "/proj", home: "/root", ...o });

describe("simulateTtsr scenarios (design §3)", () => {
  it("design §3: matches after the first interrupt of a message are counterfactual; the replayed message ends aborted", () => {
    const s = session(
      user("q"),
      assistant(
        [
          { type: "text", text: "one bad thing" },
          { type: "text", text: "worse thing" },
        ],
        "stop",
      ),
    );
    const r = run(s, [R("bad", "bad"), R("worse", "worse")], { settings: { interruptMode: "always" } });
    const t = r.turns[0];
    expect(t.matches.map((m) => [m.rule, m.decision, m.counterfactual])).toEqual([
      ["bad", "interrupt", false],
      ["worse", "interrupt", true],
    ]);
    expect(t.injected.map((i) => [i.mode, i.rules])).toEqual([["interrupt", ["bad"]]]);
    expect(t.agree).toBe(false);
  });

  it("ttsr-spec §9.7 via replay: a deferred match in an errored response is reported dropped-aborted and not injected", () => {
    const s = session(user("q"), assistant([{ type: "text", text: "sorry" }], "error"), user("again"), assistant([{ type: "text", text: "fine" }], "stop"));
    const r = run(s, [R("no-sorry", "sorry")], { settings: { interruptMode: "never" } });
    expect(r.turns[0].matches.map((m) => m.decision)).toEqual(["dropped-aborted"]);
    expect(r.turns.flatMap((t) => t.injected)).toEqual([]);
    expect(r.turns.map((t) => t.agree)).toEqual([true, true]);
  });

  it("ttsr-spec §9.6 via replay: a deferred follow-up from a tool turn is delivered when the run stops and still belongs to its turn", () => {
    const text = "<system-interrupt";
    const s = session(
      user("q"),
      assistant(
        [
          { type: "text", text: "sorry, running it" },
          { type: "toolCall", id: "t1", name: "bash", arguments: { command: "ls" } },
        ],
        "toolUse",
      ),
      toolResult("t1", "a b"),
      assistant([{ type: "text", text: "done" }], "stop"),
    );
    const r = run(s, [R("no-sorry", "sorry")], { settings: { interruptMode: "never" } });
    expect(r.turns[0].injected.map((i) => [i.mode, i.deliveredAfter, i.text.startsWith(text)])).toEqual([["deferred", "e4", true]]);
    expect(r.turns[1].injected).toEqual([]);
  });

  it("ttsr-spec §9.6 via replay: the recorded follow-up after a later response is attributed to the producing turn and agrees", () => {
    const rule = R("no-sorry", "sorry");
    const first = run(
      session(
        user("q"),
        assistant(
          [
            { type: "text", text: "sorry" },
            { type: "toolCall", id: "t1", name: "bash", arguments: {} },
          ],
          "toolUse",
        ),
      ),
      [rule],
      { settings: { interruptMode: "never" } },
    );
    const content = first.turns[0].injected[0].text;
    const s = session(
      user("q"),
      assistant(
        [
          { type: "text", text: "sorry" },
          { type: "toolCall", id: "t1", name: "bash", arguments: {} },
        ],
        "toolUse",
      ),
      toolResult("t1", "ok"),
      assistant([{ type: "text", text: "done" }], "stop"),
      { type: "custom_message", customType: "ttsr-injection", content, display: false, details: { rules: ["no-sorry"] }, attribution: "agent" },
      { type: "ttsr_injection", injectedRules: ["no-sorry"] },
    );
    const r = run(s, [rule], { settings: { interruptMode: "never" } });
    expect(r.turns.map((t) => [t.responseId, t.recorded.map((x) => x.entryId), t.agree])).toEqual([
      ["e2", ["e5", "e6"], true],
      ["e4", [], true],
    ]);
  });

  it("ttsr-spec §9.7 S27 via replay: a length stop's tool call is never folded; the mark stays and nothing is injected", () => {
    const s = session(
      user("q"),
      assistant([{ type: "toolCall", id: "t1", name: "bash", arguments: { command: "sudo x" } }], "length"),
      toolResult("t1", "Tool call was not executed"),
      assistant([{ type: "toolCall", id: "t2", name: "bash", arguments: { command: "sudo y" } }], "toolUse"),
      toolResult("t2", "ok"),
    );
    const r = run(s, [R("no-sudo", "sudo", { scope: ["tool:bash"] })], { settings: { interruptMode: "never" } });
    expect(r.turns[0].matches.map((m) => m.decision)).toEqual(["tool"]);
    expect(r.turns.flatMap((t) => t.injected)).toEqual([]);
    expect(r.turns[1].matches.map((m) => m.decision)).toEqual(["suppressed-repeat"]);
  });

  it("ttsr-spec D4 via replay: v17 matches a write call on its digest; seed on the JSON-escaped arguments", () => {
    const s = session(
      user("q"),
      assistant([{ type: "toolCall", id: "w1", name: "write", arguments: { path: "a.ts", content: "line1\nline2" } }], "toolUse"),
      toolResult("w1", "ok"),
    );
    const rule = R("two-lines", "line1\nline2", { scope: ["tool:write(*.ts)"] });
    const v17 = run(s, [rule], { settings: { interruptMode: "never" } });
    expect(v17.turns[0].matches.map((m) => [m.decision, m.offset, m.excerpt])).toEqual([["tool", 11, "line1\nline2"]]);
    expect(v17.turns[0].injected.map((i) => i.mode)).toEqual(["tool"]);
    const seed = run(s, [rule], { settings: { interruptMode: "never" }, ttsrProfile: "seed" });
    expect(seed.turns[0].matches).toEqual([]);
  });

  it("design §3: recorded partialJson is the tool stream; a path scope matches only once the path key has streamed", () => {
    const raw = '{"content": "x", "path": "src/a.ts"}';
    const s = session(
      user("q"),
      assistant([{ type: "toolCall", id: "t1", name: "edit", arguments: { content: "x", path: "src/a.ts" }, partialJson: raw }], "aborted"),
    );
    const r = run(s, [R("ts", "content", { scope: ["tool:edit(*.ts)"] })], {
      settings: { interruptMode: "never" },
      chunking: { kind: "fixed", size: 4 },
      ttsrProfile: "seed",
    });
    // "content" is in the buffer from the start; the match waits until the path value has streamed.
    expect(r.turns[0].matches.map((m) => [m.decision, m.offset])).toEqual([["dropped-aborted", raw.length]]);
  });

  it("ttsr-spec §9.1 via replay: each response starts with empty buffers, so a condition split across two responses never matches", () => {
    const rule = R("split", "foobar");
    const split = run(
      session(user("q"), assistant([{ type: "text", text: "say foo" }], "stop"), user("more"), assistant([{ type: "text", text: "bar now" }], "stop")),
      [rule],
      {
        settings: { interruptMode: "never" },
      },
    );
    expect(split.turns.map((t) => t.matches)).toEqual([[], []]);
    // Control: both halves in one response do match.
    const whole = run(
      session(
        user("q"),
        assistant(
          [
            { type: "text", text: "say foo" },
            { type: "text", text: "bar now" },
          ],
          "stop",
        ),
      ),
      [rule],
      { settings: { interruptMode: "never" } },
    );
    expect(whole.turns[0].matches.map((m) => m.rule)).toEqual(["split"]);
  });

  it("design §5: a yoi segment is replayed through its format's steps hook (no entries: no turns, no warning)", () => {
    const empty = {
      format: "yoi",
      file: "y",
      profile: "seed",
      profileReason: "default",
      diagnostics: [],
      tree: { nodes: [], parent: new Map(), children: new Map(), leaves: [], activeLeafId: null },
      lineOf: new Map(),
      lineCount: 0,
      entries: [],
      byId: new Map(),
      segmentStart: null,
      verdict: null,
      rejected: false,
    } as SessionBase;
    const r = run(empty, [], {});
    expect(r.turns).toEqual([]);
    expect(r.diagnostics).toEqual([]);
  });
});
