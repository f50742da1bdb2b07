// Progress bars only on a TTY, always on stderr (stdout may carry --json).
import cliProgress from "cli-progress";

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export function progressBar(label: string, enabled = process.stderr.isTTY === true): Progress {
  if (!enabled) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {value}/{total} files`, hideCursor: true, clearOnComplete: true },
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
