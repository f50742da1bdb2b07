// docs/ttsr.md §18 (v18 rules): agents scoping, enabled: false, scope parsing, judged rules, the bucket order,
// lookahead-only conditions. Each test names its section; fixtures are fixtures/rules/v18-<scenario>/.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRuleSet, loadRules } from "../../../src/app/ttsr/rules.js";
import { parsePi } from "../../../src/formats/pi/parse.js";
import { ruleAppliesToAgent } from "../../../src/ttsr/agents.js";
import { parseAgentsField } from "../../../src/ttsr/fields.js";
import { listRules } from "../../../src/ttsr/list.js";
import { isLookaheadOnly, v18Anchored } from "../../../src/ttsr/lookahead.js";
import { parseRuleFile } from "../../../src/ttsr/rule-file.js";
import { resolveAgent } from "../../../src/ttsr/session-agent.js";
import type { TtsrProfile } from "../../../src/ttsr/types.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const load = (dir: string, p: TtsrProfile, agentName?: string, settings = {}) =>
  loadRules([`fixtures/rules/${dir}`], { cwd: ROOT, ttsrProfile: p, settings, ...(agentName !== undefined && { agentName }) });
const bucketOf = (l: ReturnType<typeof load>) => Object.fromEntries(listRules(l).map((r) => [r.name, r.bucket]));

describe("docs/ttsr.md §18.1 Bucket order", () => {
  it("disabledRules first, then builtin, then agents, then TTSR / always-apply / rulebook", () => {
    const set = loadRuleSet({
      cwd: ROOT,
      rules: ["fixtures/rules/v18-bucket-order"],
      settingsFile: "fixtures/rules/v18-bucket-order/settings.json",
      ttsrProfile: "v18",
      agent: "main",
    });
    expect(bucketOf(set.loaded)).toEqual({
      "described-other-agent": "agent-excluded",
      "disabled-by-settings": "disabled",
      "other-agent": "agent-excluded",
    });
  });
  it("the agent drop covers always-apply and rulebook rules; the right agent keeps them", () => {
    expect(bucketOf(load("v18-bucket-order", "v18", "reviewer"))).toEqual({
      "described-other-agent": "rulebook",
      "disabled-by-settings": "ttsr",
      "other-agent": "ttsr",
    });
  });
  it("seed and v17 have no agent step", () => {
    for (const p of ["seed", "v17"] as const) expect(bucketOf(load("v18-bucket-order", p, "main"))["other-agent"]).toBe("ttsr");
  });
});

describe("docs/ttsr.md §18.2 agents", () => {
  it("read like scope, spaces inside a brace group dropped, lowercased, deduplicated", () => {
    expect(parseAgentsField("{Task, Plan}-Worker, sub")).toEqual(["{task,plan}-worker", "sub"]);
    expect(parseAgentsField(["main", "'Explore-*'", "MAIN"])).toEqual(["main", "explore-*"]);
    expect(parseAgentsField("  ")).toBeUndefined();
    expect(parseAgentsField(3)).toBeUndefined();
  });
  it("a pattern equal to the trimmed, lowercased name or a glob matching it admits the agent; no agent name = no scoping", () => {
    const rule = { agents: ["main", "explore-*", "{task,plan}-worker"] };
    expect(ruleAppliesToAgent(rule, " Main ")).toBe(true);
    expect(ruleAppliesToAgent(rule, "explore-fast")).toBe(true);
    expect(ruleAppliesToAgent(rule, "plan-worker")).toBe(true);
    expect(ruleAppliesToAgent(rule, "reviewer")).toBe(false);
    expect(ruleAppliesToAgent(rule, undefined)).toBe(true);
    expect(ruleAppliesToAgent({}, "reviewer")).toBe(true);
  });
  it("the fixture set as main, as reviewer, and unscoped", () => {
    expect(bucketOf(load("v18-agents", "v18", "main"))).toEqual({
      "brace-group": "agent-excluded",
      everyone: "ttsr",
      "main-and-explorers": "ttsr",
      "reviewer-only": "agent-excluded",
    });
    expect(bucketOf(load("v18-agents", "v18", "reviewer"))["reviewer-only"]).toBe("ttsr");
    expect(bucketOf(load("v18-agents", "v18", "task-worker"))["brace-group"]).toBe("ttsr");
    expect(Object.values(bucketOf(load("v18-agents", "v18")))).toEqual(["ttsr", "ttsr", "ttsr", "ttsr"]);
  });
  it("seed and v17 do not read the key, and say so at its line", () => {
    const r = parseRuleFile("---\ncondition: x\nagents: reviewer\n---\nBody", "/r.md", { profile: "v17" });
    expect(r.agents).toBeUndefined();
    expect(r.diagnostics?.find((d) => d.code === "TTSR_V18_KEY_IGNORED")).toMatchObject({ line: 3, args: { key: "agents" } });
    const v18 = parseRuleFile("---\ncondition: x\nagents: reviewer\n---\nBody", "/r.md", { profile: "v18" });
    expect(v18.diagnostics?.some((d) => d.code === "TTSR_V18_KEY_IGNORED")).toBe(false);
  });

  const header = JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" });
  const init = (agent?: string) =>
    JSON.stringify({
      type: "session_init",
      id: "i1",
      parentId: null,
      timestamp: "2026-01-01T00:00:01.000Z",
      systemPrompt: "S",
      task: "T",
      tools: [],
      ...(agent !== undefined && { agent }),
    });
  const pi = (...lines: string[]) => parsePi(`${[header, ...lines].join("\n")}\n`, { file: "s.jsonl" });
  it("the session's session_init agent wins; else --agent; else main (a top-level session)", () => {
    expect(resolveAgent(pi(init("Reviewer")), undefined)).toEqual({ name: "reviewer", from: "session" });
    expect(resolveAgent(pi(init("reviewer")), "scout")).toEqual({ name: "reviewer", from: "session", contradicts: "scout" });
    expect(resolveAgent(pi(init()), undefined)).toEqual({ name: "sub", from: "session" });
    expect(resolveAgent(pi(init("main")), undefined)).toEqual({ name: "sub", from: "session" });
    expect(resolveAgent(pi(), "Scout")).toEqual({ name: "scout", from: "option" });
    expect(resolveAgent(pi(), undefined)).toEqual({ name: "main", from: "default" });
  });
});

describe("docs/ttsr.md §18.3 enabled: false", () => {
  const set = (p: TtsrProfile) =>
    loadRuleSet({
      cwd: ROOT,
      rules: ["fixtures/rules/v18-enabled-false/project", "fixtures/rules/v18-enabled-false/user"],
      builtinRules: ["fixtures/rules/v18-enabled-false/builtin"],
      ttsrProfile: p,
    }).loaded;
  it("a disabled project rule shadows nothing: the user rule of the same name registers", () => {
    const l = set("v18");
    const noConsole = l.buckets.ttsr.find((r) => r.name === "no-console");
    expect(noConsole?.path).toContain("/user/no-console.md");
    expect(l.shadowed).toEqual([]);
    const rows = listRules(l).filter((r) => r.name === "no-console");
    expect(rows.map((r) => r.bucket)).toEqual(["frontmatter-disabled", "ttsr"]);
  });
  it('the string "false" is not the boolean; bundled rules ignore the key', () => {
    const names = set("v18").buckets.ttsr.map((r) => r.name);
    expect(names).toContain("quoted-false");
    expect(names).toContain("bundled-off");
  });
  it("v17 keeps the project rule, which shadows the user one, and reports the ignored key (not on the bundled rule)", () => {
    const l = set("v17");
    expect(l.buckets.ttsr.find((r) => r.name === "no-console")?.path).toContain("/project/no-console.md");
    expect(l.shadowed).toHaveLength(1);
    const ignored = l.diagnostics.filter((d) => d.code === "TTSR_V18_KEY_IGNORED");
    expect(ignored.map((d) => [d.file.split("/").slice(-2).join("/"), d.line])).toEqual([["project/no-console.md", 3]]);
  });
});

describe("docs/ttsr.md §18.4 Scope and condition parsing", () => {
  for (const p of ["v17", "v18"] as const)
    it(`an escaped quote does not close a quoted run [${p}]; seed splits there and admits nothing`, () => {
      expect(listRules(load("v18-scope-escapes", p)).find((r) => r.name === "escaped-quote")).toMatchObject({
        bucket: "ttsr",
        scope: ['x\\", text', "thinking"],
      });
      expect(listRules(load("v18-scope-escapes", "seed")).find((r) => r.name === "escaped-quote")).toMatchObject({
        bucket: "discarded",
        scope: ['"x\\"', 'text", thinking'],
      });
    });
  it("a token is trimmed again after its outer quotes go [v17, v18]; seed keeps the quotes", () => {
    for (const p of ["v17", "v18"] as const)
      expect(listRules(load("v18-scope-escapes", p)).find((r) => r.name === "padded-quotes")?.scope).toEqual(["text", "thinking"]);
    expect(listRules(load("v18-scope-escapes", "seed")).find((r) => r.name === "padded-quotes")?.scope).toEqual(["text", "' thinking '"]);
  });
});

describe("docs/ttsr.md §18.5 Judged rules", () => {
  it("a question registers a judged rule (trimmed), with or without a condition; blank is no question", () => {
    const l = load("v18-judged", "v18");
    expect(l.buckets.judged.map((r) => [r.name, r.question])).toEqual([
      ["docs-tone", "Does the reply promise work that was not done?"],
      ["gated-question", "Is this TODO left without an issue link?"],
    ]);
    const rows = Object.fromEntries(listRules(l).map((r) => [r.name, r]));
    expect(rows["docs-tone"]).toMatchObject({ bucket: "judged", registered: true, question: "Does the reply promise work that was not done?" });
    expect(rows["empty-question"].bucket).toBe("rulebook");
    expect(rows["unreachable-question"]).toMatchObject({ bucket: "always-apply", reason: "scope admits no stream (???)" });
  });
  it("a judged rule never matches mid-stream, even when its condition does", () => {
    const l = load("v18-judged", "v18");
    // Registered as upstream registers them, but never stream-matched (docs/ttsr.md §17.6).
    expect(l.manager.getRules().map((r) => r.name)).toEqual(l.buckets.judged.map((r) => r.name));
    expect(l.manager.checkDelta("TODO later", { source: "text" })).toEqual([]);
  });
  it("TTSR disabled refuses judged rules too", () => {
    const l = load("v18-judged", "v18", undefined, { enabled: false });
    expect(l.buckets.judged).toEqual([]);
    expect(l.buckets.all.find((b) => b.rule.name === "unreachable-question")?.notRegistered).toBe("disabled");
  });
  it("v17 ignores the key and reports it; the conditioned rule stays a stream rule", () => {
    const l = load("v18-judged", "v17");
    expect(bucketOf(l)["gated-question"]).toBe("ttsr");
    expect(l.diagnostics.filter((d) => d.code === "TTSR_JUDGED_RULE_KEY")).toHaveLength(4);
    expect(load("v18-judged", "v18").diagnostics.some((d) => d.code === "TTSR_JUDGED_RULE_KEY")).toBe(false);
  });
});

describe("docs/ttsr.md §18.7 Lookahead-only conditions", () => {
  it("only greedy [\\s\\S]* lookaheads and nothing else", () => {
    expect(isLookaheadOnly("(?=[\\s\\S]*password)(?=[\\s\\S]*plaintext)")).toBe(true);
    expect(isLookaheadOnly("(?=[\\s\\S]*a(b|c)\\))")).toBe(true);
    expect(isLookaheadOnly("(?=[\\s\\S]*?secret)")).toBe(false);
    expect(isLookaheadOnly("(?=[\\s\\S]*token)x")).toBe(false);
    expect(isLookaheadOnly("(?=[\\s\\S]*[)]x)")).toBe(true);
    expect(isLookaheadOnly("(?=[\\s\\S]*unclosed")).toBe(false);
    expect(isLookaheadOnly("")).toBe(false);
  });
  it("anchored at the start, the verdict is the unanchored one", () => {
    const sources = ["(?=[\\s\\S]*password)(?=[\\s\\S]*plaintext)", "(?=[\\s\\S]*(\\w)x)(?=[\\s\\S]*\\1y)", "(?=[\\s\\S]*^b)", "(?=[\\s\\S]*\\bend$)"];
    const buffers = ["", "password plaintext", "plaintext then password", "password only", "ax ay", "ax by", "a\nb", "b", "the end", "end x", "ax\nay"];
    for (const s of sources)
      for (const flags of ["", "m", "i"])
        for (const b of buffers) {
          const anchored = v18Anchored(new RegExp(s, flags));
          expect(anchored.sticky).toBe(true);
          anchored.lastIndex = 0;
          expect(anchored.test(b), `${s} /${flags} on ${JSON.stringify(b)}`).toBe(new RegExp(s, flags).test(b));
        }
  });
  it("ttsr list names them under v18", () => {
    const rows = Object.fromEntries(listRules(load("v18-lookahead", "v18")).map((r) => [r.name, r.lookaheadOnly]));
    expect(rows).toEqual({ "both-words": ["(?=[\\s\\S]*password)(?=[\\s\\S]*plaintext)"], "lazy-prefix": undefined, mixed: undefined });
    expect(listRules(load("v18-lookahead", "v17")).some((r) => r.lookaheadOnly)).toBe(false);
  });
});
