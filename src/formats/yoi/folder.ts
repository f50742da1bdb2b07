// A yoi session as a folder (docs/yoi.md §7): a session folder stands for its newest segment, and a Worker Session
// store keeps its segments one level down, in `segments/` beside the `session.json` manifest (docs/yoi.md §9).
import { diag } from "../../shared/diagnostics.js";
import type { SessionFolder } from "../types.js";
import { pickNewestSegment } from "./lineage.js";
import { newerManifestSchema } from "./manifest.js";
import type { YoiSession } from "./model.js";

export const yoiFolder: SessionFolder<YoiSession> = {
  fileKind: "yoi segment file",
  entry(names) {
    const file = pickNewestSegment(names);
    if (file !== undefined) return { file };
    // Without the manifest a segments/ folder is not a Worker Session store: it is not looked into.
    return names.includes("segments") && names.includes("session.json") ? { folder: "segments", manifest: "session.json" } : undefined;
  },
  // A manifest naming a schema newer than every profile means a newer store wrote the folder (docs/product.md §2).
  manifestFindings(session, text) {
    const version = newerManifestSchema(text);
    if (version === undefined) return [];
    return [
      diag("PROFILE_NEWER", { file: session.file }, { writer: "yoi", evidence: `session.json schema_version ${version}`, more: 0, profile: session.profile }),
    ];
  },
};
