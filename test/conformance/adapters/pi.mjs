// Adapter for pi (@earendil-works/pi-coding-agent, the continuation of pi-mono). Upstream answers come from the
// release's own code: SessionManager.open (the loader, on a copy: it appends a newline to a torn file and
// rewrites an empty one) and buildSessionContext at every entry and at the loader's leaf. sightline answers with
// the profile pinned to the release (the newest pi profile for a release no profile pins).
import { statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { markComplete, npmInstall, packageJson, releaseDir, unpackTarball } from "../cache.mjs";
import { generatePiSessions } from "../generate-pi.mjs";
import { writePiSessions } from "../write-pi.mjs";

const PACKAGE = "@earendil-works/pi-coding-agent";
/** Releases a profile pins: version → profile. */
const PINNED = { "1.5.2": "pi-1.5" };
const NEWEST = "pi-1.5";
/** What session-manager.js imports outside the package (its full install fails on a missing transitive package). */
const SESSION_DEPS = ["@earendil-works/pi-ai", "cross-spawn"];

const isEntryObject = (e) => typeof e === "object" && e !== null && !Array.isArray(e);

export default {
  name: "pi",
  package: PACKAGE,
  pinned: Object.keys(PINNED),
  profileFor: (version) => ({ profile: PINNED[version] ?? NEWEST, pinned: version in PINNED }),

  async install(version, log) {
    const { dir, done } = releaseDir(`pi@${version}`);
    if (!done) {
      log(`installing ${PACKAGE}@${version} (session dependencies, then the unpacked tarball) into ${dir}`);
      const deps = packageJson(PACKAGE, version).dependencies ?? {};
      npmInstall(dir, SESSION_DEPS.map((d) => `${d}@${deps[d] ?? "latest"}`));
      unpackTarball(dir, PACKAGE, version);
      markComplete(dir);
    }
    const base = join(dir, "node_modules", ...PACKAGE.split("/"), "dist/core/session-manager.js");
    return await import(pathToFileURL(base).href);
  },

  /** Fixtures to compare: everything under fixtures/pi, and other fixtures whose first line is a pi header. */
  isFixture: (rel, firstLine) => rel.startsWith("pi/") || /^\{"type":"(session|title)"/.test(firstLine),
  generated: (runs, seed) => generatePiSessions(runs, seed),
  /** Sessions the release writes itself (SessionManager programs), when it can run here. */
  written: (api, runs, seed, work) => writePiSessions(api, runs, seed, work),

  /** pi's answer on a copy of a session file (contexts only when `withContexts`: pi loops on a parent cycle). */
  upstream(api, copy, sessionDir, withContexts) {
    const size = statSync(copy).size;
    let sm;
    try {
      sm = api.SessionManager.open(copy, sessionDir);
    } catch (e) {
      return { verdict: "refused", reason: String(e?.message ?? e) };
    }
    if (size === 0) return { verdict: "empty", contexts: [] };
    if (!withContexts) return { verdict: "loaded" };
    const entries = sm.getEntries();
    const objects = entries.filter(isEntryObject);
    const at = (leafId) => {
      const c = api.buildSessionContext(entries, leafId);
      return { messages: c.messages, thinkingLevel: c.thinkingLevel, model: c.model };
    };
    return { verdict: "loaded", contexts: [...objects.map((e) => at(e.id)), sm.buildSessionContext()] };
  },

  /** sightline's answer on the same text, with `profile`; contexts in the same order as upstream's. */
  sightline(lib, text, file, profile) {
    const s = lib.parsePi(text, { file, profile });
    const codes = new Set(s.diagnostics.map((d) => d.code));
    const errors = s.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} (line ${d.line})`);
    if (codes.has("refused_session")) return { verdict: "refused", errors };
    if (codes.has("empty_session")) return { verdict: "empty", contexts: [], errors };
    if (codes.has("PI_PARENT_CYCLE")) return { verdict: "loaded", skip: "a parent cycle (pi's path walk never ends)", errors };
    const at = (leafId) => {
      const c = lib.buildPiContext(s, leafId, { profile });
      return { messages: c.messages, thinkingLevel: c.thinkingLevel, model: c.model };
    };
    return { verdict: "loaded", contexts: [...s.entries.map((e) => at(e.id)), at(undefined)], errors };
  },
};
