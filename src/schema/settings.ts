// Schemas of the TTSR inputs sightline reads besides sessions: settings files and rule frontmatter.
import ttsrSettings from "./json/settings/ttsr-settings.json" with { type: "json" };
import ruleFrontmatter from "./json/settings/rule-frontmatter.json" with { type: "json" };
import verdicts from "./json/ttsr/verdicts.json" with { type: "json" };
import { check, type SchemaIssue } from "./ajv.js";

export const ttsrSettingsSchema = ttsrSettings;

export const checkTtsrSettings = (value: unknown): SchemaIssue[] => check(ttsrSettings, value);
export const checkRuleFrontmatter = (value: unknown): SchemaIssue[] => check(ruleFrontmatter, value);

/** The judged-rule verdicts file (docs/ttsr.md §18.6). */
export const checkVerdicts = (value: unknown): SchemaIssue[] => check(verdicts, value);
