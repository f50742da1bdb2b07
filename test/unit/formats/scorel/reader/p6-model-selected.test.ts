// The p6 profile (docs/scorel.md §16): the current Scorel session core accepts `session_model_selected`, a control
// event whose selectedModel it checks; older loaders reject the type, and sightline says the file is newer.
import { describe, expect, it } from "vitest";
import { buildScorelContext } from "../../../../../src/formats/scorel/context/build.js";
import { scorelTurnContexts } from "../../../../../src/formats/scorel/context/incremental.js";
import { byCode, ev, findings, header, IS, jsonl, parse, parseFixture, U } from "./helpers.js";

const MODEL = { modelId: "gpt-5", providerId: "openai", provider: "openai", id: "openai/gpt-5", displayName: "GPT-5" };
const selected = (id: string, seq: number, selectedModel: unknown): Record<string, unknown> => ev("session_model_selected", id, null, seq, { selectedModel });
const file = (m: unknown) => jsonl(header(), IS("is", 1), U("u1", null, 2), selected("sel", 3, m), U("u2", "u1", 4));

describe("p6: chosen from a session_model_selected event", () => {
  it("the fixture with model selections is read as p6, and PROFILE_CHOSEN names the event and its line", () => {
    const s = parseFixture("valid/p6-model-selected.jsonl");
    expect(s.profile).toBe("p6");
    expect(s.generation).toBe("p6");
    expect(s.verdict).toBeNull();
    expect(byCode(s, "PROFILE_CHOSEN")[0].args).toMatchObject({ format: "scorel", profile: "p6", why: "session_model_selected event on line 6" });
    expect(findings(s)).toEqual([]);
  });
  it("a file without one keeps the p5 default", () => {
    expect(parseFixture("valid/p5-session.jsonl").profile).toBe("p5");
  });
  it("model selections are control events: not tree nodes, and the active leaf is the last tree event", () => {
    const s = parseFixture("valid/p6-model-selected.jsonl");
    const sel = s.events.filter((e) => e.type === "session_model_selected");
    expect(sel).toHaveLength(2);
    for (const e of sel) expect(s.tree.parent.has(e.id)).toBe(false);
    expect(s.tree.activeLeafId).toBe(s.events.at(-1)!.id);
  });
  it("a tree event hanging under a model selection names a control event (invalid_parent)", () => {
    const s = parse(jsonl(header(), IS("is", 1), U("u1", null, 2), selected("sel", 3, MODEL), U("u2", "sel", 4)));
    expect(s.verdict).toMatchObject({ code: "invalid_parent", message: "Missing parent event: sel", line: 5 });
  });
});

describe("p6: the selectedModel payload check", () => {
  const rejected: Array<[string, unknown, string]> = [
    ["not an object", "gpt-5", "selectedModel must be an object"],
    ["null", null, "selectedModel must be an object"],
    ["an array", [MODEL], "selectedModel must be an object"],
    ...(["modelId", "providerId", "provider", "id", "displayName"] as const).map((k): [string, unknown, string] => [
      `without ${k}`,
      { ...MODEL, [k]: undefined },
      `selectedModel.${k} must be a string`,
    ]),
    ["a numeric modelId", { ...MODEL, modelId: 5 }, "selectedModel.modelId must be a string"],
    [
      "reasoningEffort extreme",
      { ...MODEL, reasoningEffort: "extreme" },
      'selectedModel.reasoningEffort (when present) must be "minimal", "low", "medium", "high", "xhigh" or "max"',
    ],
    ["reasoningEffort null", { ...MODEL, reasoningEffort: null }, "selectedModel.reasoningEffort (when present) must be"],
    ["reasoningEffort upper case", { ...MODEL, reasoningEffort: "HIGH" }, "selectedModel.reasoningEffort (when present) must be"],
  ];
  for (const [what, m, message] of rejected) {
    it(`${what}: invalid_event "session_model_selected is missing selectedModel payload"`, () => {
      const s = parse(file(m));
      expect(s.profile).toBe("p6");
      expect(s.verdict).toMatchObject({ code: "invalid_event", message: "session_model_selected is missing selectedModel payload", line: 4 });
      const inv = byCode(s, "SCOREL_INV_33_MODEL_SELECTED");
      expect(inv).toHaveLength(1);
      expect(inv[0]).toMatchObject({ severity: "error", line: 4, eventId: "sel" });
      expect(inv[0].message).toContain(message);
    });
  }
  for (const effort of [undefined, "minimal", "low", "medium", "high", "xhigh", "max"]) {
    it(`reasoningEffort ${effort ?? "absent"} is accepted, and extra fields too`, () => {
      const s = parse(file({ ...MODEL, role: "main", contextWindow: 400000, reasoningEffort: effort }));
      expect(s.verdict).toBeNull();
      expect(findings(s)).toEqual([]);
    });
  }
});

describe("older profiles: today's verdict, and a warning that a newer Scorel wrote the file", () => {
  for (const profile of ["p5", "p4", "p4a", "p3"]) {
    it(`${profile}: "Unsupported session event type" plus PROFILE_MISMATCH naming the line and p6`, () => {
      const s = parseFixture("valid/p6-model-selected.jsonl", profile);
      expect(s.profile).toBe(profile);
      expect(s.verdict).toMatchObject({ code: "invalid_event", message: "Unsupported session event type", line: 6 });
      const m = byCode(s, "PROFILE_MISMATCH").filter((d) => (d.args as { problem: string }).problem === "scorel-model-selected-before-p6");
      expect(m).toHaveLength(1);
      expect(m[0].severity).toBe("warning");
      expect(m[0].message).toBe(
        `Written by a newer Scorel than profile ${profile}: session_model_selected (line 6) exists from the current session core on; the ${profile} loader rejects it, profile p6 reads it`,
      );
    });
  }
  it("p6 itself raises no mismatch", () => {
    expect(byCode(parseFixture("valid/p6-model-selected.jsonl", "p6"), "PROFILE_MISMATCH")).toEqual([]);
  });
});

describe("p6 replays every other rule as p5 on files the loader accepts", () => {
  for (const f of ["valid/p5-session.jsonl", "valid/p5-harness-merge.jsonl"]) {
    it(`${f}: the same context at every turn and at every tree node`, () => {
      const p5 = parseFixture(f, "p5");
      const p6 = parseFixture(f, "p6");
      expect(p6.verdict).toBeNull();
      const strip = (c: { profile: string }) => ({ ...c, profile: "" });
      for (const id of p5.tree.nodes) expect(strip(buildScorelContext(p6, id))).toEqual(strip(buildScorelContext(p5, id)));
      const turns = (s: typeof p5) => [...scorelTurnContexts(s)].map((t) => ({ ...t, profile: "" }));
      expect(turns(p6)).toEqual(turns(p5));
    });
  }
});

describe("an event type no profile knows: a newer Scorel, said on every read (PROFILE_NEWER)", () => {
  const withTypes = (...types: string[]) => jsonl(header(), IS("is", 1), U("u1", null, 2), ...types.map((t, i) => ev(t, `x${i}`, null, 3 + i)));
  it("is read with the newest profile, p6, and the warning names the first such event and how many more", () => {
    const s = parse(withTypes("session_budget_updated", "session_budget_updated", "queue_update"));
    expect(s.profile).toBe("p6");
    expect(byCode(s, "PROFILE_CHOSEN")[0].args).toMatchObject({
      profile: "p6",
      why: 'the newest profile: event type "session_budget_updated" on line 4 is one no profile knows',
    });
    const w = byCode(s, "PROFILE_NEWER");
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({
      severity: "warning",
      line: 4,
      args: { writer: "Scorel", profile: "p6", evidence: 'event type "session_budget_updated" (line 4)', more: 1 },
    });
    expect(w[0].message).toContain("Read with profile p6");
    // The loader of every known version still rejects the file.
    expect(s.verdict).toMatchObject({ code: "invalid_event", message: "Unsupported session event type", line: 4 });
  });
  it("a requested profile is kept and named in the warning", () => {
    const s = parse(withTypes("session_budget_updated"), "p4");
    expect(s.profile).toBe("p4");
    expect(byCode(s, "PROFILE_NEWER")[0].args).toMatchObject({ profile: "p4", more: 0 });
  });
  it("types sightline knows are no such evidence: transient, design-only, session_header, session_model_selected", () => {
    for (const t of ["text_delta", "rewind", "session_header", "session_model_selected"]) expect(byCode(parse(withTypes(t)), "PROFILE_NEWER"), t).toEqual([]);
    expect(parse(withTypes("text_delta")).profile).toBe("p5");
  });
  it("neither the design model nor a G0 log gets it", () => {
    expect(byCode(parseFixture("design/session-full.jsonl"), "PROFILE_NEWER")).toEqual([]);
    expect(
      byCode(
        parse(jsonl(header(), ev("message", "m", null, 1, { message: { role: "user", content: "x" } }), ev("brand_new", "b", null, 2)), "design"),
        "PROFILE_NEWER",
      ),
    ).toEqual([]);
  });
});
