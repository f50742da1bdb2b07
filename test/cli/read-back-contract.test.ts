// Documents sightline reads back (a `replay --json` file given to diff, an audit or check report folder given
// to merge-reports) are held to their contract schemas: a document that does not match is named, with the
// schema's reason, and the command stops with exit 2; it never crashes on a field it trusted.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run.js";

const SESSION = "fixtures/pi/before-compaction.jsonl";
const tmp = () => mkdtempSync(join(tmpdir(), "sightline-readback-"));
const edit = (path: string, change: (doc: any) => void) => {
  const doc = JSON.parse(readFileSync(path, "utf8"));
  change(doc);
  writeFileSync(path, JSON.stringify(doc));
};
// A detail file is one call around its JSON document: sightlineSession({...});
const editDetail = (path: string, change: (doc: any) => void) => {
  const text = readFileSync(path, "utf8");
  const open = text.indexOf("(");
  const doc = JSON.parse(text.slice(open + 1, text.lastIndexOf(")")));
  change(doc);
  writeFileSync(path, `${text.slice(0, open + 1)}${JSON.stringify(doc)}${text.slice(text.lastIndexOf(")"))}`);
};

describe("read-back input checked against the contract", () => {
  it("diff: a replay --json turn that breaks the turn schema is named with the reason, exit 2", () => {
    const d = tmp();
    const a = join(d, "a.json");
    writeFileSync(a, runCli(["replay", "fixtures/scorel/valid/p5-session.jsonl", "--json"]).stdout);
    const b = join(d, "b.json");
    writeFileSync(b, readFileSync(a));
    edit(b, (doc) => {
      delete doc.turns[1].tokens.estimator;
    });
    expect(runCli(["diff", a, a]).code).toBe(0);
    const r = runCli(["diff", a, b]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      new RegExp(
        `^sightline: ${b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: turn #1 is not a turn of a replay JSON document \\(/tokens missing required property "estimator"\\)\n$`,
      ),
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("merge-reports: a summary.json or session file that breaks its schema is named, nothing is merged", () => {
    const d = tmp();
    const run = join(d, "run");
    expect(runCli(["audit", SESSION, "--out", run, "--fail-on", "none"]).code).toBe(0);
    expect(runCli(["merge-reports", run, "--out", join(d, "ok")]).code).toBe(0);
    edit(join(run, "summary.json"), (doc) => {
      doc.sessions[0].status = "great";
    });
    const bad = runCli(["merge-reports", run, "--out", join(d, "m1")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${join(run, "summary.json")}: not an audit summary.json by its schema: /sessions/0/status`);
    edit(join(run, "summary.json"), (doc) => {
      doc.sessions[0].status = "ok";
    });
    editDetail(join(run, "sessions", "1.js"), (doc) => {
      delete doc.session.messages;
    });
    const detail = runCli(["merge-reports", run, "--out", join(d, "m2")]);
    expect(detail.code).toBe(2);
    expect(detail.stderr).toContain("sessions/1.js is not a sightline session file by its schema");
  }, 120_000);
});
