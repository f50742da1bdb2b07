// CompactCapsule (docs/capsule.md): create, validate, restore, render, plus the compaction-diff check. The
// package's `sightline/capsule` subpath is src/entry-capsule.ts; the capsule jobs are on the root (src/index.ts).
export * from "./types.js";
export { createCompactCapsule, tryCreateCompactCapsule } from "./create.js";
export { validateCompactCapsule } from "./validate.js";
export { restoreFromCapsule } from "./restore.js";
export { renderCompactCapsulePrompt } from "./render.js";
export { capsuleCheck } from "./check.js";
export { findCapsule } from "./find.js";
export { capsuleDiagnostics } from "./diagnostics.js";
