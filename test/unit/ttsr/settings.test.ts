// ttsr-spec §8.1 merge and design §2 settings files.
import { describe, expect, it } from "vitest";
import { DEFAULT_TTSR_SETTINGS, mergeTtsrSettings, readTtsrSettings } from "../../../src/ttsr/settings.js";
import { ttsrSettingsSchema } from "../../../src/schema/settings.js";

describe("settings", () => {
  it("ttsr-spec §8.1 defaults", () => {
    expect(DEFAULT_TTSR_SETTINGS).toEqual({
      enabled: true,
      contextMode: "discard",
      interruptMode: "always",
      repeatMode: "once",
      repeatGap: 10,
      builtinRules: true,
      disabledRules: [],
    });
  });
  it("ttsr-spec §8.1: shallow spread — explicit undefined overrides", () => {
    const s = mergeTtsrSettings({ repeatGap: undefined });
    expect("repeatGap" in s && s.repeatGap === undefined).toBe(true);
    expect(mergeTtsrSettings().repeatGap).toBe(10);
  });
  it("design §2: flat or under ttsr; null means unset; odd values pass with a warning", () => {
    expect(readTtsrSettings('{"repeatMode":"after-gap","repeatGap":null}', "s.json").settings).toEqual({ repeatMode: "after-gap" });
    const r = readTtsrSettings('{"ttsr":{"repeatGap":-1.5,"nope":1}}', "s.json");
    expect(r.settings).toEqual({ repeatGap: -1.5 });
    expect(r.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["TTSR_SETTINGS_UNUSUAL_VALUE", "/ttsr/repeatGap"],
      ["TTSR_SETTINGS_UNKNOWN_KEY", "/ttsr/nope"],
    ]);
    expect(mergeTtsrSettings(r.settings).repeatGap).toBe(-1.5);
  });
  it("the shipped settings schema decides what is unusual: wrong types, unknown enum values, negative or fractional gaps", () => {
    const r = readTtsrSettings('{"contextMode":"sometimes","disabledRules":["a",1],"enabled":"yes","repeatGap":2.5,"repeatMode":"once"}', "s.json");
    expect(r.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["TTSR_SETTINGS_UNUSUAL_VALUE", "/contextMode"],
      ["TTSR_SETTINGS_UNUSUAL_VALUE", "/disabledRules"],
      ["TTSR_SETTINGS_UNUSUAL_VALUE", "/enabled"],
      ["TTSR_SETTINGS_UNUSUAL_VALUE", "/repeatGap"],
    ]);
    expect(r.diagnostics.every((d) => d.file === "s.json" && /must be/.test(d.message))).toBe(true);
    expect(r.settings).toEqual({ contextMode: "sometimes", disabledRules: ["a", 1], enabled: "yes", repeatGap: 2.5, repeatMode: "once" });
  });
  it("the schema and the defaults name the same keys (v18's judge has no default: seed and v17 lack it)", () => {
    expect(readTtsrSettings(JSON.stringify(DEFAULT_TTSR_SETTINGS), "s.json").diagnostics).toEqual([]);
    const keys = Object.keys(ttsrSettingsSchema.definitions.keys.properties).filter((k) => k !== "judge");
    expect(keys.sort()).toEqual(Object.keys(DEFAULT_TTSR_SETTINGS).sort());
  });
  it("not an object → error, no settings", () => {
    expect(readTtsrSettings("[1]", "s.json").diagnostics[0].code).toBe("TTSR_SETTINGS_INVALID");
    expect(readTtsrSettings("{", "s.json").diagnostics[0].severity).toBe("error");
  });
});
