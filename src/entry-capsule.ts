// `sightline/capsule`: CompactCapsule building blocks below the root's capsule jobs (docs/capsule.md): the
// compaction-diff check, finding a capsule in a record, its diagnostics and schema, and the capsule's parts.
export { capsuleCheck, mustSurvive } from "./capsule/check.js";
export { findCapsule, looksLikeCapsule } from "./capsule/find.js";
export { capsuleDiagnostics, compactCapsuleSchema } from "./capsule/diagnostics.js";
export { tryCreateCompactCapsule } from "./capsule/create.js";
export type {
  ActiveRun,
  CompactCapsuleValidation,
  CompactGateFinding,
  CompactGateState,
  CompactOpenQuestion,
  CompactResumeSnapshot,
  CompactSourceAnchor,
  CompactStopHook,
  CompactWriteTransaction,
  KdPhase,
  UpstreamThrow,
} from "./capsule/types.js";
