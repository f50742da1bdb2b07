// TTSR cases for the conformance oracle (ttsr-omp.mjs): a rule set, settings and an agent event stream, generated
// with fast-check (seeded) from a small vocabulary so that conditions do match, across delta boundaries, in
// prose, thinking and streamed tool arguments. `handCases()` adds the situations a random stream rarely builds.
import fc from "fast-check";

const CWD = "/work/proj";
const WORDS = ["foo", "bar", "baz", "qux", " ", "\n", "fo", "o", "ba", "r", "console.log(1)", "TODO"];
const CONDITIONS = ["foo", "ba[rz]", "qux\\b", "foo\\s*bar", "TODO", "console\\.log"];
const SCOPES = ["text", "thinking", "tool", "toolcall", "tool:bash", "tool:edit", "write", "tool:edit(*.ts)", "write(src/**)", "tool(**/*.md)", "bogus!"];
const PATHS = ["src/a.ts", "./src/b.md", "docs/x.md", `${CWD}/src/c.ts`, "/elsewhere/d.ts", "README.md"];
const RULE_PATHS = [`${CWD}/.omp/rules/NAME.md`, "~HOME~/.omp/agent/rules/NAME.md", "/etc/omp/NAME.md"];
const MODES = ["never", "prose-only", "tool-only", "always"];

const opt = (arb) => fc.option(arb, { nil: undefined, freq: 2 });
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((a) => a.join(""));

const rule = (i) =>
  fc
    .record({
      condition: fc.subarray(CONDITIONS, { maxLength: 2 }),
      scope: opt(fc.subarray(SCOPES, { minLength: 1, maxLength: 3 })),
      globs: opt(fc.constantFrom(["*.ts"], ["src/**"], ["**/*.md", "*.ts"])),
      interruptMode: opt(fc.constantFrom(...MODES)),
      astCondition: opt(fc.constant(["console.log($A)"])),
      where: fc.constantFrom(...RULE_PATHS),
    })
    .map(({ where, ...r }) => {
      const name = `r${i}`;
      const out = { name, path: where.replace("NAME", name), content: `Rule ${name} body.` };
      for (const [k, v] of Object.entries(r)) if (v !== undefined && !(k === "condition" && v.length === 0)) out[k] = v;
      return out;
    });

const settings = fc
  .record({
    interruptMode: opt(fc.constantFrom(...MODES)),
    repeatMode: opt(fc.constantFrom("once", "after-gap")),
    repeatGap: opt(fc.integer({ min: 0, max: 3 })),
    contextMode: opt(fc.constantFrom("discard", "keep")),
  })
  .map((s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)));

/** Final arguments of a tool call, by tool (edit shapes follow the case's edit mode). */
function toolArgs(name, editMode, path, body) {
  if (name === "bash") return { command: body };
  if (name === "write") return { path, content: body };
  if (name === "read") return { path };
  if (editMode === "hashline") return { input: `[${path}]\n${body.replace(/^/gm, "+")}\n` };
  return { path, old_string: "x", new_string: body };
}

/** toolcall_delta events streaming `args` key by key (each string value in pieces), then toolcall_end. */
function streamToolCall(contentIndex, id, name, args, cuts) {
  const out = [];
  const partial = {};
  let first = true;
  for (const [key, value] of Object.entries(args)) {
    const head = `${first ? "{" : ","}${JSON.stringify(key)}:"`;
    first = false;
    const n = Math.max(1, Math.min(cuts, value.length));
    const size = Math.ceil(value.length / n) || 1;
    for (let at = 0; at < Math.max(value.length, 1); at += size) {
      const piece = value.slice(at, at + size);
      partial[key] = (partial[key] ?? "") + piece;
      const pre = at === 0 ? head : "";
      const post = at + size >= value.length ? '"' : "";
      out.push({ type: "toolcall_delta", contentIndex, id, name, delta: pre + JSON.stringify(piece).slice(1, -1) + post, args: { ...partial } });
    }
  }
  out.push({ type: "toolcall_end", contentIndex, id, name, args });
  return out;
}

const block = fc.oneof(
  fc.record({ kind: fc.constantFrom("text_delta", "thinking_delta"), deltas: fc.array(text, { minLength: 1, maxLength: 4 }) }),
  fc.record({
    kind: fc.constant("tool"),
    name: fc.constantFrom("bash", "write", "edit", "read"),
    path: fc.constantFrom(...PATHS),
    body: text,
    cuts: fc.integer({ min: 0, max: 3 }),
    withId: fc.boolean(),
    silent: fc.boolean(),
  }),
  fc.constant({ kind: "restart" }),
);

const message = fc.record({ blocks: fc.array(block, { minLength: 1, maxLength: 4 }), stopReason: fc.constantFrom("stop", "toolUse", "toolUse", "error") });
const turn = fc.array(message, { minLength: 1, maxLength: 2 });

let callCounter = 0;
function events(turns, editMode) {
  const out = [];
  for (const msgs of turns) {
    out.push({ type: "turn_start" });
    const results = [];
    for (const m of msgs) {
      out.push({ type: "message_start" });
      m.blocks.forEach((b, i) => {
        if (b.kind === "restart") out.push({ type: "restart" });
        else if (b.kind === "tool") {
          const id = b.withId ? `call_${++callCounter}` : "";
          const args = toolArgs(b.name, editMode, b.path, b.body);
          const stream = streamToolCall(i, id, b.name, args, b.cuts);
          // A provider that sends no argument deltas: toolcall_start -> toolcall_end only.
          out.push(...(b.silent ? stream.slice(-1) : stream));
          if (id) results.push({ type: "tool_result", id, name: b.name, text: `${b.name} done` });
        } else for (const d of b.deltas) out.push({ type: b.kind, contentIndex: i, delta: d });
      });
      out.push({ type: "message_end", stopReason: m.stopReason });
    }
    out.push(...results, { type: "turn_end" });
  }
  return out;
}

const caseArb = fc.record({
  rules: fc.integer({ min: 1, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rule(i)))),
  settings,
  editMode: fc.constantFrom("replace", "hashline"),
  turns: fc.array(turn, { minLength: 1, maxLength: 3 }),
});

/** `runs` generated cases, reproducible from `seed`. */
export function generatedTtsrCases(runs, seed) {
  callCounter = 0;
  return fc.sample(caseArb, { numRuns: runs, seed }).map((c, i) => ({
    name: `generated #${i} (seed ${seed})`,
    cwd: CWD,
    settings: c.settings,
    editMode: c.editMode,
    rules: c.rules,
    events: events(c.turns, c.editMode),
  }));
}

const R = (name, extra) => ({ name, path: `${CWD}/.omp/rules/${name}.md`, content: `Rule ${name} body.`, ...extra });
const turnOf = (...evs) => [{ type: "turn_start" }, { type: "message_start" }, ...evs, { type: "message_end", stopReason: "stop" }, { type: "turn_end" }];
/** One turn whose calls then get their results (a per-tool reminder folds there). */
const withResults =
  (...calls) =>
  (...evs) => [...turnOf(...evs).slice(0, -1), ...calls.map(([id, name]) => ({ type: "tool_result", id, name, text: "ok" })), { type: "turn_end" }];
const hand = (name, rules, evs, extra = {}) => ({ name: `hand: ${name}`, cwd: CWD, settings: {}, editMode: "replace", rules, events: evs, ...extra });

/** The situations the brief names, one small case each. */
export function handCases() {
  const foo = [R("no-foo", { condition: ["foo\\s*bar"] })];
  return [
    hand("buffer reset at assistant message start", foo, [
      { type: "turn_start" },
      { type: "message_start" },
      { type: "text_delta", delta: "foo " },
      { type: "message_end", stopReason: "stop" },
      { type: "message_start" },
      { type: "text_delta", delta: "bar" },
      { type: "message_end", stopReason: "stop" },
      { type: "turn_end" },
    ]),
    hand("provider restart inside one response", foo, turnOf({ type: "text_delta", delta: "foo " }, { type: "restart" }, { type: "text_delta", delta: "bar" })),
    hand(
      "toolcall_end with final arguments and no deltas",
      [R("no-rm", { condition: ["rm -rf"], scope: ["tool:bash"] })],
      turnOf({ type: "toolcall_end", contentIndex: 0, id: "c1", name: "bash", args: { command: "rm -rf /" } }),
    ),
    hand(
      "toolcall_end re-confirms a delta match (one trigger per stream key)",
      [R("no-rm", { condition: ["rm -rf"], scope: ["tool:bash"], interruptMode: "never" })],
      [
        ...turnOf(...streamToolCall(0, "c1", "bash", { command: "rm -rf /" }, 2)).slice(0, -1),
        { type: "tool_result", id: "c1", name: "bash", text: "ok" },
        { type: "turn_end" },
      ],
    ),
    hand(
      "a rule that may repeat at once is announced once per stream key",
      [R("no-rm", { condition: ["rm -rf"], scope: ["tool:bash"] })],
      [
        ...turnOf(...streamToolCall(0, "c1", "bash", { command: "rm -rf / now" }, 3)).slice(0, -1),
        { type: "tool_result", id: "c1", name: "bash", text: "ok" },
        { type: "turn_end" },
      ],
      { settings: { interruptMode: "never", repeatMode: "after-gap", repeatGap: 0 } },
    ),
    hand(
      "AST-only rule on a write",
      [R("no-console", { astCondition: ["console.log($A)"], scope: ["tool"] })],
      turnOf(...streamToolCall(0, "c1", "write", { path: "src/a.ts", content: "function f() { console.log(1) }" }, 2)),
    ),
    hand(
      "AST: patterns are OR'ed and a pattern ast-grep refuses counts as none",
      [R("no-error-log", { astCondition: ["foo(", "console.error($A)"], interruptMode: "never" })],
      withResults(["c1", "write"])(...streamToolCall(0, "c1", "write", { path: "src/a.ts", content: "if (bad) console.error(e)" }, 2)),
    ),
    hand(
      "AST: JSX parses in a .jsx file, not in a .ts file",
      [R("jx", { astCondition: ["console.log($A)"], globs: ["**/*.jsx"] }), R("tx", { astCondition: ["console.log($A)"], globs: ["**/*.ts"] })],
      withResults(["c1", "write"], ["c2", "write"])(
        ...streamToolCall(0, "c1", "write", { path: "src/a.jsx", content: "const a = <p>{console.log(1)}</p>" }, 1),
        ...streamToolCall(1, "c2", "write", { path: "src/b.ts", content: "const a = <p>{console.log(1)}</p>" }, 1),
      ),
      { settings: { interruptMode: "never" } },
    ),
    hand(
      "AST: a hashline edit is checked per file",
      [R("no-console", { astCondition: ["console.log($A)"], interruptMode: "never" })],
      withResults(["c1", "edit"])(...streamToolCall(0, "c1", "edit", { input: "[docs/x.md]\n+console.log(2)\n[src/a.ts]\n+console.log(1)\n" }, 2)),
      { editMode: "hashline" },
    ),
    hand(
      "AST and a condition on one rule: the end confirms the delta match without a second trigger",
      [R("no-console", { condition: ["console"], astCondition: ["console.log($A)"], interruptMode: "never" })],
      withResults(["c1", "write"])(...streamToolCall(0, "c1", "write", { path: "src/a.ts", content: "console.log(1)" }, 2)),
      { settings: { repeatMode: "after-gap", repeatGap: 0 } },
    ),
    hand(
      "once per rule: a second match in a later turn is held back",
      foo,
      [...turnOf({ type: "text_delta", delta: "foo bar" }), ...turnOf({ type: "text_delta", delta: "foo bar" })],
      { settings: { interruptMode: "never" } },
    ),
    hand(
      "after-gap repeat: fires again once the gap has passed",
      foo,
      [1, 2, 3, 4].flatMap(() => turnOf({ type: "text_delta", delta: "foo bar" })),
      { settings: { interruptMode: "never", repeatMode: "after-gap", repeatGap: 2 } },
    ),
    hand(
      "scopes: text, thinking, tool:name and glob paths",
      [
        R("t", { condition: ["foo"], scope: ["text"] }),
        R("th", { condition: ["foo"], scope: ["thinking"] }),
        R("ed", { condition: ["foo"], scope: ["tool:edit(*.ts)"] }),
        R("gl", { condition: ["foo"], globs: ["src/**"], scope: ["tool"] }),
      ],
      [
        ...turnOf(
          { type: "thinking_delta", contentIndex: 0, delta: "foo" },
          { type: "text_delta", contentIndex: 1, delta: "foo" },
          ...streamToolCall(2, "c1", "edit", { path: "src/a.ts", old_string: "x", new_string: "foo" }, 1),
        ).slice(0, -1),
        { type: "tool_result", id: "c1", name: "edit", text: "edited" },
        { type: "turn_end" },
      ],
      { settings: { interruptMode: "never" } },
    ),
    hand(
      "tool-only interrupt on a tool call with an id",
      [R("no-todo", { condition: ["TODO"], interruptMode: "tool-only" })],
      turnOf({ type: "text_delta", delta: "TODO " }, ...streamToolCall(1, "c9", "write", { path: "src/x.ts", content: "// TODO" }, 1)),
    ),
  ];
}

// v18 judged rules (docs/ttsr.md §17.6): a model answers each rule's question about a completed message's outputs
// in the background. The cases put the answer at a point of the stream (`judge_answer`: the oldest open request is
// answered there), so requests can overlap later messages; `verdicts` says which rules the stub judge flags, and
// `session_replaced` makes later answers to earlier requests stale. Messages carry their text and thinking, the
// outputs judged rules read.
const judgedRule = (i) =>
  fc
    .record({
      judged: fc.boolean(),
      condition: fc.subarray(CONDITIONS, { maxLength: 1 }),
      scope: opt(fc.subarray(["text", "thinking", "tool", "tool:bash", "write"], { minLength: 1, maxLength: 2 })),
      where: fc.constantFrom(...RULE_PATHS),
    })
    .map(({ judged, condition, scope, where }) => {
      const name = `j${i}`;
      const out = { name, path: where.replace("NAME", name), content: `Rule ${name} body.` };
      if (condition.length > 0) out.condition = condition;
      // A stream rule needs a condition; a judged rule may have one as its prefilter.
      if (judged || condition.length === 0) out.question = `Does the output break rule ${name}?`;
      if (scope) out.scope = scope;
      return out;
    });

const judgedBlock = fc.oneof(
  fc.record({ kind: fc.constantFrom("text_delta", "thinking_delta"), deltas: fc.array(text, { minLength: 1, maxLength: 3 }) }),
  fc.record({
    kind: fc.constant("tool"),
    name: fc.constantFrom("bash", "write"),
    path: fc.constantFrom(...PATHS),
    body: text,
    cuts: fc.constant(1),
    withId: fc.constant(true),
    silent: fc.constant(false),
  }),
);
const judgedMessage = fc.record({
  blocks: fc.array(judgedBlock, { minLength: 1, maxLength: 3 }),
  stopReason: fc.constantFrom("stop", "toolUse", "error"),
  // What happens after the message ends: answers to open requests, and a session replaced.
  after: fc.array(fc.constantFrom("judge_answer", "judge_answer", "session_replaced"), { maxLength: 2 }),
});

const judgedCaseArb = fc.record({
  rules: fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => judgedRule(i)))),
  verdicts: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  settings: fc
    .record({
      repeatMode: opt(fc.constantFrom("once", "after-gap")),
      repeatGap: opt(fc.integer({ min: 0, max: 2 })),
      interruptMode: opt(fc.constantFrom("never", "always")),
    })
    .map((s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined))),
  turns: fc.array(fc.array(judgedMessage, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
});

function judgedEvents(turns) {
  const out = [];
  for (const msgs of turns) {
    out.push({ type: "turn_start" });
    const results = [];
    for (const m of msgs) {
      out.push({ type: "message_start" });
      m.blocks.forEach((b, i) => {
        if (b.kind === "tool") {
          const id = `call_${++callCounter}`;
          out.push(...streamToolCall(i, id, b.name, toolArgs(b.name, "replace", b.path, b.body), b.cuts));
          results.push({ type: "tool_result", id, name: b.name, text: `${b.name} done` });
        } else for (const d of b.deltas) out.push({ type: b.kind, contentIndex: i, delta: d });
      });
      out.push({ type: "message_end", stopReason: m.stopReason }, ...m.after.map((type) => ({ type })));
    }
    out.push(...results, { type: "turn_end" });
  }
  return out;
}

/** `runs` generated v18 judged-rule cases, reproducible from `seed` (the profile v18 only). */
export function judgedTtsrCases(runs, seed) {
  callCounter = 0;
  const asked = R("j-asked", { question: "Does the output break rule j-asked?" });
  // Asked at the first message, answered only after the second was asked about the same rule.
  const twice = {
    ...hand(
      "a judged rule is asked again until its judge answers",
      [asked],
      [
        { type: "turn_start" },
        { type: "message_start" },
        { type: "text_delta", contentIndex: 0, delta: "first reply" },
        { type: "message_end", stopReason: "stop" },
        { type: "message_start" },
        { type: "text_delta", contentIndex: 0, delta: "second reply" },
        { type: "message_end", stopReason: "stop" },
        { type: "judge_answer" },
        { type: "judge_answer" },
        { type: "turn_end" },
      ],
    ),
    judged: { "j-asked": true },
  };
  const stale = {
    ...hand(
      "a judge's answer after the session was replaced is dropped",
      [asked],
      [
        ...turnOf({ type: "text_delta", contentIndex: 0, delta: "a reply" }).slice(0, -1),
        { type: "session_replaced" },
        { type: "judge_answer" },
        { type: "turn_end" },
      ],
    ),
    judged: { "j-asked": true },
  };
  return [
    twice,
    stale,
    ...fc.sample(judgedCaseArb, { numRuns: runs, seed }).map((c, i) => ({
      name: `judged #${i} (seed ${seed})`,
      cwd: CWD,
      settings: c.settings,
      editMode: "replace",
      rules: c.rules,
      judged: Object.fromEntries(c.rules.map((r, k) => [r.name, c.verdicts[k]])),
      events: judgedEvents(c.turns),
    })),
  ];
}
