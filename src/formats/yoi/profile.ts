// What in a line shows a writer newer than the seed era (docs/product.md §2: such files are read with `head`
// and a warning). Each marker names a wire change of docs/yoi.md §0–§3.
import { isObject } from "../../shared/json.js";

/** The post-seed features one parsed line shows (empty for seed-compatible lines). */
export function headMarkers(v: unknown): string[] {
  if (!isObject(v)) return [];
  const out: string[] = [];
  const kind = v.kind;
  if (kind === "paused_turn_abandoned") out.push("paused_turn_abandoned");
  if (kind === "invoke" && v.trigger === "worker_event") out.push("invoke(worker_event)");
  if (kind === "user_input") {
    if (Object.hasOwn(v, "extensions")) out.push("user_input.extensions");
    if (Array.isArray(v.segments) && v.segments.some((s) => isObject(s) && s.kind === "flow")) out.push("segment flow");
  }
  if (kind === "system_item" && isObject(v.item)) {
    const k = v.item.kind;
    if (k === "worker_event" || k === "skill_activation") out.push(`system_item ${k}`);
    if (Object.hasOwn(v.item, "prompt_provenance")) out.push("prompt_provenance");
  }
  if ((kind === "tool_result" || kind === "assistant_item") && isObject(v.item) && Object.hasOwn(v.item, "attachments")) {
    out.push("tool_result.attachments");
  }
  if (kind === "segment_start" && Array.isArray(v.history)) {
    if (v.history.some((i) => isObject(i) && Object.hasOwn(i, "attachments"))) out.push("tool_result.attachments");
  }
  return out;
}
