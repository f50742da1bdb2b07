// Diagnostic codes of the app area (validate of non-session files, audit, check). sightline's own
// findings use SCREAMING_SNAKE codes prefixed with the area.
import { show, type Catalogue } from "./types.js";

export const appCodes = {
  // --- validate: settings and capsule files (lead) ---
  APP_ODD_SETTING: { severity: "warning", title: "A TTSR setting has a legal but unusual value", message: (a) => `${show(a.key)} = ${show(a.value)} is passed through verbatim (negative or fractional values are legal but unusual)` },
  APP_CAPSULE_MISSING: { severity: "error", title: "A CompactCapsule lacks a required field (validateCompactCapsule `missing`)", message: (a) => `Capsule is missing ${show(a.field)}` },
  APP_CAPSULE_WARNING: { severity: "warning", title: "validateCompactCapsule reports a warning", message: (a) => `Capsule warning: ${show(a.warning)}` },
  APP_CAPSULE_THROWS: { severity: "error", title: "The upstream capsule module would throw on this capsule", message: (a) => `The upstream module throws: ${show(a.message)}` },
  // --- audit / check (reports) ---
} satisfies Catalogue;
