// A per-thread hook the regex time budget (app/ttsr/guard.ts) uses to learn which rule a stuck worker was
// testing: the manager reports each rule name right before running its conditions. Module state is deliberate:
// one watchdog per worker thread, and managers are created deep inside replays that should not carry it around.
export interface RegexProbe {
  start(ruleName: string): void;
  done(): void;
}

let probe: RegexProbe | undefined;

export function setRegexProbe(p: RegexProbe | undefined): void {
  probe = p;
}

export function reportRegexTest(ruleName: string): void {
  if (probe) probe.start(ruleName);
}

export function reportRegexDone(): void {
  if (probe) probe.done();
}
