// The typed model of a pi / oh-my-pi session file (docs/pi.md), shared by the reader, the tree
// checks, the context builders and the TTSR layer. Versions v1–v3 are migrated in memory on read (docs/pi.md §3).
import type { SessionBase } from "../types.js";

/**
 * pi = baseline pi / omp ≤14 context rules (docs/pi.md §6.1); omp17 = @oh-my-pi 17.2.15 rules (docs/pi.md §6.2);
 * omp18 = @oh-my-pi 18.3.4 rules (docs/pi.md §8); pi-1.5 = @earendil-works/pi-coding-agent 1.5.2 (pi1.ts).
 */
export type PiProfile = "pi" | "omp17" | "omp18" | "pi-1.5";
export const PI_PROFILES: readonly PiProfile[] = ["pi", "omp17", "omp18", "pi-1.5"];
/** The oh-my-pi profiles (v17 rules, and v18 on top of them). */
export const isOmp = (p: PiProfile): boolean => p === "omp17" || p === "omp18";
/** Whether a string names a pi profile. */
export const isPiProfile = (p: unknown): p is PiProfile => (PI_PROFILES as readonly unknown[]).includes(p);

/** The file version as written (header `version`, absent = 1), before migration. */
export type PiVersion = 1 | 2 | 3;

/** One entry line after migration (everything after the header, title slot excluded). */
export interface PiEntry {
  /** 1-based physical line. */
  line: number;
  /** Entry id; v1 files get the 0-based physical line index as a string (docs/product.md §2). */
  id: string;
  /** Parent id after migration (v1: the previous entry's id, the first entry null). */
  parentId: string | null;
  /** The entry `type` (unknown types are kept). */
  type: string;
  /** The migrated entry: a copy of the parsed object (v1 ids, firstKeptEntryId, hookMessage→custom). */
  raw: Record<string, unknown>;
}

/** The v17 title slot (physical first line, docs/pi.md §2.1), folded into the header in memory. */
export interface PiTitleSlot {
  line: number;
  title: string;
  source?: string;
  raw: Record<string, unknown>;
}

export interface PiSession extends SessionBase {
  format: "pi";
  profile: PiProfile;
  /** The header after migration (version 3, title slot folded), or null when there is no valid header. */
  header: Record<string, unknown> | null;
  /** Physical line of the header (0 when there is none). */
  headerLine: number;
  /** Version as written in the file (absent = 1); 3 when there is no header. */
  version: PiVersion;
  /** The v17 title slot, when the file has one. */
  titleSlot: PiTitleSlot | null;
  /** Header `cwd` (the recorded working directory), when it is a string. */
  cwd: string | null;
  /** Every entry after the header, in file order. */
  entries: PiEntry[];
  /** Entry per id; with duplicate ids the later one wins, as the loader's index does (duplicates are reported). */
  byId: Map<string, PiEntry>;
  /** True when the real loader treats the file as empty (no valid header first record). */
  empty: boolean;
  /** pi 1.x markers seen in a file without a valid header (its entries are not read), for the profile choice. */
  pi1Evidence?: string[];
  /** oh-my-pi 18 markers seen in a file without a valid header, for the profile choice (and the loader verdict). */
  omp18Evidence?: string[];
}
