// What differs between the builder generations (docs/scorel.md §0.2, §7.3–§7.8, §15.3).
import type { ScorelProfile } from "../model.js";

export interface Rules {
  profile: ScorelProfile;
  /** P5: reminders are system_reminder blocks; otherwise "<system-reminder>" text. */
  blocks: boolean;
  /** P4a+: an object tool result is reduced to {content: [...]} (docs/scorel.md §7.4). */
  reduceResults: boolean;
  /** P4a+: retained window (docs/scorel.md §7.7); design: barrier; P3: compact is not a conversation event. */
  compact: "none" | "window" | "barrier";
  /** P4b+ and design: context_control hides spans (docs/scorel.md §7.6; P4a rejects the event, docs/scorel.md §15.3). */
  hiding: boolean;
  /** The seed event model (docs/scorel.md §7.8): message/custom_message/rewind/branch/… handler table. */
  design: boolean;
  /**
   * P6: the current builder's own JavaScript tests, replayed as written (docs/scorel.md §16.3): any path event
   * with a `message` key is a message, and a malformed block or content throws where the code would.
   */
  literal: boolean;
  /**
   * For callers that read only a built message's role and content (the incremental builder's Msg views): a block
   * whose copy would equal it field for field, in the same order, is shared instead of copied, and so is the
   * message when none of its blocks changed (its meta copy is never read there). Never set by buildScorelContext,
   * whose caller owns what it returns.
   */
  share?: boolean;
}

export function rulesFor(profile: ScorelProfile): Rules {
  switch (profile) {
    case "p3":
      return { profile, blocks: false, reduceResults: false, compact: "none", hiding: false, design: false, literal: false };
    case "p4a":
      return { profile, blocks: false, reduceResults: true, compact: "window", hiding: false, design: false, literal: false };
    case "p4":
      return { profile, blocks: false, reduceResults: true, compact: "window", hiding: true, design: false, literal: false };
    case "design":
      // The seed model wraps reminders as text (SEED-EV merge_prev {content: string}) and keeps messages as stored.
      return { profile, blocks: false, reduceResults: false, compact: "barrier", hiding: true, design: true, literal: false };
    case "p6":
      return { profile, blocks: true, reduceResults: true, compact: "window", hiding: true, design: false, literal: true };
    default:
      return { profile, blocks: true, reduceResults: true, compact: "window", hiding: true, design: false, literal: false };
  }
}
