// An in-memory RuleFs for loader tests: folders are path prefixes of the given files.
import type { RuleFs } from "../../../src/ttsr/load.js";

export function memFs(files: Record<string, string>): RuleFs {
  return {
    list(dir) {
      const prefix = dir.endsWith("/") ? dir : `${dir}/`;
      const names = Object.keys(files)
        .filter((p) => p.startsWith(prefix))
        .map((p) => p.slice(prefix.length).split("/")[0]);
      return names.length > 0 ? [...new Set(names)] : null;
    },
    read: (path) => files[path] ?? null,
  };
}
