// The TTSR settings of a replay (docs/product.md §2): --settings when given; otherwise a recording keeps the agent's
// settings next to it (`<folder>/session.jsonl` + `<folder>/settings.json`, as the fixtures and exported
// recordings do), so the replay uses that file when it is a TTSR settings file, and says so; else the defaults.
import { dirname, join } from "node:path";
import { nodeRuleFs } from "../../io/rule-fs.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { readTtsrSettings } from "../../ttsr/settings.js";
import type { TtsrSettings } from "../../ttsr/types.js";

import type { SettingsSource } from "../../ttsr/simulate/run-doc.js";

export type { SettingsSource };

export interface ReplaySettings {
  settings: Partial<TtsrSettings>;
  from: SettingsSource;
  /** The file read (session-folder), for the output. */
  file?: string;
  diagnostics: Diagnostic[];
}

export const SETTINGS_BESIDE_SESSION = "settings.json";

/** The settings.json beside a session file, when it holds at least one TTSR setting (flat or under `ttsr`). */
export function settingsBesideSession(sessionPath: string, read: (p: string) => string | null = (p) => nodeRuleFs.read(p)): ReplaySettings | undefined {
  const file = join(dirname(sessionPath), SETTINGS_BESIDE_SESSION);
  const text = read(file);
  if (text === null) return undefined;
  const r = readTtsrSettings(text, file);
  if (Object.keys(r.settings).length === 0 || r.diagnostics.some((d) => d.severity === "error")) return undefined;
  return { settings: r.settings, from: "session-folder", file, diagnostics: r.diagnostics };
}
