import { describe, expect, it } from "vitest";
import { toolHooksFor, type ToolHooks } from "../../../../src/ttsr/session/matcher-hooks.js";

function run(tool: string, args: Record<string, unknown>): { digest?: string; paths?: string[]; entries?: { path: string; digest: string }[] } {
  const h = toolHooksFor(tool, args) as ToolHooks;
  return { digest: h.digest(args), paths: h.paths?.(args), entries: h.entries?.(args) };
}

describe("strings.md §3 v17 tool matcher hooks (vectors)", () => {
  it("strings.md §3 replace: new_string digest, [path], one entry", () => {
    expect(run("edit", { path: "src/a.ts", old_string: "x", new_string: "const a: any = 1;\n" })).toEqual({
      digest: "const a: any = 1;\n",
      paths: ["src/a.ts"],
      entries: [{ path: "src/a.ts", digest: "const a: any = 1;\n" }],
    });
  });

  it("strings.md §3 replace without new_string: digest undef, paths [path], entries undef", () => {
    expect(run("edit", { path: "src/a.ts", old_string: "x" })).toEqual({ digest: undefined, paths: ["src/a.ts"], entries: undefined });
  });

  it("strings.md §3 patch: added lines per edit, a create edit's whole diff, a removal-only edit adds a trailing newline", () => {
    const args = {
      path: "src/a.ts",
      edits: [
        { op: "update", diff: "@@ fn\n-old\n+new one\n context\n+++ not header\n+++ b/x\n" },
        { op: "create", diff: "whole\nfile" },
        { diff: "-only removal" },
      ],
    };
    expect(run("edit", args)).toEqual({
      digest: "new one\nwhole\nfile\n",
      paths: ["src/a.ts"],
      entries: [{ path: "src/a.ts", digest: "new one\nwhole\nfile\n" }],
    });
  });

  it("strings.md §3 hashline: sections by [path] / [path#hash], paths with duplicates, entries merged per path", () => {
    const input = "[src/a.ts#1a2b]\n12:replace\n+const a = 1;\n+const b = 2;\n[docs/x.md]\n+# Title\n[src/a.ts]\n+again\n";
    expect(run("edit", { input })).toEqual({
      digest: "const a = 1;\nconst b = 2;\n# Title\nagain",
      paths: ["src/a.ts", "docs/x.md", "src/a.ts"],
      entries: [
        { path: "src/a.ts", digest: "const a = 1;\nconst b = 2;\nagain" },
        { path: "docs/x.md", digest: "# Title" },
      ],
    });
    expect(run("edit", { _input: "[a.ts]\n+x" }).digest).toBe("x");
  });

  it("strings.md §3 apply_patch: Update and Add hunks; the Add hunk gives no entry (quirk)", () => {
    const input = "*** Begin Patch\n*** Update File: src/a.ts\n@@ fn\n-old\n+new\n*** Add File: docs/n.md\n+hello\n+world\n*** End Patch\n";
    expect(run("apply_patch", { input })).toEqual({
      digest: "new\nhello\nworld",
      paths: ["src/a.ts", "docs/n.md"],
      entries: [{ path: "src/a.ts", digest: "new" }],
    });
    expect(run("edit", { input })).toEqual({ digest: "new\nhello\nworld", paths: ["src/a.ts", "docs/n.md"], entries: [{ path: "src/a.ts", digest: "new" }] });
  });

  it("strings.md §3 apply_patch with only Add File hunks: entries undef, the digest carries the content", () => {
    const input = "*** Begin Patch\n*** Add File: docs/n.md\n+hello\n+world\n*** End Patch\n";
    expect(run("apply_patch", { input })).toEqual({ digest: "hello\nworld", paths: ["docs/n.md"], entries: undefined });
  });

  it("strings.md §3 write: digest is args.content; no paths or entries hook", () => {
    expect(run("write", { path: "a", content: "x\ny" })).toEqual({ digest: "x\ny", paths: undefined, entries: undefined });
  });

  it("strings.md §3 tools without hooks (bash, read, edit with an unknown shape) get none", () => {
    expect(toolHooksFor("bash", { command: "x" })).toBeUndefined();
    expect(toolHooksFor("read", { path: "x" })).toBeUndefined();
    expect(toolHooksFor("edit", { path: "a", old_text: "x", new_text: "y" })).toBeUndefined();
  });
});
