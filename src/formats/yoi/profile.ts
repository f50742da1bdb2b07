// What in a line shows a writer newer than the seed era (docs/product.md §2: such files are read with `head`
// and a warning). Each marker names a wire change of docs/yoi.md §0–§3.
import { isObject } from "../../shared/json.js";

/** The post-seed features one parsed line shows, added to `into` (none for a seed-compatible line; no list per
 * line: the reader asks this of every line). */
export function addHeadMarkers(v: unknown, into: Set<string>): void {
  if (!isObject(v)) return;
  const kind = v.kind;
  if (kind === "paused_turn_abandoned") into.add("paused_turn_abandoned");
  if (kind === "invoke" && v.trigger === "worker_event") into.add("invoke(worker_event)");
  if (kind === "user_input") {
    if (Object.hasOwn(v, "extensions")) into.add("user_input.extensions");
    if (Array.isArray(v.segments) && v.segments.some((s) => isObject(s) && s.kind === "flow")) into.add("segment flow");
  }
  if (kind === "system_item" && isObject(v.item)) {
    const k = v.item.kind;
    if (k === "worker_event" || k === "skill_activation") into.add(`system_item ${k}`);
    if (Object.hasOwn(v.item, "prompt_provenance")) into.add("prompt_provenance");
  }
  if ((kind === "tool_result" || kind === "assistant_item") && isObject(v.item) && Object.hasOwn(v.item, "attachments")) {
    into.add("tool_result.attachments");
  }
  if (kind === "segment_start" && Array.isArray(v.history)) {
    if (v.history.some((i) => isObject(i) && Object.hasOwn(i, "attachments"))) into.add("tool_result.attachments");
  }
}

/**
 * What in a line shows the Worker Session schema 3 store (docs/yoi.md §9.1): its annotated history records,
 * or a record kind only its LogEntry has. Such files are read with `v3`.
 */
export function v3Marker(v: unknown): string | undefined {
  if (!isObject(v) || typeof v.kind !== "string") return undefined;
  const kind = v.kind;
  if (kind.startsWith("annotated_") || kind === "active_run_checkpoint" || kind === "input_segments_checkpoint") return kind;
  if (kind === "run_completed" && Object.hasOwn(v, "active_run_turn_count")) return "run_completed.active_run_turn_count";
  return undefined;
}
