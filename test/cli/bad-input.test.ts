// Design §8 "Bad input", through the CLI: each bad file is generated in a temp folder beside a good file of
// the same format; `validate <folder>` must report the bad file with a clear diagnostic (file, line, code)
// and still process the good one, `replay <bad file>` must answer (exit 0, or 2 when it is no session) and
// never exit 3, and no input changes (sha256 before/after). Small cases run through the built CLI's main()
// in one spawned node process (runBatch); big inputs, rules and the proto check spawn or run in-process.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readSession } from "../../src/app/read/read.js";
import { checkContract } from "../../src/schema/contract.js";
import { ROOT, runCli, type CliRun, runMany } from "./run.js";

const runBatch = runMany;

const sha = (p: string) => createHash("sha256").update(readFileSync(p)).digest("hex");
type Format = "scorel" | "pi" | "yoi";

// ---- good sessions, one per format ----------------------------------------------------------------------
const TS = "2026-01-01T00:00:00.000Z";
const piUser = (id: string, parentId: string | null, text: string) => ({
  type: "message",
  id,
  parentId,
  timestamp: TS,
  message: { role: "user", timestamp: 1, content: [{ type: "text", text }] },
});
const piAsst = (id: string, parentId: string, text: string) => ({
  type: "message",
  id,
  parentId,
  timestamp: TS,
  message: {
    role: "assistant",
    timestamp: 1,
    content: [{ type: "text", text }],
    api: "a",
    provider: "p",
    model: "m",
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 },
    stopReason: "stop",
  },
});
const PI_HEADER = JSON.stringify({ type: "session", version: 3, id: "s1", timestamp: TS, cwd: "/w" });
const fixtureLines = (p: string) =>
  readFileSync(join(ROOT, p), "utf8")
    .split("\n")
    .filter((l) => l !== "");
const GOOD: Record<Format, () => string[]> = {
  pi: () => [
    PI_HEADER,
    ...[piUser("u1", null, "hello"), piAsst("a1", "u1", "hi"), piUser("u2", "a1", "more"), piAsst("a2", "u2", "done")].map((r) => JSON.stringify(r)),
  ],
  // Header, instruction snapshot, user message (line 3), assistant (line 4), tool result (line 5), …
  scorel: () => fixtureLines("fixtures/scorel/valid/p5-harness-merge.jsonl"),
  // segment_start, invoke, user_input (line 3), assistant_item (line 4), …
  yoi: () => fixtureLines("fixtures/yoi/session-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/0190a1b2-c3d4-7e5f-8a9b-000000000001.jsonl"),
};
/** 0-based index of the line whose text the cases mutate (physical line TEXT_LINE + 1). */
const TEXT_LINE: Record<Format, number> = { pi: 1, scorel: 2, yoi: 2 };
const jsonl = (lines: string[]) => lines.join("\n") + "\n";
const edit = (f: Format, i: number, change: (o: Record<string, any>) => void): string[] => {
  const lines = GOOD[f]();
  const o = JSON.parse(lines[i]) as Record<string, any>;
  change(o);
  lines[i] = JSON.stringify(o);
  return lines;
};
/** The good session with the message text of TEXT_LINE replaced by raw JSON text (or raw bytes). */
function withRawText(f: Format, raw: string | Buffer): Buffer {
  const marker = "\u0000MARK\u0000";
  const lines = edit(f, TEXT_LINE[f], (o) => {
    if (f === "yoi") o.segments[0].content = marker;
    else o.message.content[0].text = marker;
  });
  const [a, b] = jsonl(lines).split(JSON.stringify(marker));
  return Buffer.concat([Buffer.from(a), typeof raw === "string" ? Buffer.from(raw) : raw, Buffer.from(b)]);
}

// ---- the cases ----------------------------------------------------------------------------------------------
interface Case {
  name: string;
  format: Format;
  bytes: Buffer;
  /** [line (undefined: the file as a whole), code] that must be among the bad file's diagnostics. */
  expected: Array<[number | undefined, string]>;
  profile?: string;
  /** replay refuses the file (not a session): exit 2. */
  refused?: boolean;
}
const buf = (s: string) => Buffer.from(s);
const torn = (f: Format) => {
  const lines = GOOD[f]();
  const last = lines.pop()!;
  return buf(lines.join("\n") + "\n" + last.slice(0, Math.floor(last.length / 2)));
};
const deep = '"x","deep":' + "[".repeat(200_000) + "]".repeat(200_000);
const PROTO = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted2":"yes"}},';
const proto = (f: Format) => {
  const lines = GOOD[f]();
  lines[TEXT_LINE[f]] = lines[TEXT_LINE[f]].replace(/^\{/, PROTO);
  return buf(jsonl(lines));
};
const replaceLine = (f: Format, i: number, text: string) => {
  const lines = GOOD[f]();
  lines[i] = text;
  return buf(jsonl(lines));
};
const dupLast = (f: Format) => {
  const lines = GOOD[f]();
  return buf(jsonl([...lines, lines[lines.length - 1]]));
};
const cesu = Buffer.from([0xed, 0xa0, 0x80]); // U+D800 encoded as UTF-8 would (CESU-8 style): invalid UTF-8
const badUtf8 = Buffer.from([0x61, 0xff, 0xfe, 0xc3]);

const CASES: Case[] = [
  // Truncated last line: Scorel rejects with invalid_json, pi skips it, yoi seed fails the segment there
  // (corrupt), yoi head ignores an unterminated tail (yoi-format Corrections).
  {
    name: "scorel-torn-last-line",
    format: "scorel",
    bytes: torn("scorel"),
    expected: [
      [10, "invalid_json"],
      [10, "TORN_LAST_LINE"],
    ],
  },
  { name: "pi-torn-last-line", format: "pi", bytes: torn("pi"), expected: [[5, "skipped_line"]] },
  {
    name: "yoi-seed-torn-last-line",
    format: "yoi",
    bytes: torn("yoi"),
    expected: [
      [18, "corrupt"],
      [18, "TORN_LAST_LINE"],
    ],
  },
  { name: "yoi-head-torn-last-line", format: "yoi", profile: "head", bytes: torn("yoi"), expected: [[18, "YOI_TORN_TAIL_IGNORED"]] },
  // Invalid JSON in the middle.
  {
    name: "scorel-invalid-json",
    format: "scorel",
    bytes: replaceLine("scorel", 2, "{not json"),
    expected: [
      [3, "invalid_json"],
      [3, "SCOREL_INV_02_INVALID_JSON"],
    ],
  },
  { name: "pi-invalid-json", format: "pi", bytes: replaceLine("pi", 2, "{not json"), expected: [[3, "skipped_line"]] },
  { name: "yoi-invalid-json", format: "yoi", bytes: replaceLine("yoi", 2, "{not json"), expected: [[3, "corrupt"]] },
  // Wrong types.
  {
    name: "scorel-wrong-types",
    format: "scorel",
    bytes: buf(jsonl(edit("scorel", 2, (o) => (o.seq = String(o.seq))))),
    expected: [
      [3, "invalid_event"],
      [3, "SCOREL_INV_06_INVALID_EVENT"],
    ],
  },
  { name: "pi-wrong-types", format: "pi", bytes: buf(jsonl(edit("pi", 1, (o) => (o.message.content = 42)))), expected: [[2, "SCHEMA"]] },
  { name: "yoi-wrong-types", format: "yoi", bytes: buf(jsonl(edit("yoi", 2, (o) => (o.ts = "soon")))), expected: [[3, "corrupt"]] },
  // Unknown types (pi keeps unknown entry types: see the report; Scorel and yoi reject them).
  {
    name: "scorel-unknown-type",
    format: "scorel",
    bytes: buf(jsonl(edit("scorel", 2, (o) => (o.type = "mystery_type")))),
    expected: [
      [3, "invalid_event"],
      [3, "SCOREL_INV_06_INVALID_EVENT"],
    ],
  },
  { name: "yoi-unknown-kind", format: "yoi", bytes: buf(jsonl(edit("yoi", 2, (o) => (o.kind = "mystery_kind")))), expected: [[3, "corrupt"]] },
  // Duplicate ids, cycles, dangling parents (yoi has no ids: entries are L<line>).
  {
    name: "scorel-duplicate-id",
    format: "scorel",
    bytes: buf(jsonl([...GOOD.scorel().slice(0, 4), JSON.stringify({ ...JSON.parse(GOOD.scorel()[3]), id: JSON.parse(GOOD.scorel()[2]).id, seq: 100 })])),
    expected: [
      [5, "duplicate_event_id"],
      [5, "SCOREL_INV_07_DUPLICATE_ID"],
    ],
  },
  { name: "pi-duplicate-id", format: "pi", bytes: dupLast("pi"), expected: [[6, "PI_DUPLICATE_ID"]] },
  {
    name: "scorel-cycle",
    format: "scorel",
    bytes: buf(jsonl(edit("scorel", 2, (o) => (o.parentId = JSON.parse(GOOD.scorel()[3]).id)).slice(0, 4))),
    expected: [
      [3, "invalid_parent"],
      [3, "SCOREL_INV_10_PARENT"],
    ],
  },
  { name: "pi-cycle", format: "pi", bytes: buf(jsonl(edit("pi", 3, (o) => (o.parentId = "a2")))), expected: [[4, "PI_PARENT_CYCLE"]] },
  {
    name: "scorel-dangling-parent",
    format: "scorel",
    bytes: buf(jsonl(edit("scorel", 3, (o) => (o.parentId = "nope")))),
    expected: [
      [4, "invalid_parent"],
      [4, "SCOREL_INV_10_PARENT"],
    ],
  },
  { name: "pi-dangling-parent", format: "pi", bytes: buf(jsonl(edit("pi", 3, (o) => (o.parentId = "nope")))), expected: [[4, "PI_DANGLING_PARENT"]] },
  // Lone surrogates: the JSON escape "\ud800" (JSON.parse accepts it, serde does not) and raw CESU bytes.
  { name: "scorel-lone-surrogate-escape", format: "scorel", bytes: withRawText("scorel", '"a\\ud800b"'), expected: [[3, "LONE_SURROGATE"]] },
  { name: "pi-lone-surrogate-escape", format: "pi", bytes: withRawText("pi", '"a\\ud800b"'), expected: [[2, "LONE_SURROGATE"]] },
  { name: "yoi-lone-surrogate-escape", format: "yoi", bytes: withRawText("yoi", '"a\\ud800b"'), expected: [[3, "corrupt"]] },
  {
    name: "scorel-lone-surrogate-cesu",
    format: "scorel",
    bytes: withRawText("scorel", Buffer.concat([buf('"a'), cesu, buf('b"')])),
    expected: [[3, "INVALID_UTF8"]],
  },
  { name: "pi-lone-surrogate-cesu", format: "pi", bytes: withRawText("pi", Buffer.concat([buf('"a'), cesu, buf('b"')])), expected: [[2, "INVALID_UTF8"]] },
  { name: "yoi-lone-surrogate-cesu", format: "yoi", bytes: withRawText("yoi", Buffer.concat([buf('"a'), cesu, buf('b"')])), expected: [[3, "corrupt"]] },
  // Invalid UTF-8.
  {
    name: "scorel-invalid-utf8",
    format: "scorel",
    bytes: withRawText("scorel", Buffer.concat([buf('"'), badUtf8, buf('"')])),
    expected: [[3, "INVALID_UTF8"]],
  },
  { name: "pi-invalid-utf8", format: "pi", bytes: withRawText("pi", Buffer.concat([buf('"'), badUtf8, buf('"')])), expected: [[2, "INVALID_UTF8"]] },
  { name: "yoi-invalid-utf8", format: "yoi", bytes: withRawText("yoi", Buffer.concat([buf('"'), badUtf8, buf('"')])), expected: [[3, "corrupt"]] },
  // Empty and binary files (PNG signature and IHDR chunk: NUL bytes).
  { name: "empty-file", format: "pi", bytes: Buffer.alloc(0), expected: [[undefined, "EMPTY_FILE"]], refused: true },
  {
    name: "binary-file",
    format: "pi",
    bytes: Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
    expected: [[undefined, "BINARY_FILE"]],
    refused: true,
  },
  // __proto__ keys are data: no diagnostic needed, nothing polluted (checked in-process below too).
  { name: "scorel-proto-keys", format: "scorel", bytes: proto("scorel"), expected: [] },
  { name: "pi-proto-keys", format: "pi", bytes: proto("pi"), expected: [] },
  { name: "yoi-proto-keys", format: "yoi", bytes: proto("yoi"), expected: [] },
  // 200 000-deep nesting: the depth guard (sightline), serde's recursion limit (yoi).
  { name: "scorel-deep-nesting", format: "scorel", bytes: withRawText("scorel", deep), expected: [[3, "TOO_DEEP"]] },
  { name: "pi-deep-nesting", format: "pi", bytes: withRawText("pi", deep), expected: [[2, "TOO_DEEP"]] },
  { name: "yoi-deep-nesting", format: "yoi", bytes: withRawText("yoi", deep), expected: [[3, "corrupt"]] },
];

interface ValidateDoc {
  files: Array<{
    path: string;
    kind: string;
    format: string | null;
    diagnostics: Array<{ code: string; severity: string; file: string; line?: number; message: string }>;
  }>;
  problems: unknown[];
}

const tmp = mkdtempSync(join(tmpdir(), "sightline-bad-input-"));
const bad = (c: Case) => `${c.name}/bad.jsonl`;
const prof = (c: Case) => (c.profile ? ["--profile", c.profile] : []);
const runsOf = (c: Case) => ({
  validateDir: { args: ["validate", c.name, "--json", ...prof(c)], cwd: tmp },
  validateText: { args: ["validate", bad(c), ...prof(c)], cwd: tmp },
  replay: { args: ["replay", bad(c), "--json", ...prof(c)], cwd: tmp },
});
const before = new Map<string, string>();
const results = new Map<string, { validateDir: CliRun; validateText: CliRun; replay: CliRun }>();

beforeAll(() => {
  for (const c of CASES) {
    mkdirSync(join(tmp, c.name));
    writeFileSync(join(tmp, bad(c)), c.bytes);
    writeFileSync(join(tmp, c.name, "good.jsonl"), jsonl(GOOD[c.format]()));
    before.set(c.name, sha(join(tmp, bad(c))));
  }
  const runs = CASES.flatMap((c) => Object.values(runsOf(c)));
  const out = runBatch(runs);
  CASES.forEach((c, i) => {
    results.set(c.name, { validateDir: out[3 * i], validateText: out[3 * i + 1], replay: out[3 * i + 2] });
  });
}, 180_000);

describe("design §8 bad input: validate and replay through the CLI", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const r = results.get(c.name)!;
    // validate <folder>: both files listed; the good one clean; the bad one with the expected diagnostics.
    expect(r.validateDir.code, r.validateDir.stderr).not.toBe(3);
    const doc = JSON.parse(r.validateDir.stdout) as ValidateDoc;
    expect(checkContract("validate", doc)).toEqual([]);
    expect(doc.files.map((f) => f.path).sort()).toEqual([`${c.name}/bad.jsonl`, `${c.name}/good.jsonl`]);
    const good = doc.files.find((f) => f.path.endsWith("good.jsonl"))!;
    expect(good.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const found = doc.files.find((f) => f.path.endsWith("bad.jsonl"))!.diagnostics;
    const pairs = found.filter((d) => d.severity !== "info").map((d) => [d.line, d.code]);
    expect(pairs).toEqual(expect.arrayContaining(c.expected));
    for (const d of found) {
      expect(d.file).toBe(bad(c));
      expect(d.message.length).toBeGreaterThan(10);
    }
    const errors = found.some((d) => d.severity === "error");
    expect(r.validateDir.code).toBe(errors ? 1 : 0);
    // The text form names the file, and the line and code of each expected finding.
    expect(r.validateText.stdout).toContain(bad(c));
    for (const [line, code] of c.expected) expect(r.validateText.stdout).toMatch(new RegExp(`│ ${line ?? ""}[:\\d]* +│ \\w+ +│ ${code} `));
    // replay answers: exit 0 with the diagnostics in the document, or 2 for a file that is no session.
    if (c.refused) {
      expect(r.replay.code).toBe(2);
      expect(r.replay.stderr).toMatch(new RegExp(`^sightline: ${bad(c)}: `));
    } else {
      expect(r.replay.code, r.replay.stderr).toBe(0);
      const rd = JSON.parse(r.replay.stdout) as { diagnostics: Array<{ code: string; line?: number }> };
      expect(checkContract("replay", rd)).toEqual([]);
      expect(rd.diagnostics.map((d) => [d.line, d.code])).toEqual(expect.arrayContaining(c.expected));
    }
    expect(sha(join(tmp, bad(c)))).toBe(before.get(c.name));
  });

  it("__proto__ and constructor.prototype keys pollute nothing when read in-process (readSession, every format)", async () => {
    const names = Object.getOwnPropertyNames(Object.prototype).sort();
    for (const c of CASES.filter((x) => x.name.endsWith("proto-keys"))) {
      const s = await readSession(join(tmp, bad(c)));
      expect(s.format).toBe(c.format);
      expect(s.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted2).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(names);
  });
});

describe("design §8 bad input: big inputs (spawned CLI)", () => {
  const big = join(tmp, "big");
  const files = {
    line50: join(big, "pi-50mb-line.jsonl"),
    torn50: join(big, "scorel-50mb-invalid-line.jsonl"),
    lines200k: join(big, "pi-200k-lines.jsonl"),
    good: join(big, "good.jsonl"),
  };
  const shas = new Map<string, string>();

  beforeAll(() => {
    mkdirSync(big);
    const fifty = "x".repeat(50 * 1024 * 1024);
    writeFileSync(files.line50, jsonl([PI_HEADER, JSON.stringify(piUser("u1", null, fifty)), JSON.stringify(piAsst("a1", "u1", "ok"))]));
    // A 50 MB line that never closes its string, in the middle of a Scorel session (line 3).
    const sc = GOOD.scorel();
    writeFileSync(files.torn50, jsonl([sc[0], sc[1], `{"type":"user_message","text":"${fifty}`, ...sc.slice(3)]));
    // 200 000 lines: a chain of user messages with an assistant every 50 000 lines; line 150 000 is torn.
    const lines = [PI_HEADER];
    let parent: string | null = null;
    for (let i = 1; i < 200_000; i++) {
      const id = `e${i}`;
      lines.push(JSON.stringify(i % 50_000 === 0 ? piAsst(id, parent!, `answer ${i}`) : piUser(id, parent, `message ${i}`)));
      parent = id;
    }
    lines[149_999] = lines[149_999].slice(0, 40);
    writeFileSync(files.lines200k, jsonl(lines));
    writeFileSync(files.good, jsonl(GOOD.pi()));
    for (const f of Object.values(files)) shas.set(f, sha(f));
  }, 60_000);

  it("validate a folder with a 50 MB line, a 50 MB invalid line and a 200 000-line file: each reported, the good file clean", () => {
    const r = runCli(["validate", big, "--json"]);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as ValidateDoc;
    expect(checkContract("validate", doc)).toEqual([]);
    const of = (p: string) =>
      doc.files
        .find((f) => f.path === p)!
        .diagnostics.filter((d) => d.severity !== "info")
        .map((d) => [d.line, d.code]);
    expect(doc.files).toHaveLength(4);
    expect(of(files.good)).toEqual([]);
    expect(of(files.line50)).toEqual([]);
    expect(of(files.torn50)).toEqual(expect.arrayContaining([[3, "invalid_json"]]));
    expect(of(files.lines200k)).toEqual([
      [150_000, "skipped_line"],
      [150_001, "PI_DANGLING_PARENT"],
    ]);
    for (const [f, h] of shas) expect(sha(f), f).toBe(h);
  }, 90_000);

  it("replay a 50 MB line and a 200 000-line file: exit 0, every turn listed", () => {
    const a = runCli(["replay", files.line50]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toContain("1 turn listed");
    const b = runCli(["replay", files.lines200k, "--all-leaves"]);
    expect(b.code, b.stderr).toBe(0);
    // The torn line 150 000 cuts the chain: e150000 (line 150 001) starts a second, dangling branch.
    expect(b.stdout).toContain("response e50000 ");
    expect(b.stdout).toContain("response e100000 ");
    // e150000 is an assistant whose parent (line 150 000) was skipped: its turn is still listed.
    expect(b.stdout).toContain("response e150000 ");
    expect(b.stdout).toContain("3 turns listed");
    for (const [f, h] of shas) expect(sha(f), f).toBe(h);
  }, 90_000);
});

describe("design §8 bad input: a catastrophic regex rule ((a+)+$)", () => {
  const dir = join(tmp, "redos");
  const rules = join(dir, "rules");
  beforeAll(() => {
    mkdirSync(rules, { recursive: true });
    writeFileSync(join(rules, "catastrophic.md"), "---\ncondition: '(a+)+$'\n---\nCatastrophic backtracking.\n");
    writeFileSync(join(rules, "no-sorry.md"), "---\ncondition: 'sorry'\n---\nDo not apologise.\n");
    const session = (text: string) => jsonl([PI_HEADER, JSON.stringify(piUser("u1", null, "hi")), JSON.stringify(piAsst("a1", "u1", text))]);
    writeFileSync(join(dir, "redos.jsonl"), session(`sorry, ${"a".repeat(40)}!`));
    writeFileSync(join(dir, "plain.jsonl"), session("sorry about that"));
  });

  it("ttsr lint: TTSR_CATASTROPHIC_REGEX with the rule file; the other rule is not flagged; exit 1", () => {
    const r = runCli(["ttsr", "lint", "--rules", rules]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${join(rules, "catastrophic.md")}: error TTSR_CATASTROPHIC_REGEX: Condition (a+)+$ of rule catastrophic`);
    expect(r.stdout).not.toContain("no-sorry.md:");
  });

  it("ttsr run: the rule is stopped by the time budget, reported, and the run repeated without it; both sessions replayed", () => {
    const t0 = Date.now();
    const r = runCli(["ttsr", "run", "redos.jsonl", "plain.jsonl", "--rules", "rules", "--json"], { cwd: dir });
    expect(Date.now() - t0).toBeLessThan(25_000);
    expect(r.code, r.stderr).toBe(1); // the replayed interrupts have no recorded counterpart in these logs
    const doc = JSON.parse(r.stdout) as {
      diagnostics: Array<{ code: string; file: string; args: { rule: string } }>;
      sessions: Array<{ path: string; turns: Array<{ matches: Array<{ rule: string }> }> }>;
    };
    expect(checkContract("ttsr-run", doc)).toEqual([]);
    expect(doc.diagnostics.filter((d) => d.code === "TTSR_REGEX_BUDGET_EXCEEDED").map((d) => [d.file, d.args.rule])).toEqual([["redos.jsonl", "catastrophic"]]);
    expect(doc.sessions.map((s) => s.path)).toEqual(["redos.jsonl", "plain.jsonl"]);
    for (const s of doc.sessions) expect(s.turns[0].matches.map((m) => m.rule)).toEqual(["no-sorry"]);
    expect(r.stderr).toContain("TTSR_REGEX_BUDGET_EXCEEDED: Rule catastrophic exceeded");
  }, 60_000);
});
