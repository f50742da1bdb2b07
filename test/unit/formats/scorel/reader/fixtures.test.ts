// Every hand-built fixture in fixtures/scorel/: the verdict of the real loader and the findings sightline adds.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, findings, parseFixture } from "./helpers.js";

interface Want {
  profile?: string;
  /** Loader verdict code and message (null: the loader accepts the file). */
  verdict: [string, string, number?] | null;
  /** Codes of every other finding (errors, warnings, infos except PROFILE_CHOSEN), in order. */
  codes: string[];
}

const VALID: Want = { verdict: null, codes: [] };
const DESIGN: Want = { verdict: null, codes: ["SCOREL_DESIGN_NOT_SHIPPED"] };

const TABLE: Record<string, Want> = {
  "valid/p5-session.jsonl": VALID,
  "valid/p5-harness-merge.jsonl": VALID,
  "valid/p4-session.jsonl": { ...VALID, profile: "p4" },
  "valid/p4a-session.jsonl": { ...VALID, profile: "p4a" },
  "valid/p3-session.jsonl": { ...VALID, profile: "p3" },
  "design/session-example.jsonl": DESIGN,
  "design/session-full.jsonl": DESIGN,
  "g0/log.jsonl": VALID,
  "g0/blank-lines.jsonl": VALID,
  "g0/file-snapshot-kind.jsonl": {
    verdict: ["SCOREL_G0_LOAD_ERROR", "Invalid session log JSON at g0/file-snapshot-kind.jsonl:6: Unsupported session log entry kind: file_snapshot", 6],
    codes: ["SCOREL_G0_UNSUPPORTED_KIND"],
  },
  "g0/message-missing.jsonl": {
    verdict: ["SCOREL_G0_LOAD_ERROR", "Cannot read properties of undefined (reading 'role')", 3],
    codes: ["SCOREL_G0_MESSAGE_MISSING"],
  },
  "g0/rewind-missing-target.jsonl": {
    verdict: ["SCOREL_G0_LOAD_ERROR", "Cannot rewind to msg-9999: message id was not found in active history", 7],
    codes: ["SCOREL_G0_REWIND_TARGET"],
  },
  "g0/rewind-to-assistant.jsonl": {
    verdict: ["SCOREL_G0_LOAD_ERROR", "Cannot rewind to msg-2a77: not a rewindable turn boundary", 7],
    codes: ["SCOREL_G0_REWIND_TARGET"],
  },
  "invalid/empty-file.jsonl": { verdict: ["missing_header", "Session file is missing a header", 1], codes: ["EMPTY_FILE"] },
  "invalid/inv-01-missing-header.jsonl": { verdict: ["missing_header", "Session file is missing a header", 1], codes: ["SCOREL_INV_01_MISSING_HEADER"] },
  "invalid/inv-02-invalid-json.jsonl": {
    verdict: ["invalid_json", "Invalid JSON at line 5", 5],
    codes: [
      "SCOREL_INV_14_ORPHAN_TOOL_RESULT",
      "SCOREL_INV_02_INVALID_JSON",
      "SCOREL_INV_25_QUEUE_CONSUMPTION",
      "SCOREL_INV_25_QUEUE_CONSUMPTION",
      "SCOREL_INV_10_PARENT",
      "SCOREL_NOT_IN_TREE",
      "SCOREL_NOT_IN_TREE",
    ],
  },
  "invalid/inv-02-invalid-json-wins-over-earlier-event-error.jsonl": {
    verdict: ["invalid_json", "Invalid JSON at line 8", 8],
    codes: ["SCOREL_INV_06_INVALID_EVENT", "SCOREL_INV_02_INVALID_JSON", "SCOREL_INV_10_PARENT", "SCOREL_NOT_IN_TREE"],
  },
  "invalid/bom-line-1.jsonl": { verdict: ["invalid_json", "Invalid JSON at line 1", 1], codes: ["SCOREL_INV_02_INVALID_JSON"] },
  "invalid/whitespace-line-1.jsonl": { verdict: ["invalid_json", "Invalid JSON at line 1", 1], codes: ["SCOREL_INV_02_INVALID_JSON"] },
  "invalid/torn-last-line.jsonl": { verdict: ["invalid_json", "Invalid JSON at line 10", 10], codes: ["TORN_LAST_LINE", "SCOREL_INV_02_INVALID_JSON"] },
  "invalid/inv-03-missing-project-id.jsonl": {
    verdict: ["invalid_header", "Session header is missing meta.projectId", 1],
    codes: ["SCOREL_INV_03_INVALID_HEADER"],
  },
  "invalid/inv-03-header-version.jsonl": {
    verdict: ["invalid_header", "Session header is missing required identity fields", 1],
    codes: ["SCOREL_INV_03_INVALID_HEADER"],
  },
  "invalid/inv-04-session-header-after-line-1.jsonl": {
    verdict: ["invalid_event", "Session header must be stored as the JSONL header line", 6],
    codes: ["SCOREL_INV_04_MISPLACED_EVENT"],
  },
  "invalid/inv-04-transient-event.jsonl": { verdict: ["invalid_event", "Unsupported session event type", 5], codes: ["SCOREL_INV_04_MISPLACED_EVENT"] },
  "invalid/inv-05-session-mismatch.jsonl": {
    verdict: ["session_mismatch", "Event belongs to ses_other, expected ses_4b1f0e9c-2d3a-4e5f-9a8b-7c6d5e4f3a2b", 4],
    codes: ["SCOREL_INV_05_SESSION_MISMATCH"],
  },
  "invalid/inv-05-missing-session-id.jsonl": {
    verdict: ["invalid_header", "Event must be an object with a sessionId", 4],
    codes: ["SCOREL_INV_05_SESSION_MISMATCH"],
  },
  "invalid/inv-06-unsupported-type.jsonl": {
    verdict: ["invalid_event", "Unsupported session event type", 9],
    codes: ["SCOREL_INV_06_INVALID_EVENT", "SCOREL_INV_10_PARENT"],
  },
  "invalid/inv-06-base-fields.jsonl": { verdict: ["invalid_event", "Event is missing required base fields", 4], codes: ["SCOREL_INV_06_INVALID_EVENT"] },
  "invalid/inv-06-message-payload.jsonl": {
    verdict: ["invalid_event", "Message event is missing message payload", 4],
    codes: ["SCOREL_INV_06_INVALID_EVENT", "SCOREL_INV_14_ORPHAN_TOOL_RESULT"],
  },
  "invalid/inv-07-duplicate-id.jsonl": {
    verdict: ["duplicate_event_id", "Duplicate event id: 1da78a13-beba-5552-bb0a-e15a75ab42d5", 10],
    codes: ["SCOREL_INV_07_DUPLICATE_ID"],
  },
  "invalid/inv-08-non-monotonic-seq.jsonl": {
    verdict: ["non_monotonic_seq", "Event seq 5 must be greater than 5", 5],
    codes: ["SCOREL_INV_08_NON_MONOTONIC_SEQ"],
  },
  "invalid/inv-08-seq-zero.jsonl": { verdict: ["non_monotonic_seq", "Event seq 0 must be greater than 0", 2], codes: ["SCOREL_INV_08_NON_MONOTONIC_SEQ"] },
  "invalid/inv-09-second-root.jsonl": { verdict: ["invalid_parent", "Only the first event can have a null parentId", 10], codes: ["SCOREL_INV_09_ROOT"] },
  "invalid/inv-10-missing-parent.jsonl": {
    verdict: ["invalid_parent", "Missing parent event: a12d6951-01c7-52ea-878b-6cbe68b3dccf", 10],
    codes: ["SCOREL_INV_10_PARENT"],
  },
  "invalid/inv-10-parent-is-control-event.jsonl": {
    verdict: ["invalid_parent", "Missing parent event: bf738085-cb58-577f-ac0d-e8fce5f41a4c", 10],
    codes: ["SCOREL_INV_10_PARENT"],
  },
  "invalid/inv-16-harness-visibility.jsonl": { verdict: ["invalid_event", "harness_item is missing item payload", 9], codes: ["SCOREL_INV_16_HARNESS_ITEM"] },
  "invalid/inv-18-compact-missing-retained-count.jsonl": {
    verdict: ["invalid_event", "compact is missing summary payload", 10],
    codes: ["SCOREL_INV_18_COMPACT_PAYLOAD"],
  },
  "invalid/inv-20-context-control-actor.jsonl": {
    verdict: ["invalid_event", "context_control is missing hide_user_turn payload", 18],
    codes: ["SCOREL_INV_20_CONTEXT_CONTROL_PAYLOAD"],
  },
  "invalid/inv-22-snapshot-version.jsonl": {
    verdict: ["invalid_event", "instruction_snapshot is missing snapshot payload", 2],
    codes: ["SCOREL_INV_22_INSTRUCTION_SNAPSHOT", "SCOREL_INV_23_SNAPSHOT_PLACEMENT"],
  },
  "invalid/inv-24-queue-operation.jsonl": {
    verdict: ["invalid_event", "queue_update is missing queue payload", 6],
    codes: ["SCOREL_INV_24_QUEUE_UPDATE", "SCOREL_INV_25_QUEUE_CONSUMPTION"],
  },
  "invalid/inv-26-skill-entry.jsonl": { verdict: ["invalid_event", "skill_index_snapshot is missing entries", 3], codes: ["SCOREL_INV_26_SKILL_INDEX"] },
  "profile/p3-skill-scope-extension.jsonl": {
    profile: "p3",
    verdict: ["invalid_event", "skill_index_snapshot is missing entries", 3],
    codes: ["PROFILE_MISMATCH", "SCOREL_INV_26_SKILL_INDEX"],
  },
  "invalid/inv-27-empty-title.jsonl": {
    verdict: ["invalid_event", "session_title_updated is missing title payload", 14],
    codes: ["SCOREL_INV_27_TITLE_UPDATE"],
  },
  "profile/p4a-context-control.jsonl": {
    profile: "p4a",
    verdict: ["invalid_event", "Unsupported session event type", 12],
    codes: ["PROFILE_MISMATCH", "SCOREL_INV_06_INVALID_EVENT"],
  },
  "audit/inv-08b-ts-order.jsonl": { verdict: null, codes: ["SCOREL_INV_08B_TS_ORDER"] },
  "audit/inv-11-control-parent.jsonl": { verdict: null, codes: ["SCOREL_INV_11_CONTROL_PARENT"] },
  "audit/inv-12-role-mismatch.jsonl": { verdict: null, codes: ["SCOREL_INV_12_ROLE_MISMATCH"] },
  "audit/inv-13-string-content.jsonl": { verdict: null, codes: ["SCOREL_INV_13_CONTENT_BLOCKS"] },
  "audit/inv-14-orphan-tool-result.jsonl": { verdict: null, codes: ["SCOREL_INV_14_ORPHAN_TOOL_RESULT", "SCOREL_INV_14_ORPHAN_TOOL_RESULT"] },
  "audit/inv-14-unanswered-tool-call.jsonl": { verdict: null, codes: ["SCOREL_INV_14_ORPHAN_TOOL_RESULT"] },
  "audit/inv-15-anchor-names-control-event.jsonl": { verdict: null, codes: ["SCOREL_INV_15_LEAF_NOT_TREE"] },
  "audit/inv-17-harness-kind.jsonl": { verdict: null, codes: ["SCOREL_INV_17_HARNESS_ENUM"] },
  "audit/inv-17-steer-not-from-user.jsonl": { verdict: null, codes: ["SCOREL_INV_17_HARNESS_ENUM"] },
  "audit/inv-19-compact-through-not-ancestor.jsonl": { verdict: null, codes: ["SCOREL_INV_19_COMPACT_SHAPE"] },
  "audit/inv-19-retained-count-fractional.jsonl": { verdict: null, codes: ["SCOREL_INV_19_COMPACT_SHAPE"] },
  "audit/inv-21-span-crosses-user.jsonl": { verdict: null, codes: ["SCOREL_INV_21_CONTEXT_CONTROL_SPAN"] },
  "audit/inv-23-five-sections.jsonl": { verdict: null, codes: ["SCOREL_INV_23_SNAPSHOT_PLACEMENT"] },
  "audit/inv-23-snapshot-after-user.jsonl": { verdict: null, codes: ["SCOREL_INV_23_SNAPSHOT_PLACEMENT"] },
  "audit/inv-25-follow-up-not-removed.jsonl": { verdict: null, codes: ["SCOREL_INV_25_QUEUE_CONSUMPTION"] },
  "audit/inv-25-steer-not-queued.jsonl": { verdict: null, codes: ["SCOREL_INV_25_QUEUE_CONSUMPTION"] },
  "audit/inv-27-derived-from-seq.jsonl": { verdict: null, codes: ["SCOREL_INV_27_TITLE_DERIVED_FROM"] },
  "design/inv-28-rewind-to-assistant.jsonl": { verdict: null, codes: ["SCOREL_DESIGN_NOT_SHIPPED", "SCOREL_INV_28_REWIND_TARGET"] },
  "design/inv-28-next-message-under-rewind.jsonl": { verdict: null, codes: ["SCOREL_DESIGN_NOT_SHIPPED", "SCOREL_INV_28_REWIND_TARGET"] },
  "design/inv-29-branch-not-leaf.jsonl": { verdict: null, codes: ["SCOREL_DESIGN_NOT_SHIPPED", "SCOREL_INV_29_BRANCH_LEAF"] },
  "design/inv-30-compact-through-off-path.jsonl": { verdict: null, codes: ["SCOREL_DESIGN_NOT_SHIPPED", "SCOREL_INV_30_COMPACT_THROUGH"] },
  "design/inv-31-channel-inject-not-followed.jsonl": { verdict: null, codes: ["SCOREL_DESIGN_NOT_SHIPPED", "SCOREL_INV_31_CHANNEL_INJECT"] },
  "design/inv-32-internal-steer.jsonl": { verdict: null, codes: ["SCOREL_DESIGN_NOT_SHIPPED", "SCOREL_INV_32_INTERNAL_ROLE"] },
  "bad-input/crlf.jsonl": { verdict: null, codes: ["CRLF_LINE"] },
  "bad-input/deep-nesting.jsonl": { verdict: null, codes: ["TOO_DEEP"] },
  "bad-input/lone-surrogate.jsonl": { verdict: null, codes: ["LONE_SURROGATE"] },
  "bad-input/proto-keys.jsonl": { verdict: null, codes: [] },
  "bad-input/unknown-types.jsonl": {
    verdict: ["invalid_event", "Unsupported session event type", 9],
    codes: ["SCOREL_INV_13_CONTENT_BLOCKS", "SCOREL_INV_06_INVALID_EVENT", "SCOREL_INV_10_PARENT"],
  },
  "bad-input/wrong-types.jsonl": {
    verdict: ["invalid_event", "Event is missing required base fields", 4],
    codes: ["SCOREL_INV_06_INVALID_EVENT", "SCOREL_INV_14_ORPHAN_TOOL_RESULT", "SCOREL_INV_06_INVALID_EVENT", "SCOREL_INV_16_HARNESS_ITEM"],
  },
};

const walk = (d: string): string[] =>
  readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : n.endsWith(".jsonl") ? [join(d, n)] : []));

describe("fixtures/scorel", () => {
  it("every fixture file is listed in this table and in the README", () => {
    const files = walk(FIXTURES)
      .map((f) => relative(FIXTURES, f))
      .sort();
    expect(files).toEqual(Object.keys(TABLE).sort());
    const readme = readFileSync(join(FIXTURES, "README.md"), "utf8");
    for (const f of files) expect(readme, f).toContain(`\`${f}\``);
  });
  for (const [file, want] of Object.entries(TABLE)) {
    it(`${file}: ${want.verdict ? `${want.verdict[0]} "${want.verdict[1]}"` : "loads"}${want.codes.length ? `; ${[...new Set(want.codes)].join(", ")}` : ""}`, () => {
      const s = parseFixture(file, want.profile);
      if (want.verdict) {
        expect(s.rejected).toBe(true);
        expect(s.verdict).toMatchObject({ code: want.verdict[0], message: want.verdict[1], loader: true, severity: "error", line: want.verdict[2] });
      } else {
        expect(s.rejected).toBe(false);
        expect(s.verdict).toBeNull();
      }
      const rest = findings(s).filter((d) => !d.loader);
      expect(rest.map((d) => d.code)).toEqual(want.codes);
    });
  }
});
