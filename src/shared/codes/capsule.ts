// Diagnostic codes of the capsule area. Loader verdict codes (loader: true) keep the upstream code verbatim;
// sightline's own findings use SCREAMING_SNAKE codes prefixed with the area.
import { show, type Catalogue } from "./types.js";

export const capsuleCodes = {
  CAPSULE_MISSING: {
    severity: "error",
    title: "validateCompactCapsule reports a missing field (docs/capsule.md §4)",
    message: (a: { label: string }) => `Capsule missing: ${show(a.label)}`,
  },
  CAPSULE_WARNING: { severity: "warning", title: "validateCompactCapsule warns (docs/capsule.md §4)", message: (a: { warning: string }) => show(a.warning) },
  CAPSULE_UPSTREAM_THROWS: {
    severity: "error",
    title: "The upstream capsule module would throw on this capsule (docs/capsule.md §4, §5, §6)",
    message: (a: { fn: string; errorName: string; message: string }) => `${show(a.fn)} would throw ${show(a.errorName)}: ${show(a.message)}`,
  },
  CAPSULE_LOST: {
    severity: "error",
    title: "State the capsule must keep does not appear after compaction (docs/product.md §3)",
    message: (a: { kind: string; value: string }) => `${show(a.kind)} ${JSON.stringify(a.value)} is not in the context after compaction`,
  },
} satisfies Catalogue;
