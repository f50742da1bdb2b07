// A per-thread hook the regex time budget (app/ttsr-guard.ts) uses to learn which rule a stuck worker was
// testing: the manager reports each rule name right before running its conditions. Module state is deliberate:
// one watchdog per worker thread, and managers are created deep inside replays that should not carry it around.
type Probe = (ruleName: string) => void;

let probe: Probe | undefined;

export function setRegexProbe(p: Probe | undefined): void {
  probe = p;
}

export function reportRegexTest(ruleName: string): void {
  if (probe) probe(ruleName);
}
