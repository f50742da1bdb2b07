// Progress bars only on a TTY, always on stderr (stdout may carry --json). cli-progress writes its own cursor
// controls (hide cursor, carriage return, clear line) straight to stderr: the one writer outside output.ts,
// so it is given no data — the label is escaped and cannot hold cli-progress's {placeholders}.
import { createRequire } from "node:module";
import { terminalLine } from "../shared/terminal.js";

// Loaded only when a bar is drawn (a TTY): off a terminal, the CLI need not carry it (≈ 5 MB of RSS).
const loadBar = (): typeof import("cli-progress") => createRequire(import.meta.url)("cli-progress");

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export function progressBar(label: string, enabled = process.stderr.isTTY === true): Progress {
  if (!enabled) return { update: () => {}, stop: () => {} };
  const cliProgress = loadBar();
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `${terminalLine(label).replace(/[{}]/g, "")} [{bar}] {value}/{total} files`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
