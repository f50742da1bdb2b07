// In-memory migration of one entry to v3 (docs/pi.md §3), on copies: the parsed input is never changed.
// v1 → v2: ids and a linear parent chain; sightline's ids are the 0-based physical line index (docs/product.md §2)
// instead of upstream's random 8-character ids, so `firstKeptEntryIndex` → the id of the record at that
// loader index. v2 → v3: message role hookMessage → custom.
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import { copyRecord, isObject } from "../../shared/json.js";
import type { PiEntry, PiVersion } from "./model.js";

/** State of the v1 migration while streaming: ids by loader record index (header = index 0). */
export interface V1Index {
  /** ids[i] = id given to the i-th parsed record, undefined for headers and non-entries. */
  ids: (string | undefined)[];
  prevId: string | null;
}

export function migrateEntry(value: Record<string, unknown>, line: number, version: PiVersion, v1: V1Index, bag: DiagnosticBag): PiEntry {
  let raw = value;
  let id: string;
  let parentId: string | null;
  if (version === 1) {
    id = String(line - 1);
    parentId = v1.prevId;
    v1.prevId = id;
    v1.ids.push(id);
    raw = copyRecord(value);
    raw.id = id;
    raw.parentId = parentId;
    if (raw.type === "compaction" && typeof raw.firstKeptEntryIndex === "number") {
      const index = raw.firstKeptEntryIndex;
      // The loader indexes its parsed records (header = 0); a record not yet given an id (a forward
      // reference) or a header yields no firstKeptEntryId, exactly as migrateV1ToV2 does.
      const target = Number.isInteger(index) && index >= 0 ? v1.ids[index] : undefined;
      if (target !== undefined) raw.firstKeptEntryId = target;
      else
        bag.add(
          "PI_V1_INDEX_OUT_OF_RANGE",
          { line, eventId: id },
          { index, target: index === 0 ? "the header" : index >= v1.ids.length ? "no record yet" : "a record that is not an entry" },
        );
      delete raw.firstKeptEntryIndex;
    }
  } else {
    if (typeof value.id === "string") id = value.id;
    else {
      // Without a string id the entry cannot be addressed; a synthetic id keeps it visible in output.
      id = `L${line}`;
      bag.add("PI_MISSING_ID", { line });
    }
    parentId = typeof value.parentId === "string" && value.parentId !== "" ? value.parentId : null;
  }
  if (version < 3 && raw.type === "message" && isObject(raw.message) && raw.message.role === "hookMessage") {
    raw = raw === value ? copyRecord(value) : raw;
    const message = copyRecord(raw.message as Record<string, unknown>);
    message.role = "custom";
    raw.message = message;
  }
  return { line, id, parentId, type: typeof raw.type === "string" ? raw.type : "", raw };
}
