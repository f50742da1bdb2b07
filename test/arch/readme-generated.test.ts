// The README's Commands and Formats tables are generated (scripts/readme-tables.mjs) from the command
// definitions, src/cli/exit-codes.ts and the profile registry; this test fails when README and code drift, and
// holds the registry to the format modules and to every --help that lists profiles.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commands } from "../../src/cli/commands/index.js";
import { GLOBAL_EXITS } from "../../src/cli/exit-codes.js";
import { formats } from "../../src/formats/index.js";
import { FORMAT_PROFILES, profilesOf } from "../../src/formats/profiles.js";
import { TTSR_PROFILE_INFO, TTSR_PROFILES } from "../../src/ttsr/profiles.js";
import { BIN, ROOT } from "../cli/run.js";

const tables = (readme: string) => spawnSync(process.execPath, ["scripts/readme-tables.mjs", "--check", "--readme", readme], { cwd: ROOT, encoding: "utf8" });
const README = readFileSync(join(ROOT, "README.md"), "utf8");

describe("README generated tables", () => {
  it("README.md matches what the code generates", () => {
    const r = tables(join(ROOT, "README.md"));
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("a README whose table says something else fails the check", () => {
    const copy = join(mkdtempSync(join(tmpdir(), "sightline-readme-tables-")), "README.md");
    writeFileSync(copy, README.replace("| 0 always (findings are shown with the turns) |", "| 0, 1 on findings |"));
    expect(tables(copy).status).toBe(1);
  });

  it("lists every command and subcommand once, each with the meaning of exit 0", () => {
    const block = README.slice(README.indexOf("<!-- generated:commands -->"), README.indexOf("<!-- /generated:commands -->"));
    const names = commands.flatMap((c) => (c.subcommands ? c.subcommands.map((s) => `${c.command} ${s.command}`) : [c.command]));
    for (const n of names) expect(block.split(`| \`sightline ${n}\` |`).length - 1, n).toBe(1);
    for (const c of commands.flatMap((c) => c.subcommands ?? [c])) expect(c.exits?.[0], c.command).toBeTruthy();
    for (const meaning of Object.values(GLOBAL_EXITS)) expect(block).toContain(meaning);
  });
});

/** The prose sentences of a Markdown text (code blocks, generated tables and table rows left out), whitespace folded. */
const sentences = (md: string): string[] =>
  md
    .replace(/```[\s\S]*?```/g, "")
    .replace(/<!-- generated:(\w+) -->[\s\S]*?<!-- \/generated:\1 -->/g, "")
    .split("\n")
    .filter((l) => !l.startsWith("|"))
    .join(" ")
    .replace(/\s+/g, " ")
    .split(/(?<=[.;:!?]) /)
    .map((x) => x.trim());

describe("README as a front door", () => {
  it("starts with the two commands a newcomer runs: install and demo, then the whole test suite", () => {
    const first = /```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? "";
    const commands = first
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => l.replace(/\s+#.*$/, "").trim());
    expect(commands).toEqual(["npm ci && npm run demo", "npm test"]);
    expect(README.indexOf(first)).toBeLessThan(README.indexOf("## "));
  });

  it("stays within 250 lines; the rest is in docs/ and CONTRIBUTING.md", () => {
    expect(README.split("\n").length).toBeLessThanOrEqual(251);
  });

  it("says nothing that docs/ or CONTRIBUTING.md also says: no sentence of it is repeated there", () => {
    const elsewhere = [...readdirSync(join(ROOT, "docs")).map((n) => join("docs", n)), "CONTRIBUTING.md"]
      .filter((p) => p.endsWith(".md"))
      .map((p) => [p, readFileSync(join(ROOT, p), "utf8").replace(/\s+/g, " ")] as const);
    const repeated = sentences(README)
      .filter((x) => x.length >= 50)
      .flatMap((x) => elsewhere.filter(([, text]) => text.includes(x)).map(([p]) => `${p}: ${x}`));
    expect(repeated).toEqual([]);
  });
});

describe("profile registry", () => {
  it("has one entry per format module, with the module's profiles in order", () => {
    expect(FORMAT_PROFILES.map((f) => f.format)).toEqual(formats.map((f) => f.name));
    for (const f of FORMAT_PROFILES) {
      expect(profilesOf(f), f.format).toEqual(formats.find((m) => m.name === f.format)?.profiles);
      expect(profilesOf(f)).toContain(f.defaultProfile);
    }
    expect(TTSR_PROFILES).toEqual(Object.keys(TTSR_PROFILE_INFO));
  });

  it("every --help that takes --profile lists every profile of every format", () => {
    const every = FORMAT_PROFILES.flatMap(profilesOf);
    for (const cmd of [["validate"], ["replay"], ["diff"], ["audit"], ["ttsr", "run"]]) {
      const r = spawnSync(process.execPath, [BIN, ...cmd, "--help"], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1", COLUMNS: "400" } });
      const help = r.stdout.replace(/\s+/g, " ");
      for (const p of every) expect(help, `${cmd.join(" ")} --help: ${p}`).toMatch(new RegExp(`[ :|(]${p.replace(".", "\\.")}[|;)]`));
    }
  }, 60_000);
});
