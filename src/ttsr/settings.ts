// TTSR settings (docs/ttsr.md §8.1): defaults merged by shallow spread, so an explicit undefined wins.
import { DiagnosticBag, type Diagnostic } from "../shared/diagnostics.js";
import { isObject, parseJson } from "../shared/json.js";
import { checkTtsrSettings, ttsrSettingsSchema } from "../schema/settings.js";
import type { TtsrSettings } from "./types.js";

export const DEFAULT_TTSR_SETTINGS: Readonly<TtsrSettings> = Object.freeze({
  enabled: true,
  contextMode: "discard",
  interruptMode: "always",
  repeatMode: "once",
  repeatGap: 10,
  builtinRules: true,
  disabledRules: [],
});

/** `{ ...DEFAULT_SETTINGS, ...settings }` exactly as the manager's constructor does it. */
export function mergeTtsrSettings(settings?: Partial<TtsrSettings> | Record<string, unknown>): TtsrSettings {
  return { ...DEFAULT_TTSR_SETTINGS, disabledRules: [], ...(settings as Partial<TtsrSettings> | undefined) } as TtsrSettings;
}

// The shipped settings schema is the one statement of the keys and of the values upstream writes.
const KNOWN = new Set(Object.keys(ttsrSettingsSchema.definitions.keys.properties));

export interface SettingsRead {
  /** Only the keys the file sets (null = unset is left out), ready for the shallow spread. */
  settings: Partial<TtsrSettings>;
  diagnostics: Diagnostic[];
}

/**
 * A `--settings` JSON file (docs/product.md §2): the docs/ttsr.md §8.1 keys flat or under `ttsr`; null means unset; values pass through
 * verbatim with a warning when upstream would never write them (negative or fractional gaps, unknown enums).
 */
export function readTtsrSettings(text: string, file: string): SettingsRead {
  const bag = new DiagnosticBag(file);
  const parsed = parseJson(text);
  if (!parsed.ok || !isObject(parsed.value)) {
    bag.add("TTSR_SETTINGS_INVALID", {}, { detail: parsed.ok ? "not an object" : parsed.detail });
    return { settings: {}, diagnostics: bag.items };
  }
  const root = parsed.value;
  const group = isObject(root.ttsr) ? root.ttsr : root;
  const prefix = group === root ? "" : "/ttsr";
  // Schema issues by key pointer ("/ttsr/repeatGap/…" → "/ttsr/repeatGap"): each is why a value is unusual.
  const depth = prefix ? 3 : 2;
  const why = new Map<string, string>();
  for (const i of checkTtsrSettings(root)) {
    const at = i.pointer.split("/").slice(0, depth).join("/");
    if (!why.has(at)) why.set(at, i.detail);
  }
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(group)) {
    if (group === root && (key === "$schema" || key === "ttsr")) continue;
    const pointer = `${prefix}/${key}`;
    if (!KNOWN.has(key)) {
      bag.add("TTSR_SETTINGS_UNKNOWN_KEY", { pointer }, { key });
      continue;
    }
    if (value === null) continue;
    const unusual = why.get(pointer);
    if (unusual !== undefined) bag.add("TTSR_SETTINGS_UNUSUAL_VALUE", { pointer }, { key, value, why: unusual });
    Object.defineProperty(settings, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return { settings: settings as Partial<TtsrSettings>, diagnostics: bag.items };
}
