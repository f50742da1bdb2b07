// The node:fs view of rule folders that TTSR rule loading receives (the ttsr/ core never touches fs).
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { RuleFs } from "../ttsr/load.js";

export const nodeRuleFs: RuleFs = {
  list(dir) {
    try {
      return statSync(dir).isDirectory() ? readdirSync(dir) : null;
    } catch {
      return null;
    }
  },
  read(path) {
    try {
      return statSync(path).isFile() ? readFileSync(path, "utf8") : null;
    } catch {
      return null;
    }
  },
};
