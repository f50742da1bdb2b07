// v18 session bookkeeping (docs/ttsr.md §17.4, §17.5): deferred follow-ups reserve their rules by deliveryId until
// delivered or discarded, and a stream key announces its rules once until turn end.
import type { Rule } from "../types.js";

export class DeliveryReservations {
  /** rule name → the deliveryId of the queued follow-up that holds it. */
  readonly byName = new Map<string, number>();
  #next = 0;

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** A new deliveryId (per coordinator, from 1), now holding these rules. */
  reserve(rules: readonly Rule[]): number {
    const id = ++this.#next;
    for (const r of rules) this.byName.set(r.name, id);
    return id;
  }

  /** `releaseDeferredReservationFromDetails`: frees the names that this delivery (still) holds. */
  release(details: unknown): void {
    const d = details as { rules?: unknown; deliveryId?: unknown } | null;
    if (d === null || typeof d !== "object" || Array.isArray(d) || !Array.isArray(d.rules) || typeof d.deliveryId !== "number") return;
    for (const name of d.rules) if (typeof name === "string" && this.byName.get(name) === d.deliveryId) this.byName.delete(name);
  }
}

export class Announcements {
  readonly #byKey = new Map<string, Set<string>>();

  /** `#emitTriggerOnce`: false when every rule was announced on this key already; records them otherwise. */
  admit(key: string | undefined, rules: readonly Rule[]): boolean {
    if (key === undefined) return true;
    const seen = this.#byKey.get(key) ?? new Set<string>();
    if (rules.every((r) => seen.has(r.name))) return false;
    for (const r of rules) seen.add(r.name);
    this.#byKey.set(key, seen);
    return true;
  }

  clear(): void {
    this.#byKey.clear();
  }
}
