// The fields each rollout line type must carry for Codex's reader to deserialize it (docs/codex.md §1): the
// RolloutItem variants of codex-rs protocol, checked by hand (the payloads are open: newer fields are allowed).
import { isObject } from "../../shared/json.js";

type Obj = Record<string, unknown>;

const str = (o: Obj, k: string): string | null => (typeof o[k] === "string" ? null : `${k} must be a string`);
const arr = (o: Obj, k: string): string | null => (Array.isArray(o[k]) ? null : `${k} must be an array`);
const first = (...checks: (string | null)[]): string | null => checks.find((c) => c !== null) ?? null;

/** A ResponseItem (the wire's input/output item): its type, then what that type needs. */
export function checkResponseItem(p: Obj): string | null {
  if (typeof p.type !== "string") return "type must be a string";
  switch (p.type) {
    case "message":
      return first(str(p, "role"), arr(p, "content"));
    case "function_call":
      return first(str(p, "name"), str(p, "arguments"), str(p, "call_id"));
    case "function_call_output":
    case "custom_tool_call_output":
      return first(str(p, "call_id"), p.output === undefined ? "output is missing" : null);
    case "custom_tool_call":
      return first(str(p, "name"), str(p, "input"), str(p, "call_id"));
    case "reasoning":
      return arr(p, "summary");
    default:
      return null;
  }
}

/** The problem with one line's payload, or null. */
export function checkLine(type: string, p: Obj): string | null {
  switch (type) {
    case "session_meta": {
      const base = first(str(p, "id"), str(p, "timestamp"), str(p, "cwd"));
      if (base) return base;
      const bi = p.base_instructions;
      if (bi !== undefined && bi !== null && typeof bi !== "string" && !(isObject(bi) && typeof bi.text === "string"))
        return "base_instructions must be a string or an object with a string text";
      return null;
    }
    case "response_item":
      return checkResponseItem(p);
    case "event_msg":
      return str(p, "type");
    case "turn_context":
      return str(p, "model");
    case "compacted": {
      const m = str(p, "message");
      if (m) return m;
      const rh = p.replacement_history;
      if (rh === undefined || rh === null) return null;
      if (!Array.isArray(rh)) return "replacement_history must be an array";
      const bad = rh.findIndex((it) => !isObject(it) || checkResponseItem(it) !== null);
      return bad >= 0 ? `replacement_history[${bad}]: ${isObject(rh[bad]) ? checkResponseItem(rh[bad] as Obj) : "not an object"}` : null;
    }
    default:
      return null;
  }
}
