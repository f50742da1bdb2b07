// Installs a Codex CLI release into the conformance cache (outside the repository) through npm and returns the
// path of its native binary. The npm package brings the binary as an aliased optional dependency
// (`@openai/codex-linux-x64`, under vendor/<target>/bin/codex); older releases ship it in the package's own bin/.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { markComplete, npmInstall, releaseDir } from "../cache.mjs";

const TARGET = "x86_64-unknown-linux-musl";

function binaryIn(dir) {
  const candidates = [
    join(dir, "node_modules/@openai/codex-linux-x64/vendor", TARGET, "bin/codex"),
    join(dir, "node_modules/@openai/codex-linux-x64/vendor", TARGET, "codex/codex"),
    join(dir, "node_modules/@openai/codex/vendor", TARGET, "codex/codex"),
    join(dir, "node_modules/@openai/codex/vendor", TARGET, "bin/codex"),
    join(dir, "node_modules/@openai/codex/bin", `codex-${TARGET}`),
  ];
  return candidates.find((p) => existsSync(p));
}

export function installCodex(version, log = () => {}) {
  const { dir, done } = releaseDir(`codex@${version}`);
  if (!done || !binaryIn(dir)) {
    log(`installing @openai/codex@${version} into ${dir}`);
    npmInstall(dir, [`@openai/codex@${version}`]);
    markComplete(dir);
  }
  const bin = binaryIn(dir);
  if (!bin) throw new Error(`@openai/codex@${version}: no native binary for ${TARGET} under ${dir}`);
  return bin;
}
