// The JSON Schemas of one yoi line per reader era (LogEntry, SystemItem, LoggedItem, Segment as
// definitions). The serde checker (catalog.ts) decides the loader verdict; these describe the same
// shapes for users and tools, and a test keeps both in agreement.
import { check, type SchemaIssue } from "../../schema/ajv.js";
import head from "../../schema/json/yoi/log-entry-head.json" with { type: "json" };
import seed from "../../schema/json/yoi/log-entry-seed.json" with { type: "json" };
import v3 from "../../schema/json/yoi/log-entry-v3.json" with { type: "json" };
import type { YoiProfile } from "./model.js";

export const yoiLogEntrySchemas: Record<YoiProfile, object> = { seed, head, v3 };

export const checkYoiLineSchema = (profile: YoiProfile, value: unknown): SchemaIssue[] => check(yoiLogEntrySchemas[profile], value);
