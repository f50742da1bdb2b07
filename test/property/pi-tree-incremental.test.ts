// The pi tree built as entries come (formats/pi/tree.ts TreeBuilder) is the tree built from the whole file,
// and its checks report what checkTree reports over the whole file, for any ids and parents: new or repeated
// ids, parents before or after their child, missing, the entry itself, and references that resolve or not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PiEntry, PiSession } from "../../src/formats/pi/model.js";
import { TreeBuilder } from "../../src/formats/pi/tree.js";
import { DiagnosticBag, sortDiagnostics } from "../../src/shared/diagnostics.js";

const TYPES = ["message", "message", "label", "branch_summary", "compaction", "compaction", "context_edit", "custom"] as const;

const stepArb = fc.record({
  type: fc.constantFrom(...TYPES),
  // Parent: 0 none, 1 the previous entry, 2 an earlier one, 3 a later one, 4 missing, 5 itself.
  parent: fc.constantFrom(0, 1, 1, 1, 1, 2, 2, 3, 4, 5),
  pick: fc.nat(1000),
  target: fc.nat(1000),
  repeat: fc.boolean(),
  flavour: fc.nat(5),
});

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

function entriesOf(steps: Step[], repeats: boolean): PiEntry[] {
  const n = steps.length;
  const ids = steps.map((s, i) => (repeats && s.repeat && i > 0 ? `e${s.pick % i}` : `e${i}`));
  const idAt = (k: number) => ids[((k % n) + n) % n];
  return steps.map((s, i) => {
    const id = ids[i];
    const parentId = [null, i > 0 ? ids[i - 1] : null, i > 0 ? ids[s.pick % i] : null, i + 1 < n ? ids[i + 1 + (s.pick % (n - i - 1))] : null, "missing", id][
      s.parent
    ];
    const target = s.flavour === 0 ? "nowhere" : idAt(s.target);
    const raw: Record<string, unknown> = { type: s.type, id, parentId };
    if (s.type === "label" || s.type === "context_edit") raw.targetId = target;
    if (s.type === "branch_summary") raw.fromId = s.flavour === 1 ? "root" : target;
    if (s.type === "compaction") {
      if (s.flavour === 2) {
        raw.firstKeptEntryId = "";
        raw.providerReplayThroughEntryId = target;
      } else raw.firstKeptEntryId = s.flavour === 3 ? id : target;
      if (s.flavour === 4) raw.preserveData = { snapcompact: {} };
    }
    return { line: i + 2, id, parentId, type: s.type, raw };
  });
}

function read(entries: PiEntry[], incremental: boolean) {
  const b = new TreeBuilder(incremental);
  for (const e of entries) b.add(e);
  const tree = b.tree();
  const s = { format: "pi", file: "t.jsonl", entries, byId: b.byId, tree, lineOf: b.lineOf } as unknown as PiSession;
  const bag = new DiagnosticBag("t.jsonl");
  b.check(s, bag);
  return { tree, lineOf: b.lineOf, findings: sortDiagnostics(bag.items) };
}

/**
 * The tree and lines as the loader's model says, from the entries alone: every id once, where it first came;
 * its parent and line from its last entry; children in file order, of parents that are nodes; leaves.
 */
function reference(entries: PiEntry[]) {
  const nodes: string[] = [];
  const parent = new Map<string, string | null>();
  const lineOf = new Map<string, number>();
  for (const e of entries) {
    if (!parent.has(e.id)) nodes.push(e.id);
    parent.set(e.id, e.parentId);
    lineOf.set(e.id, e.line);
  }
  const children = new Map<string, string[]>(nodes.map((id) => [id, []]));
  for (const id of nodes) {
    const p = parent.get(id);
    if (p != null) children.get(p)?.push(id);
  }
  const leaves = nodes.filter((id) => children.get(id)!.length === 0);
  return { tree: { nodes, parent, children, leaves, activeLeafId: entries.at(-1)?.id ?? null }, lineOf };
}

describe("pi tree: built as entries come = built from the whole file", () => {
  it("the tree and lines made from byId are the loader's (property)", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 0, maxLength: 40 }), fc.boolean(), (steps, repeats) => {
        const entries = entriesOf(steps, repeats);
        const b = new TreeBuilder();
        for (const e of entries) b.add(e);
        expect({ tree: b.tree(), lineOf: b.lineOf }).toEqual(reference(entries));
      }),
      { numRuns: 400 },
    );
  });

  it("same tree, same findings (property)", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 0, maxLength: 40 }), fc.boolean(), (steps, repeats) => {
        const entries = entriesOf(steps, repeats);
        expect(read(entries, true)).toEqual(read(entries, false));
      }),
      { numRuns: 400 },
    );
  });

  it("a file as writers make it (new ids, parents first) has findings the property compares", () => {
    const entries = entriesOf(
      [
        { type: "message", parent: 0, pick: 0, target: 0, repeat: false, flavour: 1 },
        { type: "label", parent: 1, pick: 0, target: 0, repeat: false, flavour: 0 },
        { type: "compaction", parent: 4, pick: 0, target: 0, repeat: false, flavour: 4 },
        { type: "message", parent: 0, pick: 0, target: 0, repeat: false, flavour: 1 },
        { type: "context_edit", parent: 2, pick: 1, target: 3, repeat: false, flavour: 1 },
      ],
      false,
    );
    const r = read(entries, true);
    expect(r.findings.map((d) => `${d.code}@${d.line}`)).toEqual([
      "PI_LABEL_TARGET_MISSING@3",
      "PI_DANGLING_PARENT@4",
      "PI_FIRST_KEPT_OFF_PATH@4",
      "PI_SNAPCOMPACT_NOT_REPLAYED@4",
      "PI_EXTRA_ROOT@5",
      "PI_EDIT_TARGET_OFF_PATH@6",
    ]);
    expect(r).toEqual(read(entries, false));
  });
});
