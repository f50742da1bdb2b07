// Formats that record one response as several records (yoi assistant items, Codex output items) replay it for TTSR
// as one assistant message: consecutive blocks gather into a run, which any other record closes.
import type { ReplayStep } from "./types.js";

type Obj = Record<string, unknown>;

export class AssistantRuns {
  private readonly steps: ReplayStep[] = [];
  private run: { id: string; content: Obj[] } | null = null;

  /** Adds a record's blocks to the open run, opening one at this record's id. */
  add(id: string, blocks: Obj[]): void {
    this.run ??= { id, content: [] };
    this.run.content.push(...blocks);
  }

  /** Closes the open run (stop reason toolUse when it called a tool), then appends `step`. */
  push(step?: ReplayStep): void {
    const run = this.run;
    if (run) {
      const toolUse = run.content.some((b) => b.type === "toolCall");
      this.steps.push({ id: run.id, msg: { role: "assistant", content: run.content, stopReason: toolUse ? "toolUse" : "stop" } });
      this.run = null;
    }
    if (step) this.steps.push(step);
  }

  done(): ReplayStep[] {
    this.push();
    return this.steps;
  }
}
