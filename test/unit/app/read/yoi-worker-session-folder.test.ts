// docs/yoi.md §9: a Worker Session store folder (`session.json` beside `segments/`) stands for the newest
// segment of its `segments/` folder, like a session folder does for its own files (docs/yoi.md §7).
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readSession } from "../../../../src/app/read/read.js";
import { folderSession } from "../../../../src/app/read/folder.js";

const FIXTURE = resolve(import.meta.dirname, "../../../../fixtures/yoi/v3-annotated-realistic.jsonl");
const OLDER = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01.jsonl";
const NEWER = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02.jsonl";

function workerSession(withManifest = true, schemaVersion = 3): string {
  const root = join(mkdtempSync(join(tmpdir(), "sightline-yoi-worker-")), "session");
  mkdirSync(join(root, "segments"), { recursive: true });
  if (withManifest)
    writeFileSync(
      join(root, "session.json"),
      `${JSON.stringify({ schema_version: schemaVersion, session_id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" }, null, 2)}\n`,
    );
  copyFileSync(FIXTURE, join(root, "segments", OLDER));
  copyFileSync(FIXTURE, join(root, "segments", NEWER));
  writeFileSync(join(root, "segments", NEWER.replace(".jsonl", ".trace.jsonl")), "");
  return root;
}

describe("docs/yoi.md §9 Worker Session store folder", () => {
  it("the folder stands for the newest segment of segments/", async () => {
    const root = workerSession();
    expect(await folderSession(root)).toMatchObject({ file: join(root, "segments", NEWER), manifest: join(root, "session.json"), format: { name: "yoi" } });
    const s = await readSession(root);
    expect(s.format === "yoi" && s.profile).toBe("v3");
  });
  it("without session.json a segments/ folder is not looked into", async () => {
    expect(await folderSession(workerSession(false))).toBeUndefined();
  });
  it("a session folder stands for its newest segment, with no manifest", async () => {
    const root = workerSession();
    const found = await folderSession(join(root, "segments"));
    expect(found?.file).toBe(join(root, "segments", NEWER));
    expect(found?.manifest).toBeUndefined();
  });
  it("a folder no format recognises is read as none, worded with what a session folder holds", async () => {
    const empty = mkdtempSync(join(tmpdir(), "sightline-empty-"));
    expect(await folderSession(empty)).toBeUndefined();
    const s = await readSession(empty);
    expect(s.diagnostics.map((d) => d.message).join("\n")).toContain("is a folder without a yoi segment file");
  });
  it("a manifest at schema 3 adds no warning", async () => {
    const s = await readSession(workerSession());
    expect(s.diagnostics.filter((d) => d.code === "PROFILE_NEWER")).toEqual([]);
  });
  it("a manifest naming a schema above 3 is PROFILE_NEWER, read with v3", async () => {
    const s = await readSession(workerSession(true, 4));
    const newer = s.diagnostics.filter((d) => d.code === "PROFILE_NEWER");
    expect(newer).toHaveLength(1);
    expect(newer[0].message).toContain("session.json schema_version 4");
    expect(newer[0].message).toContain("v3");
  });
});
