// The Worker Session manifest `session.json` ({"schema_version", "session_id"}) beside `segments/` (docs/yoi.md §9).
// sightline reads segments, not the manifest, except for one fact: a schema version above every profile it knows
// means a newer store wrote the folder, which every command must say (docs/product.md §2).

/** The newest Worker Session schema a profile (`v3`) reads. */
export const NEWEST_KNOWN_SCHEMA = 3;

/** The manifest's `schema_version` when it is an integer above NEWEST_KNOWN_SCHEMA; undefined otherwise (unparsable manifests are the store's business). */
export function newerManifestSchema(text: string): number | undefined {
  let v: unknown;
  try {
    v = (JSON.parse(text) as { schema_version?: unknown } | null)?.schema_version;
  } catch {
    return undefined;
  }
  return Number.isInteger(v) && (v as number) > NEWEST_KNOWN_SCHEMA ? (v as number) : undefined;
}
