// `npm run bench -- --help` prints the options and exits 0; an unknown option says which, prints the same
// text on stderr and exits 2 (it used to crash with a parseArgs stack trace).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const RUN = join(import.meta.dirname, "../../bench/run.mjs");
const bench = (...args: string[]) => spawnSync(process.execPath, [RUN, ...args], { encoding: "utf8", timeout: 60_000 });

describe("bench command line", () => {
  it("--help lists every option and section and exits 0 without measuring", () => {
    const r = bench("--help");
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    for (const o of ["--quick", "--markdown", "--seed", "--only", "--repeat", "--cpu-prof", "--json", "--generate", "--help"]) expect(r.stdout).toContain(o);
    expect(r.stdout).toContain("issue21");
  });
  it("an unknown option is named, with the usage, and exits 2", () => {
    const r = bench("--no-such-option");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^bench: Unknown option '--no-such-option'/);
    expect(r.stderr).toContain("Usage: npm run bench");
    expect(r.stdout).toBe("");
  });
});
