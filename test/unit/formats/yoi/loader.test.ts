// yoi-format §1 line rules and the loader verdict (design §2): one `corrupt` for the first bad line,
// every further problem reported too; profiles chosen per design §2.
import { describe, expect, it } from "vitest";
import { feedLines, splitText, type LineRecord } from "../../../../src/shared/lines.js";
import { createYoiParser, parseYoi, restoreYoi, sniffYoi, type YoiProfile } from "../../../../src/formats/yoi/index.js";
import * as b from "./builders.js";

const parse = (text: string, profile?: YoiProfile) => parseYoi(text, { file: "seg.jsonl", profile });
const codes = (s: ReturnType<typeof parse>) => s.diagnostics.map((d) => d.code);
const nest = (n: number) => "[".repeat(n) + "]".repeat(n);

describe("yoi loader verdict (yoi-format §1)", () => {
  it("blank and whitespace-only lines are skipped (Rust White_Space, NEL included); ids keep physical lines", () => {
    const s = parse(`${b.start()}\n\n   \t\n\u0085\n${b.say("hi")}\n`);
    expect(s.rejected).toBe(false);
    expect(s.entries.map((e) => e.id)).toEqual(["L1", "L5"]);
    expect(s.tree.parent.get("L5")).toBe("L1");
    expect(s.tree.activeLeafId).toBe("L5");
  });

  it("a BOM-only line is not Rust whitespace: it is a JSON error", () => {
    expect(parse(`${b.start()}\n\uFEFF\n`).verdict?.line).toBe(2);
  });

  it("one corrupt verdict; every further bad line is reported as YOI_INVALID_ENTRY", () => {
    const s = parse(b.file(b.start(), '{"kind":"nope","ts":1}', b.say("ok"), '{"kind":"turn_end","ts":2,"turn_count":"1"}'));
    expect(codes(s).filter((c) => c === "corrupt")).toHaveLength(1);
    expect(s.diagnostics.find((d) => d.code === "corrupt")).toMatchObject({ line: 2, loader: true, severity: "error" });
    expect(s.diagnostics.find((d) => d.code === "corrupt")!.message).toContain("unknown variant `nope`, expected one of `segment_start`");
    expect(s.diagnostics.find((d) => d.code === "YOI_INVALID_ENTRY")).toMatchObject({ line: 4 });
    expect(s.diagnostics.find((d) => d.code === "YOI_INVALID_ENTRY")!.message).toContain('invalid type: string "1", expected usize');
    // sightline still replays what deserializes
    expect(s.entries.map((e) => e.id)).toEqual(["L1", "L3"]);
  });

  it("serde failures: unknown enum, wrong type, missing required field (RequestConfig.stop_sequences)", () => {
    expect(parse(b.file(b.start(), b.invoke("later"))).verdict?.message).toContain("unknown variant `later`");
    expect(parse(b.file(b.start(), '{"kind":"run_completed","ts":1,"interrupted":"no","result":"finished"}')).verdict?.message).toContain(
      'invalid type: string "no", expected a boolean',
    );
    const noStop = JSON.stringify({ kind: "segment_start", ts: 1, session_id: b.SESSION, system_prompt: null, config: {}, history: [] });
    expect(parse(`${noStop}\n`).verdict?.message).toBe("missing field `stop_sequences`");
    expect(parse(b.file(b.start(), '{"kind":"turn_end","ts":-1,"turn_count":1}')).verdict?.message).toContain("invalid value: integer `-1`, expected u64");
  });

  it("serde_json recursion limit 128: depth 127 loads, depth 128 is corrupt", () => {
    const ok = `{"kind":"extension","ts":1,"domain":"d","payload":${nest(126)}}`;
    const deep = `{"kind":"extension","ts":1,"domain":"d","payload":${nest(127)}}`;
    expect(parse(b.file(b.start(), ok)).rejected).toBe(false);
    const s = parse(b.file(b.start(), deep));
    expect(s.verdict).toMatchObject({ line: 2, message: "recursion limit exceeded" });
  });

  it("a lone surrogate escape is an error in serde_json", () => {
    const s = parse(b.file(b.start(), '{"kind":"extension","ts":1,"domain":"d","payload":"\\ud800x"}'));
    expect(s.verdict).toMatchObject({ line: 2, message: "unexpected end of hex escape" });
    expect(parse(b.file(b.start(), '{"kind":"extension","ts":1,"domain":"d","payload":"\\udc00"}')).verdict?.message).toBe(
      "lone leading surrogate in hex escape",
    );
    expect(parse(b.file(b.start(), '{"kind":"extension","ts":1,"domain":"d","payload":"\\ud83d\\ude00"}')).rejected).toBe(false);
  });

  it("invalid UTF-8 is the verdict even after an earlier JSON error (the readers decode first)", () => {
    const lines: LineRecord[] = [
      { no: 1, text: b.start(), terminated: true },
      { no: 2, text: "{bad", terminated: true },
      { no: 3, text: '{"kind":"extension","ts":1,"domain":"\uFFFD","payload":1}', terminated: true, invalidUtf8: true },
    ];
    const head = feedLines(createYoiParser({ file: "x", profile: "head" }), lines);
    expect(head.verdict).toMatchObject({ line: 3, upstream: "corrupt" });
    expect(head.verdict!.message).toMatch(/^invalid utf-8 sequence from index \d+$/);
    expect(head.diagnostics.find((d) => d.code === "YOI_INVALID_ENTRY")?.line).toBe(2);
    const seed = feedLines(createYoiParser({ file: "x", profile: "seed" }), lines);
    expect(seed.verdict).toMatchObject({ line: 3, upstream: "io", message: "stream did not contain valid UTF-8" });
  });

  it("the invalid UTF-8 index counts the bytes of every line before it, ASCII or not", () => {
    // Lines longer than the counter's 64 KiB piece, with characters of 2, 3 and 4 bytes across its edges.
    const long = ["\u00e9", "\u4e2d", "\ud83d\ude00"].map((c) => b.say(`x${c.repeat(40000)}`));
    const before = [b.start(), b.say("caf\u00e9 \u4e2d \ud83d\ude00"), b.say("plain"), "   ", ...long, b.say("y".repeat(70000))];
    const bad = '{"kind":"extension","ts":1,"domain":"\u00e9\uFFFD","payload":1}';
    const lines: LineRecord[] = [...before, bad].map((text, i) => ({ no: i + 1, text, terminated: true, ...(i === before.length && { invalidUtf8: true }) }));
    const head = feedLines(createYoiParser({ file: "x", profile: "head" }), lines);
    const want = before.reduce((n, t) => n + Buffer.byteLength(t, "utf8") + 1, 0) + Buffer.byteLength(bad.slice(0, bad.indexOf("\uFFFD")), "utf8");
    expect(head.verdict?.message).toBe(`invalid utf-8 sequence from index ${want}`);
  });

  it("head ignores invalid UTF-8 in an unterminated tail; seed does not", () => {
    const lines: LineRecord[] = [
      { no: 1, text: b.start(), terminated: true },
      { no: 2, text: "\uFFFD", terminated: false, invalidUtf8: true },
    ];
    expect(feedLines(createYoiParser({ file: "x", profile: "head" }), lines).rejected).toBe(false);
    expect(feedLines(createYoiParser({ file: "x", profile: "seed" }), lines).rejected).toBe(true);
  });

  it("CRLF line endings load (Rust lines() drops the \\r)", () => {
    const s = parse(`${b.start()}\r\n${b.say("hi")}\r\n`);
    expect(s.rejected).toBe(false);
    expect(restoreYoi(s).entries_count).toBe(2);
  });
});

describe("yoi profiles (design §2)", () => {
  it("defaults to seed and says so", () => {
    const s = parse(b.file(b.start(), b.say("hi")));
    expect(s.profile).toBe("seed");
    expect(s.diagnostics.find((d) => d.code === "PROFILE_CHOSEN")?.args).toMatchObject({ profile: "seed", why: "default" });
  });
  it("a file with post-seed features is read with head and a warning", () => {
    const s = parse(
      b.file(
        b.start(),
        b.systemItem({ kind: "worker_event", event: { kind: "turn_ended", worker_name: "w" }, body: "[Notification]\nworker `w` finished a turn" }),
      ),
    );
    expect(s.profile).toBe("head");
    expect(s.diagnostics.find((d) => d.code === "YOI_BETWEEN_ERAS")).toMatchObject({ severity: "warning" });
    expect(s.rejected).toBe(false);
  });
  it.each([
    [
      "prompt_provenance",
      b.systemItem({
        kind: "interrupt",
        body: "[x]",
        prompt_provenance: { config_revision: 1, source_digest: "a", projection_digest: "b", logical_name: "internal.interrupt_system_note" },
      }),
    ],
    ["skill_activation", b.systemItem({ kind: "skill_activation", name: "s", body: "b" })],
    ["paused_turn_abandoned", b.pausedAbandoned()],
    ["user_input.extensions", b.userInput([b.text("x")], { extensions: [{ domain: "d", payload: 1 }] })],
    ["invoke(worker_event)", b.invoke("worker_event")],
  ])("marker %s selects head", (_name, l) => {
    expect(parse(b.file(b.start(), l)).profile).toBe("head");
  });
  it("a requested profile wins over detection", () => {
    const s = parse(b.file(b.start(), b.pausedAbandoned()), "seed");
    expect(s.profile).toBe("seed");
    expect(s.verdict?.message).toContain("unknown variant `paused_turn_abandoned`");
  });
  it("head extensions of user_input are folded into extensions", () => {
    const st = restoreYoi(parse(b.file(b.start(), b.userInput([b.text("x")], { extensions: [{ domain: "d", payload: { a: 1 } }] }), b.extension("d", 2))));
    expect(st.extensions).toEqual([
      ["d", { a: 1 }],
      ["d", 2],
    ]);
  });
  it("sniff: the first entry is segment_start", () => {
    expect(sniffYoi(JSON.parse(b.start()))).toBe(true);
    expect(sniffYoi({ type: "session" })).toBe(false);
    expect(sniffYoi(null)).toBe(false);
  });
  it("parseYoi equals streaming the same lines", () => {
    const text = b.file(b.start(), b.say("a"), b.assistant(b.assistantMsg("b")));
    const streamed = feedLines(createYoiParser({ file: "seg.jsonl" }), splitText(text));
    expect(streamed.entries).toEqual(parse(text).entries);
  });
});

describe("yoi verdict wording (StoreError Display)", () => {
  it("Corrupt reads `log corrupted at line N: …`; the seed reader's UTF-8 failure is an I/O error", () => {
    const s = parse(b.file(b.start(), "{x"));
    expect(s.diagnostics.find((d) => d.code === "corrupt")!.message).toMatch(/^log corrupted at line 2: /);
    const seed = feedLines(createYoiParser({ file: "x", profile: "seed" }), [
      { no: 1, text: b.start(), terminated: true },
      { no: 2, text: "\uFFFD", terminated: true, invalidUtf8: true },
    ]);
    expect(seed.diagnostics.find((d) => d.code === "corrupt")).toMatchObject({
      line: 2,
      loader: true,
      message: "I/O error: stream did not contain valid UTF-8",
    });
  });
});
