// CompactCapsule (docs/capsule.md): create, validate, restore, render, plus the compaction-diff check.
export * from "./types.js";
export { createCompactCapsule, tryCreateCompactCapsule } from "./create.js";
export { validateCompactCapsule } from "./validate.js";
export { restoreFromCapsule } from "./restore.js";
export { renderCompactCapsulePrompt } from "./render.js";
export { capsuleCheck, mustSurvive, type CapsuleCheck, type LostItem } from "./check.js";
export { findCapsule, looksLikeCapsule } from "./find.js";
export { capsuleDiagnostics, compactCapsuleSchema } from "./diagnostics.js";
