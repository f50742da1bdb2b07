// `ttsr run`: rules + settings + sessions → the `ttsr run --json` document (design §4, §5). Rule folders are read
// through the core's loadRules with a node:fs view; sessions through readSession; the replay is simulateTtsr.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, relative, resolve } from "node:path";
import { isSession } from "../formats/index.js";
import { expandInputs } from "../io/paths.js";
import { diag, type Diagnostic } from "../shared/diagnostics.js";
import type { Chunking } from "../ttsr/chunking.js";
import { loadRules, type RuleFs } from "../ttsr/load.js";
import { readTtsrSettings } from "../ttsr/settings.js";
import { simulateTtsr } from "../ttsr/simulate/simulate.js";
import type { SimTurn } from "../ttsr/simulate/types.js";
import type { TtsrProfile, TtsrSettings } from "../ttsr/types.js";
import { readSession } from "./read.js";

export interface TtsrRunOptions {
  rules: string[];
  settings?: string;
  /** Format profile (pi: pi|omp17); undefined = detect. */
  profile?: string;
  ttsrProfile: TtsrProfile;
  chunking: Chunking;
  /** The replay cwd (design §2); defaults to the process cwd. */
  cwd?: string;
  home?: string;
  resumedAt: string[];
}

export interface TtsrRunDoc {
  schemaVersion: 1;
  rules: { name: string; path: string; registered: boolean; bucket: string; reason?: string }[];
  diagnostics: Diagnostic[];
  sessions: { path: string; format: string | null; profile?: string; turns: SimTurn[] }[];
}

export interface TtsrRunResult {
  doc: TtsrRunDoc;
  /** 0 agree, 1 recorded and replayed evidence disagree, 2 unreadable input (design §4). */
  exitCode: 0 | 1 | 2;
}

export const nodeRuleFs: RuleFs = {
  list(dir) {
    try {
      return statSync(dir).isDirectory() ? readdirSync(dir) : null;
    } catch {
      return null;
    }
  },
  read(path) {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return null;
    }
  },
};

// Paths in the output are shown relative to the process cwd when inside it, so runs are reproducible.
const shown = (p: string): string => {
  const rel = relative(process.cwd(), p);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : p;
};
const UNREADABLE = new Set(["TTSR_RULES_DIR_UNREADABLE", "TTSR_RULE_FILE_UNREADABLE", "TTSR_SETTINGS_INVALID", "UNREADABLE_PATH", "EMPTY_FILE", "BINARY_FILE"]);

export async function ttsrRun(sessionPaths: readonly string[], o: TtsrRunOptions): Promise<TtsrRunResult> {
  const diagnostics: Diagnostic[] = [];
  let settings: Partial<TtsrSettings> = {};
  if (o.settings !== undefined) {
    let text: string | undefined;
    try {
      text = readFileSync(o.settings, "utf8");
    } catch (e) {
      diagnostics.push(diag("UNREADABLE_PATH", { file: o.settings }, { path: o.settings, reason: (e as NodeJS.ErrnoException).code ?? String(e) }));
    }
    if (text !== undefined) {
      const read = readTtsrSettings(text, o.settings);
      settings = read.settings;
      diagnostics.push(...read.diagnostics);
    }
  }
  const cwd = resolve(o.cwd ?? process.cwd());
  const home = o.home !== undefined ? resolve(o.home) : homedir();
  // Absolute rule paths: seed renders the absolute path the agent had, v17 the path relative to the replay cwd.
  const loaded = loadRules(o.rules.map((d) => resolve(d)), { fs: nodeRuleFs, settings, ttsrProfile: o.ttsrProfile, cwd, home });
  diagnostics.push(...loaded.diagnostics.map((d) => ({ ...d, file: shown(d.file) })));
  const skipped = new Map(loaded.skipped.map((s) => [s.path, s.reason]));
  const rules = loaded.buckets.all.map((b) => {
    const r: TtsrRunDoc["rules"][number] = { name: b.rule.name, path: shown(b.rule.path), registered: b.bucket === "ttsr", bucket: b.bucket };
    const reason = b.notRegistered ?? skipped.get(b.rule.path);
    if (reason !== undefined) r.reason = reason;
    return r;
  });
  const sessions: TtsrRunDoc["sessions"] = [];
  const inputs = expandInputs(sessionPaths);
  for (const p of inputs.problems) diagnostics.push(diag("UNREADABLE_PATH", { file: p.input }, { path: p.input, reason: p.reason }));
  for (const path of inputs.files) {
    const s = await readSession(path, o.profile !== undefined ? { profile: o.profile } : {});
    if (!isSession(s)) {
      diagnostics.push(...s.diagnostics);
      sessions.push({ path, format: null, turns: [] });
      continue;
    }
    diagnostics.push(...s.diagnostics.filter((d) => d.severity === "error"));
    const sim = simulateTtsr(s, loaded.rules, { settings, ttsrProfile: o.ttsrProfile, chunking: o.chunking, cwd, home, resumedAt: o.resumedAt });
    diagnostics.push(...sim.diagnostics);
    sessions.push({ path, format: s.format, profile: s.profile, turns: sim.turns });
  }
  const doc: TtsrRunDoc = { schemaVersion: 1, rules, diagnostics, sessions };
  const unreadable = diagnostics.some((d) => UNREADABLE.has(d.code));
  const disagree = sessions.some((s) => s.turns.some((t) => t.agree === false));
  return { doc, exitCode: unreadable ? 2 : disagree ? 1 : 0 };
}
