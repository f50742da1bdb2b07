// The session vectors (ttsr-spec §14) again under v18: where a vector names no profile it ran under v17, and v18's
// session layer decides those scenarios alike, except the three that pin what v18 changed (S3 deliveryId, S13
// announcements, S17 toolcall_end: docs/ttsr.md §17); those skip here and have v18 counterparts in v18-session.test.ts.
import { vectorProfile } from "./builders.js";

vectorProfile.current = "v18";
await import("./vectors-s1-s10.test.js");
await import("./vectors-s11-s19.test.js");
await import("./vectors-s20-s27.test.js");
await import("./vectors-s25-s26.test.js");
await import("./bucket-order-and-turn-reset.test.js");
await import("./coordinator-api.test.js");
