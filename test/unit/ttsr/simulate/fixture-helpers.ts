// Loads a real omp17 fixture folder (session, rules, settings) as `ttsr run` does, without the CLI.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parsePi } from "../../../../src/formats/pi/parse.js";
import { loadRules } from "../../../../src/ttsr/load.js";
import { readTtsrSettings } from "../../../../src/ttsr/settings.js";
import { simulateTtsr } from "../../../../src/ttsr/simulate/simulate.js";
import type { SimulateOptions } from "../../../../src/ttsr/simulate/types.js";
import type { TtsrProfile } from "../../../../src/ttsr/types.js";

export const FIXTURES = join(import.meta.dirname, "../../../../fixtures/pi");

const fs = {
  list: (d: string) => {
    try {
      return statSync(d).isDirectory() ? readdirSync(d) : null;
    } catch {
      return null;
    }
  },
  read: (p: string) => {
    try {
      return readFileSync(p, "utf8");
    } catch {
      return null;
    }
  },
};

export function runFixture(name: string, profile: TtsrProfile = "v17", extra: Partial<SimulateOptions> = {}) {
  const dir = join(FIXTURES, name);
  const project = join(dir, "project");
  const { settings } = readTtsrSettings(readFileSync(join(dir, "settings.json"), "utf8"), "settings.json");
  const loaded = loadRules([join(project, ".omp/rules")], { fs, settings, ttsrProfile: profile, cwd: project, home: "/nonexistent-home" });
  const session = parsePi(readFileSync(join(dir, "session.jsonl"), "utf8"), { file: "session.jsonl", profile: "omp17" });
  // Real recordings carry expected.json; hand-written folders (fixtures/pi/hand/ttsr-*) do not.
  const expectedFile = join(dir, "expected.json");
  const expected = (existsSync(expectedFile) ? JSON.parse(readFileSync(expectedFile, "utf8")) : { injections: [] }) as {
    injections: Record<string, unknown>[];
  };
  const result = simulateTtsr(session, loaded.rules, { settings, ttsrProfile: profile, cwd: project, home: "/nonexistent-home", ...extra });
  return { result, expected, session, loaded };
}
