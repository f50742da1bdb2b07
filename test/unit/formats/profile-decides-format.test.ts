// A named profile decides the format when the file cannot (detection needs a known first record): the
// profile's own reader gives its verdict instead of "unknown format". Scorel: scorel-format §1 step 2
// (missing_header) and §2.1 (invalid_header); yoi: yoi-format §9 case 1 (an empty file restores an empty state).
import { describe, expect, it } from "vitest";
import { parseSession, formatOfProfile } from "../../../src/formats/index.js";
import { restoreYoi } from "../../../src/formats/yoi/index.js";
import type { YoiSession } from "../../../src/formats/yoi/model.js";

const loaderCodes = (text: string, profile?: string) =>
  parseSession(text, { profile })
    .diagnostics.filter((d) => d.loader)
    .map((d) => d.code);

describe("a profile's format reads what detection cannot place", () => {
  it("every profile name belongs to exactly one format", () => {
    expect(["p5", "p4", "p4a", "p3", "design", "g0"].map((p) => formatOfProfile(p)?.name)).toEqual(Array(6).fill("scorel"));
    expect(["pi", "omp17"].map((p) => formatOfProfile(p)?.name)).toEqual(["pi", "pi"]);
    expect(["seed", "head"].map((p) => formatOfProfile(p)?.name)).toEqual(["yoi", "yoi"]);
    expect(formatOfProfile("bogus")).toBeUndefined();
  });

  it("without a profile: EMPTY_FILE / UNKNOWN_FORMAT, no format", () => {
    expect(parseSession("").format).toBeNull();
    expect(parseSession("").diagnostics.map((d) => d.code)).toEqual(["EMPTY_FILE"]);
    expect(parseSession("[1,2]\n").diagnostics.map((d) => d.code)).toEqual(["UNKNOWN_FORMAT"]);
  });

  it.each(["p5", "p4", "p4a", "p3"])("%s: an empty file is missing_header", (p) => {
    const s = parseSession("", { profile: p });
    expect([s.format, s.format && s.profile]).toEqual(["scorel", p]);
    expect(loaderCodes("", p)).toEqual(["missing_header"]);
  });

  it("g0: an empty log contradicts no profile (no PROFILE_MISMATCH claiming a header it does not have)", () => {
    const s = parseSession("", { profile: "g0" });
    expect([s.format, s.format && s.profile]).toEqual(["scorel", "g0"]);
    expect(s.diagnostics.map((d) => d.code)).not.toContain("PROFILE_MISMATCH");
  });

  it.each([["[1,2]\n"], ['"header"\n'], ["42\n"], ["null\n"], ['{"title":"no version"}\n']])("p5: first record %j is invalid_header", (text) => {
    expect(loaderCodes(text, "p5")).toEqual(["invalid_header"]);
  });

  it("p5: a first line that is not JSON is invalid_json (the loader parses every line first, §15.7)", () => {
    expect(loaderCodes("not json\n", "p5")).toEqual(["invalid_json"]);
  });

  it("a file detection can place keeps its format whatever the profile (the CLI refuses the mismatch)", () => {
    const pi = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}\n';
    expect(parseSession(pi, { profile: "p5" }).format).toBe("pi");
  });

  it.each(["seed", "head"])("yoi %s: an empty segment log is an empty restored state, not an error", (p) => {
    const s = parseSession("", { profile: p }) as YoiSession;
    expect(s.format).toBe("yoi");
    expect(s.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const state = restoreYoi(s);
    expect(state.entries_count).toBe(0);
    expect(state.session_id).toBeNull();
    expect(state.system_prompt).toBeNull();
    expect(state.history).toEqual([]);
    // RequestConfig::default(), serialised as the writer does (unset options null, no stop sequences).
    expect(state.config).toEqual({ max_tokens: null, temperature: null, top_p: null, top_k: null, stop_sequences: [] });
  });
});
