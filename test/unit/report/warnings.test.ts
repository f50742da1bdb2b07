// renderWarningSummary: what replay and diff print on stderr about a session's findings.
import { describe, expect, it } from "vitest";
import { renderWarningSummary } from "../../../src/report/warnings.js";
import type { Diagnostic } from "../../../src/shared/diagnostics.js";

const d = (code: string, severity: Diagnostic["severity"], line?: number, loader?: true): Diagnostic => ({
  code,
  severity,
  file: "s.jsonl",
  message: `${code} happened`,
  ...(line !== undefined ? { line } : {}),
  ...(loader ? { loader } : {}),
});

describe("renderWarningSummary", () => {
  it("nothing for a session with only notes", () => {
    expect(renderWarningSummary("s.jsonl", [d("PROFILE_CHOSEN", "info")], { input: "s.jsonl" })).toBe("");
  });

  it("counts errors and warnings, shows the first ones, marks the loader verdict, and names the listing command", () => {
    const out = renderWarningSummary(
      "s.jsonl",
      [d("A", "warning", 2), d("PROFILE_CHOSEN", "info"), d("B", "error", 3, true), d("C", "warning"), d("D", "warning", 9), d("E", "error", 10)],
      { input: "s.jsonl", profile: "omp17", first: 3 },
    );
    expect(out).toBe(
      "sightline: s.jsonl: 2 errors, 3 warnings\n" +
        "  line 2: warning A: A happened\n" +
        "  line 3: error B: B happened [loader verdict]\n" +
        "  warning C: C happened\n" +
        "  2 more; `sightline validate s.jsonl --profile omp17` lists them all\n",
    );
  });

  it("quotes a path the shell would split, and escapes control characters in it", () => {
    const out = renderWarningSummary("my dir/it's \u001b[2J.jsonl", [d("A", "error", 1)], { input: "my dir/it's \u001b[2J.jsonl" });
    expect(out).toContain("sightline: my dir/it's \\x1b[2J.jsonl: 1 error\n");
    expect(out).toContain("`sightline validate 'my dir/it'\\''s \\x1b[2J.jsonl'` lists them with details");
    expect(out).not.toMatch(/\u001b/);
  });

  it("stdin is listed as -", () => {
    expect(renderWarningSummary("<stdin>", [d("A", "warning", 1)], { input: "-" })).toContain("`sightline validate -` lists");
  });
});
