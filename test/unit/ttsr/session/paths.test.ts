import { describe, expect, it } from "vitest";
import { argumentPathCandidates, expandPath, toFilePaths } from "../../../../src/ttsr/session/paths.js";

describe("ttsr-spec §9.2 tool match context file paths", () => {
  it("ttsr-spec §9.2: *path string keys and *paths string arrays, case-insensitive; other values ignored", () => {
    expect(argumentPathCandidates({ path: "a", filePath: "b", FILE_PATH: "c", targetPaths: ["d", 3, "e"], paths: "not-array", other: "x", npath: 5 })).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
    ]);
    expect(argumentPathCandidates(["a"])).toEqual([]);
  });

  it("ttsr-spec §9.2: a candidate expands to slash form, without ./, absolute, and cwd-relative when inside the cwd", () => {
    expect(expandPath(" .\\src\\a.ts ", "/proj")).toEqual(["./src/a.ts", "src/a.ts", "/proj/src/a.ts", "src/a.ts"]);
    expect(toFilePaths(["./src/a.ts"], "/proj")).toEqual(["./src/a.ts", "src/a.ts", "/proj/src/a.ts"]);
    expect(toFilePaths(["/proj/src/a.ts"], "/proj")).toEqual(["/proj/src/a.ts", "src/a.ts"]);
    expect(toFilePaths(["/other/a.ts"], "/proj")).toEqual(["/other/a.ts"]);
    expect(toFilePaths(["../up.ts"], "/proj/sub")).toEqual(["../up.ts", "/proj/up.ts"]);
  });

  it("ttsr-spec §9.2: no candidates means filePaths undefined", () => {
    expect(toFilePaths([], "/proj")).toBeUndefined();
    expect(toFilePaths(["  "], "/proj")).toBeUndefined();
  });
});
