// Issue 18: the rollouts the real Codex CLI 0.169.0 wrote (fixtures/codex/0.169.0, recorded offline by
// test/conformance/codex/record.mjs) replay to exactly the request bodies the binary sent: every turn's request
// equals the captured body except at the paths the turn names in notRecorded. No binary, no network.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { compareRequests } from "../../../../src/formats/codex/verify.js";
import { readSession } from "../../../../src/app/read/read.js";
import { codexFormat, type CodexSession } from "../../../../src/formats/codex/index.js";
import { isSession, parseSession, type Session } from "../../../../src/formats/index.js";
import { turnViews } from "../../../../src/context/turns.js";

const ROOT = resolve(import.meta.dirname, "../../../..");
const FIXTURES = join(ROOT, "fixtures/codex");

function* rollouts(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* rollouts(p);
    else if (name.endsWith(".jsonl")) yield p;
  }
}

async function sessions(name: string, release = "0.169.0"): Promise<{ sessions: Session[]; bodies: unknown[] }> {
  const dir = join(FIXTURES, release, name);
  const out: Session[] = [];
  for (const file of rollouts(join(dir, "sessions"))) {
    const s = await readSession(file);
    if (!isSession(s) || s.format !== "codex") throw new Error(`${file} is not read as a codex session`);
    out.push(s);
  }
  return { sessions: out, bodies: JSON.parse(readFileSync(join(dir, "requests.json"), "utf8")) as unknown[] };
}

async function scenario(name: string, release = "0.169.0"): Promise<{ session: Session; bodies: unknown[] }> {
  const {
    sessions: [session, ...more],
    bodies,
  } = await sessions(name, release);
  expect(more).toEqual([]);
  return { session, bodies };
}

const SCENARIOS = { tools: 3, resume: 4, compact: 8, manual: 5, appserver: 2 } as const;

describe("codex 0.169.0 rollouts replay to the requests the binary sent", () => {
  it.each(Object.entries(SCENARIOS))("%s: %i turns, each equal to its captured body", async (name, n) => {
    const { session, bodies } = await scenario(name);
    expect(session.profile).toBe("codex-0.169");
    expect(session.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const { turns } = turnViews(session);
    const r = compareRequests(turns, bodies);
    expect(r.differences).toEqual([]);
    expect([r.turns, r.requests, r.compared]).toEqual([n, n, n]);
  });

  it("what is left out is only what the rollout does not record", async () => {
    const { session } = await scenario("compact");
    const { turns } = turnViews(session);
    const paths = (i: number) => (turns[i].notRecorded ?? []).map((x) => x.path);
    // A model request: the tools and the developer message's id are not recorded; its text is rebuilt.
    expect(paths(0)).toContain("$.tools");
    expect(paths(0)).toContain("$.input[0].id");
    expect(paths(0)).not.toContain("$.input[0].content[0].text");
    // A compaction request sends no tools, and the rollout says so: `tools: []` is rebuilt, not left out.
    expect(paths(1)).not.toContain("$.tools");
    expect(turns[1].request?.tools).toEqual([]);
  });

  it("a changed request is caught (the comparison can fail)", async () => {
    const { session, bodies } = await scenario("tools");
    const { turns } = turnViews(session);
    const broken = structuredClone(bodies) as Array<{ input: Array<Record<string, unknown>> }>;
    broken[1].input[2] = { ...broken[1].input[2], id: "msg_other" };
    const r = compareRequests(turns, broken);
    expect(r.differences.map((d) => [d.turn, d.path])).toEqual([[1, "$.input[2].id"]]);
  });

  it("both automatic compactions are found, each with the history before and its replacement after", async () => {
    const { session } = await scenario("compact");
    const { turns } = turnViews(session);
    expect(turns.filter((t) => t.request?.tools !== undefined).map((t) => t.index)).toEqual([1, 4]);
    expect(turns.map((t) => t.compactions ?? [])).toEqual([[], [], ["L21"], [], [], ["L41"], [], []]);
  });

  it("fork: the child starts from the parent's history up to the fork point (read from the parent's rollout)", async () => {
    const { sessions: all, bodies } = await sessions("fork");
    expect(all.map((s) => s.diagnostics.filter((d) => d.severity !== "info"))).toEqual([[], []]);
    const r = compareRequests(
      all.flatMap((s) => turnViews(s).turns),
      bodies,
    );
    expect(r.differences).toEqual([]);
    // The parent went on after the fork: its last two requests came after the fork's (compared thread by thread).
    expect([r.turns, r.requests, r.compared]).toEqual([6, 6, 6]);
    const child = all[1] as CodexSession;
    const threads = (bodies as Array<{ prompt_cache_key: string }>).map((b) => (b.prompt_cache_key === child.id ? "fork" : "parent"));
    expect(threads).toEqual(["parent", "parent", "fork", "fork", "parent", "parent"]);
    expect(codexFormat.forkPoint?.(child)).toEqual({ file: expect.stringContaining(all[0].file.split("/").pop() ?? "?"), turns: 2 });
    // Without its parent, the child's first request lacks the parent's history: the comparison says so.
    const alone = parseSession(readFileSync(child.file, "utf8"), { file: child.file }) as CodexSession;
    expect(codexFormat.originFindings?.(alone).map((d) => d.code)).toEqual(["CODEX_FORK_PARENT_MISSING"]);
    expect(
      compareRequests(
        turnViews(alone).turns,
        bodies.filter((_, i) => threads[i] === "fork"),
      ).differences.length,
    ).toBe(2);
  });
});

describe("rollbacks, as the binaries performed them", () => {
  it("0.169.0 thread/revert: each revert starts a segment file whose base is the previous file, read as a chain", async () => {
    const { sessions: all, bodies } = await sessions("revert");
    expect(all.map((s) => s.file.replace(/^.*\/rollout-[0-9T-]+-/, ""))).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}\.jsonl$/),
      expect.stringMatching(/^[0-9a-f-]{36}_[0-9a-f-]{36}\.jsonl$/),
      expect.stringMatching(/^[0-9a-f-]{36}_[0-9a-f-]{36}\.jsonl$/),
    ]);
    expect(all.map((s) => s.diagnostics.filter((d) => d.severity !== "info"))).toEqual([[], [], []]);
    const turns = all.flatMap((s) => turnViews(s).turns);
    const r = compareRequests(turns, bodies);
    expect(r.differences).toEqual([]);
    expect([r.turns, r.requests, r.compared]).toEqual([6, 6, 6]);
    // The last request holds turns 1 and 3 only: both reverted turns are gone.
    const texts = ((turns[5].request?.input ?? []) as Array<{ role?: string; content?: Array<{ text?: string }> }>)
      .filter((i) => i.role === "user")
      .map((i) => i.content?.[0]?.text ?? "")
      .filter((t) => t.endsWith("turn."));
    expect(texts).toEqual(["First turn.", "Third turn.", "Fifth turn."]);
    // The last segment alone (its base not beside it) is said to lack the history before it, and differs.
    const last = all[2] as CodexSession;
    const alone = parseSession(readFileSync(last.file, "utf8"), { file: last.file }) as CodexSession;
    expect(codexFormat.originFindings?.(alone).map((d) => d.code)).toEqual(["CODEX_REVERT_BASE_MISSING"]);
    expect(compareRequests(turnViews(alone).turns, bodies.slice(5)).differences.length).toBe(1);
  });

  it.each([
    ["0.100.0", "codex-0.100"],
    ["0.169.0", "codex-0.169"],
  ])("thread/rollback in 0.100.0's app server, resumed by %s: every request equal", async (release) => {
    const { session, bodies } = await scenario("rollback", release);
    expect(session.diagnostics.filter((d) => d.code === "CODEX_ROLLBACK").map((d) => d.line)).toEqual([32]);
    const { turns } = turnViews(session);
    const r = compareRequests(turns, bodies);
    expect(r.differences).toEqual([]);
    expect([r.turns, r.requests, r.compared]).toEqual([5, 5, 5]);
    const users = (i: number) =>
      ((turns[i].request?.input ?? []) as Array<{ role?: string; content?: Array<{ text?: string }> }>)
        .filter((x) => x.role === "user")
        .map((x) => x.content?.[0]?.text ?? "")
        .filter((t) => t.endsWith("request.") || t.endsWith("rollback.") || t.endsWith("later.") || t.endsWith("resumed."));
    // The rolled-back request is gone from the request after the rollback and from the resumed one.
    expect(users(3)).toEqual(["First request.", "Third request, after the rollback."]);
    expect(users(4)).toEqual(["First request.", "Third request, after the rollback.", "Fourth request, resumed."]);
  });
});

describe("remote compaction (0.169.0 on the built-in openai provider, pointed at the scripted server)", () => {
  it("the compaction request ends in compaction_trigger; the opaque compaction item is replayed verbatim", async () => {
    const { session, bodies } = await scenario("remote");
    expect(session.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const { turns } = turnViews(session);
    const r = compareRequests(turns, bodies);
    expect(r.differences).toEqual([]);
    expect([r.turns, r.requests, r.compared]).toEqual([4, 4, 4]);
    type Body = { input: Array<Record<string, unknown>>; tools?: unknown[] };
    const sent = bodies as Body[];
    expect(sent[1].input.at(-1)).toEqual({ type: "compaction_trigger" });
    expect(turns[1].request?.input as unknown[]).toContainEqual({ type: "compaction_trigger" });
    // A remote compaction request sends the tools, which the rollout does not record.
    expect((sent[1].tools ?? []).length).toBeGreaterThan(0);
    expect(turns[1].notRecorded?.map((n) => n.path)).toContain("$.tools");
    expect(turns[1].compactionRequest).toEqual({ compaction: "L16", responseRecorded: true, remote: true });
    // The item the server returned, byte for byte, in every later request sightline rebuilds.
    const item = { type: "compaction", id: "cmp_resp_1_0", encrypted_content: "gAAAA-scripted-opaque-compaction-1" };
    for (const k of [2, 3]) {
      expect(sent[k].input).toContainEqual(item);
      expect(turns[k].request?.input as unknown[]).toContainEqual(item);
    }
  });
});

describe("a 0.100.0 session resumed by 0.169.0", () => {
  it("each request is rebuilt with its writer's rules: 0.100.0's before the takeover, 0.169.0's after", async () => {
    const { session, bodies } = await scenario("resume-older");
    expect(session.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(session.diagnostics.filter((d) => d.code === "CODEX_TWO_WRITERS").map((d) => d.line)).toEqual([27]);
    const { turns } = turnViews(session);
    const r = compareRequests(turns, bodies);
    expect(r.differences).toEqual([]);
    expect([r.turns, r.requests]).toEqual([5, 5]);
    // 0.100.0 sent `instructions`; 0.169.0 sends the same text whole as its developer message (no provenance).
    expect(turns.map((t) => t.request?.instructions !== undefined)).toEqual([true, true, true, false, false]);
  });
});

describe("codex 0.100.0 rollouts (compacted lines without replacement_history) replay to the requests it sent", () => {
  it.each(Object.entries(SCENARIOS))("%s: %i turns, each equal to its captured body", async (name, n) => {
    const { session, bodies } = await scenario(name, "0.100.0");
    expect(session.profile).toBe("codex-0.100");
    expect(session.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const r = compareRequests(turnViews(session).turns, bodies);
    expect(r.differences).toEqual([]);
    expect([r.turns, r.requests, r.compared]).toEqual([n, n, n]);
  });

  it("the base instructions go whole into `instructions`; the history rebuilt after each legacy compaction", async () => {
    const { session, bodies } = await scenario("compact", "0.100.0");
    const { turns } = turnViews(session);
    expect(turns[0].request?.instructions).toBe((bodies[0] as { instructions: string }).instructions);
    expect(session.diagnostics.filter((d) => d.code === "CODEX_LEGACY_COMPACTION").map((d) => d.line)).toEqual([19, 35]);
    // The compaction requests are not in the rollout as responses: they are rebuilt at the compacted lines.
    expect(turns.filter((t) => t.request?.tools !== undefined).map((t) => t.responseId)).toEqual(["L19", "L35"]);
  });

  it("a long tool output is cut in the history as the turn's truncation policy says (the rollout keeps it whole)", async () => {
    const { session } = await scenario("tools", "0.100.0");
    const { turns } = turnViews(session);
    const input = turns[2].request?.input as Array<{ type: string; output?: string }>;
    const out = input.filter((i) => i.type === "function_call_output").map((i) => i.output ?? "");
    expect(out[2]).toMatch(/…28157 chars truncated…/);
  });
});
