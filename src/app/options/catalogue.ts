// The whole code catalogue, for `sightline codes`: sightline's own areas, and every format's codes, which the format
// registry adds when it loads (src/formats/index.ts). Commands that only declare options do not load the formats.
import "../../formats/index.js";

export { catalogue } from "../../shared/codes.js";
