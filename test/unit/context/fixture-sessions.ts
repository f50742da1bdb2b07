// Every session fixture that reads as a session, for tests that run over all of them.
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../../..");

export function sessionFixtures(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith(".jsonl") && !n.endsWith(".trace.jsonl")) out.push(p);
    }
  };
  walk(join(ROOT, "fixtures"));
  return out;
}
