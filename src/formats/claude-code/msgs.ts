// Anthropic messages as provider-neutral Msgs (docs/product.md §5 "Msg"), shared as persistent-list cells: two
// turns holding the same message (same hash, same predecessor) share its cell, so turn deltas cost O(changes).
import { isObject } from "../../shared/json.js";
import { push, type List } from "../../shared/plist.js";
import type { Msg, Reminder, Role } from "../types.js";
import { blockForm, messageHash, withoutCacheControl } from "./hash.js";
import { knownHashes } from "./requests.js";
import type { ApiMessage } from "./model.js";

const REMINDER = /^<system-reminder>/;

function blockText(b: unknown): string | undefined {
  if (!isObject(b)) return undefined;
  if (b.type === "text" && typeof b.text === "string") return b.text;
  if (b.type === "thinking" && typeof b.thinking === "string") return b.thinking;
  if (b.type === "tool_use") return `${typeof b.name === "string" ? b.name : ""} ${JSON.stringify(b.input ?? {})}`;
  if (b.type === "tool_result") {
    const c = b.content;
    if (typeof c === "string") return c;
    if (Array.isArray(c))
      return c
        .map(blockText)
        .filter((t) => t !== undefined)
        .join("\n");
  }
  return undefined;
}

/** One message as a Msg: blocks without cache_control (a request's own copy keeps it), reminders marked. */
export function apiMessageToMsg(m: ApiMessage, sourceIds: readonly string[]): Msg {
  const blocks = (blockForm(withoutCacheControl(m) as ApiMessage).content as unknown[]) ?? [];
  const texts: string[] = [];
  const reminders: Reminder[] = [];
  const source = sourceIds[0] ?? "";
  for (const b of blocks) {
    const t = blockText(b);
    if (t === undefined) continue;
    texts.push(t);
    if (isObject(b) && b.type === "text" && REMINDER.test(t)) reminders.push({ kind: "system-reminder", sourceId: source });
  }
  const role: Role = m.role === "assistant" ? "assistant" : m.role === "system" ? "system" : "user";
  if (role === "system") reminders.push({ kind: "system-message", sourceId: source });
  return { role, nativeRole: m.role, text: texts.join("\n"), blocks, sourceIds: [...sourceIds], reminders };
}

// A message's hash, once per message object (the requests of a session share their messages).
const hashes = new WeakMap<object, string>();
function hashOf(m: ApiMessage): string {
  let h = knownHashes.get(m) ?? hashes.get(m);
  if (h === undefined) {
    h = messageHash(m);
    hashes.set(m, h);
  }
  return h;
}

/** Interns list cells by (predecessor cell, message hash, sources), so equal prefixes are one list. */
export class MsgCells {
  private readonly root = new Map<string, List<Msg>>();
  private readonly next = new WeakMap<object, Map<string, List<Msg>>>();
  // Messages rebuilt from the lines are new objects at every turn but hold the lines' own blocks: a message of
  // the same role holding the same block objects has the same hash (blocks are never changed once built), so it
  // is looked up by them instead of serialised and hashed again each turn.
  private readonly blockIds = new WeakMap<object, number>();
  private readonly byBlocks = new Map<string, string>();
  private ids = 0;

  private hash(m: ApiMessage): string {
    const known = knownHashes.get(m) ?? hashes.get(m);
    if (known !== undefined) return known;
    const key = this.blocksKey(m);
    if (key === undefined) return hashOf(m);
    let h = this.byBlocks.get(key);
    if (h === undefined) {
      h = hashOf(m);
      this.byBlocks.set(key, h);
    }
    return h;
  }

  /** role and the identities of the blocks of a {role, content: [objects]} message; undefined for any other. */
  private blocksKey(m: ApiMessage): string | undefined {
    const c = m.content;
    if (!Array.isArray(c) || typeof m.role !== "string" || Object.keys(m).length !== 2) return undefined;
    let key = JSON.stringify(m.role);
    for (const b of c) {
      if (b === null || typeof b !== "object") return undefined;
      let id = this.blockIds.get(b);
      if (id === undefined) {
        id = this.ids++;
        this.blockIds.set(b, id);
      }
      key += `,${id}`;
    }
    return key;
  }

  push(prev: List<Msg>, m: ApiMessage, sourceIds: readonly string[]): List<Msg> {
    let map = prev === null ? this.root : this.next.get(prev);
    if (!map) {
      map = new Map();
      this.next.set(prev as object, map);
    }
    const key = `${this.hash(m)}|${sourceIds.join(",")}`;
    let cell = map.get(key);
    if (cell === undefined) {
      cell = push(prev, apiMessageToMsg(m, sourceIds));
      map.set(key, cell);
    }
    return cell;
  }
}
