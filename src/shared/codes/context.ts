// Diagnostic codes of the context area. Loader verdict codes (loader: true) keep the upstream code verbatim;
// sightline's own findings use SCREAMING_SNAKE codes prefixed with the area.
import type { Catalogue } from "./types.js";

export const contextCodes = {} satisfies Catalogue;
