// Adapter for pi (@earendil-works/pi-coding-agent, the continuation of pi-mono). Upstream answers come from the
// release's own code: SessionManager.open (the loader, on a copy: it appends a newline to a torn file and
// rewrites an empty one) and buildSessionContext at every entry and at the loader's leaf. sightline answers with
// the profile pinned to the release (the newest pi profile for a release no profile pins).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bareImports, fetchTarball, markComplete, npmInstall, placeStaged, releaseDir } from "../cache.mjs";
import { generatePiSessions } from "../generate-pi.mjs";
import { writePiSessions } from "../write-pi.mjs";

const PACKAGE = "@earendil-works/pi-coding-agent";
/** Releases a profile pins: version → profile. */
const PINNED = { "1.5.2": "pi-1.5" };
const NEWEST = "pi-1.5";
/** The session code: the loader (SessionManager) and buildSessionContext. */
const SESSION_MODULE = "dist/core/session-manager.js";

/** The first record pi's loader parses (blank and unparseable lines skipped), or undefined. */
function firstRecord(text) {
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      return JSON.parse(line);
    } catch {
      // pi skips a malformed line
    }
  }
  return undefined;
}

const isEntryObject = (e) => typeof e === "object" && e !== null && !Array.isArray(e);

export default {
  name: "pi",
  package: PACKAGE,
  pinned: Object.keys(PINNED),
  profileFor: (version) => ({ profile: PINNED[version] ?? NEWEST, pinned: version in PINNED }),

  async install(version, log) {
    const { dir, done } = releaseDir(`pi@${version}`);
    if (!done) {
      log(`installing ${PACKAGE}@${version} (the tarball, then what its session code imports) into ${dir}`);
      const staged = fetchTarball(dir, PACKAGE, version);
      const deps = JSON.parse(readFileSync(join(staged, "package.json"), "utf8")).dependencies ?? {};
      // Only what the session code imports (at the versions the release pins): the full install fails.
      const needed = bareImports(join(staged, SESSION_MODULE));
      log(`session code imports ${needed.join(", ")}`);
      npmInstall(
        dir,
        needed.map((d) => `${d}@${deps[d] ?? "latest"}`),
      );
      placeStaged(dir, PACKAGE, staged);
      markComplete(dir);
    }
    const base = join(dir, "node_modules", ...PACKAGE.split("/"), SESSION_MODULE);
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
    const header = firstRecord(readFileSync(copy, "utf8"));
    let sm;
    try {
      sm = api.SessionManager.open(copy, sessionDir);
    } catch (e) {
      return { verdict: "refused", reason: String(e?.message ?? e) };
    }
    // Opened without a valid header, pi started a new session over the file (what releases before 0.85 do).
    if (size === 0 || !(header?.type === "session" && typeof header.id === "string")) return { verdict: "empty", contexts: [] };
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
