// The typed model of one yoi segment file (docs/yoi.md §1–§3). Entries have no ids upstream; sightline
// names them `L<line>` (1-based physical line, docs/product.md §2) and chains them in file order.
import type { SessionBase } from "../types.js";

/**
 * seed = the reader at e0caf7d1 (default); head = the reader at b12e0785; v3 = the Worker Session schema 3
 * reader (annotated history records) at 74139aeb (docs/yoi.md §9).
 */
export type YoiProfile = "seed" | "head" | "v3";
export const YOI_PROFILES: readonly YoiProfile[] = ["seed", "head", "v3"];

/** The item-level rules (LoggedItem, SystemItem, Segment, replay text) a profile shares: v3 keeps head's. */
export const itemEra = (p: YoiProfile): "seed" | "head" => (p === "seed" ? "seed" : "head");

/**
 * The record an entry stands for, whatever its era's name: v3's `annotated_<x>` records replace `<x>`
 * (docs/yoi.md §9.2). Checks and replay switch on this; `kind` keeps the name on the wire.
 */
export const baseKind = (kind: string): string => (kind.startsWith("annotated_") ? kind.slice("annotated_".length) : kind);

/** One LogEntry line that the chosen reader deserializes. */
export interface YoiEntry {
  /** `L<line>`. */
  id: string;
  line: number;
  kind: string;
  /** The parsed JSON object, never mutated. */
  raw: Record<string, unknown>;
}

/** The loader verdict: the first line that makes the real reader fail the whole segment. */
export interface YoiVerdict {
  line: number;
  message: string;
  /** "corrupt" = StoreError::Corrupt; "io" = the seed reader's read_to_string failing on invalid UTF-8. */
  upstream: "corrupt" | "io";
}

export interface YoiSession extends SessionBase {
  format: "yoi";
  profile: YoiProfile;
  /** Entries the chosen reader deserializes, in file order (lines it rejects are left out). */
  entries: YoiEntry[];
  byId: Map<string, YoiEntry>;
  /** The first segment_start's object, if the first entry is one. */
  segmentStart: Record<string, unknown> | null;
  /** Set when the real reader would fail to load this segment. */
  verdict: YoiVerdict | null;
  rejected: boolean;
  /** v3 read of a schema 1/2 segment, as the store migrates it when the session is opened (docs/yoi.md §9.6). */
  migrating?: boolean;
  /**
   * The segment this one was compacted or forked from, as readSession read it from the same folder: null when
   * no yoi segment could be read there; absent when not read (parseSession, stdin, or no origin named).
   */
  origin?: YoiSession | null;
}

/** A history item as replay rebuilds it (yoi `Item`, ids and status dropped as upstream does). */
export type YoiItem =
  | { kind: "message"; role: "user" | "assistant" | "system"; content: YoiContentPart[] }
  | { kind: "tool_call"; call_id: string; name: string; arguments: string }
  | { kind: "tool_result"; call_id: string; summary: string; content?: string | null; attachments?: unknown[]; is_error?: boolean }
  | { kind: "reasoning"; text: string; summary?: string[]; encrypted_content?: string | null; signature?: string | null };

export type YoiContentPart = { kind: "text"; text: string } | { kind: "refusal"; refusal: string };

/** Where a history item came from: its entry id, and for system items the SystemItem kind. */
export interface YoiHistoryItem {
  item: YoiItem;
  sourceId: string;
  /** SystemItem kind when the item came from a system_item entry. */
  systemKind?: string;
  /** True for items seeded by segment_start.history. */
  seeded?: boolean;
  /** v3: the record's LoggedSessionHistoryMetadata as stored (entry_id, origin, derivation; docs/yoi.md §9.2). */
  metadata?: Record<string, unknown>;
}

export const entryId = (line: number): string => `L${line}`;
