// The checks of v3's history metadata (docs/yoi.md §9.7): every model-visible entry carries a stable logical
// identity (history.rs @74139aeb: "generated at the trusted Worker session boundary and copied unchanged"), so
// within one segment's replayed history an entry_id is non-empty and names one entry only.
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import { isObject } from "../../shared/json.js";
import { baseKind, type YoiEntry } from "./model.js";

/** The metadata objects one v3 record adds to the history, in order. */
function metadataOf(e: YoiEntry): unknown[] {
  const r = e.raw;
  // Legacy records met while migrating (docs/yoi.md §9.6) carry none yet.
  if (!e.kind.startsWith("annotated_")) return [];
  switch (baseKind(e.kind)) {
    case "segment_start":
    case "user_input":
      return (r.history as unknown[]).map((h) => (isObject(h) ? h.metadata : undefined));
    case "assistant_item":
    case "tool_result":
    case "system_item":
      return [isObject(r.entry) ? r.entry.metadata : undefined];
    default:
      return [];
  }
}

export function v3HistoryFindings(entries: readonly YoiEntry[], bag: DiagnosticBag): void {
  const seen = new Map<string, string>();
  for (const e of entries) {
    // A repeated segment_start replaces the history (docs/yoi.md §8.2): ids start over with it.
    if (baseKind(e.kind) === "segment_start") seen.clear();
    metadataOf(e).forEach((m, index) => {
      const id = isObject(m) ? m.entry_id : undefined;
      if (typeof id !== "string") return;
      const at = { line: e.line, eventId: e.id };
      if (id === "") bag.add("YOI_ENTRY_ID_EMPTY", at, { index });
      else if (seen.has(id)) bag.add("YOI_ENTRY_ID_DUPLICATE", at, { entryId: id, first: seen.get(id) ?? "" });
      else seen.set(id, e.id);
    });
  }
}
