// TTSR settings (ttsr-spec §8.1): defaults merged by shallow spread, so an explicit undefined wins.
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
