// The scenarios the real Claude Code CLI is run through (record.mjs): each is a list of CLI invocations, in
// one scratch HOME and project folder, with the model replies the scripted server gives, in request order.
// A reply is { content, usage? } or { error }; replies past the end of a step's list are plain text.
// `skip` lists releases a scenario is not run with; `release[V]` replaces fields of the scenario for release V.
// `resume: true` resumes the first step's session; `at(entries)` (with resume) adds --resume-session-at with
// the uuid it picks among the entries of that session's transcript so far.

const text = (t, usage) => ({ content: [{ type: "text", text: t }], ...(usage ? { usage } : {}) });
const tool = (id, name, input, lead) => ({ content: [...(lead ? [{ type: "text", text: lead }] : []), { type: "tool_use", id, name, input }] });
const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";

/** Steps of `autocompact-tool`: a tool call whose reply reports `inputTokens`, so the next request compacts first. */
const toolThenCompact = (inputTokens) => [
  { args: ["-p", "Start a long task."], replies: [text("Started.")] },
  {
    args: ["--continue", "-p", "Count the lines of notes.txt."],
    replies: [
      { ...tool("toolu_cc51", "Bash", { command: "wc -l notes.txt", description: "Count lines" }), usage: { input_tokens: inputTokens } },
      text("<summary>A long task; counting lines.</summary>"),
      text("It has three lines."),
    ],
  },
];

export const SCENARIOS = [
  {
    name: "plain-resume",
    steps: [
      { args: ["-p", "Say hello."], replies: [text("Hello.")] },
      { args: ["--continue", "-p", "And once more."], replies: [text("Hello again.")] },
      { resume: true, args: ["-p", "A third time, please."], replies: [text("Hello a third time.")] },
    ],
  },
  {
    name: "tools",
    files: { "notes.txt": "alpha\nbeta\ngamma\n" },
    steps: [
      {
        args: ["-p", "Count the lines of notes.txt, then read it."],
        replies: [
          tool("toolu_cc01", "Bash", { command: "wc -l notes.txt", description: "Count lines" }, "Counting first."),
          tool("toolu_cc02", "Read", { file_path: "/tmp/cc-project/notes.txt" }),
          text("It has three lines: alpha, beta, gamma."),
        ],
      },
    ],
  },
  {
    name: "parallel-tools",
    files: { "a.txt": "first file\n", "b.txt": "second file\n" },
    steps: [
      {
        args: ["-p", "Read a.txt and b.txt at once."],
        replies: [
          {
            content: [
              { type: "tool_use", id: "toolu_cc11", name: "Read", input: { file_path: "/tmp/cc-project/a.txt" } },
              { type: "tool_use", id: "toolu_cc12", name: "Bash", input: { command: "cat b.txt", description: "Show b" } },
            ],
          },
          text("Both read."),
        ],
      },
    ],
  },
  {
    name: "thinking-error",
    steps: [
      {
        args: ["-p", "Think, then list the files."],
        replies: [
          {
            content: [
              { type: "thinking", thinking: "The user wants a listing; ls will do.", signature: "c2lnbmF0dXJlLW9uZQ==" },
              { type: "tool_use", id: "toolu_cc21", name: "Bash", input: { command: "ls -a", description: "List files" } },
            ],
          },
          {
            content: [
              { type: "thinking", thinking: "Empty folder.", signature: "c2lnbmF0dXJlLXR3bw==" },
              { type: "text", text: "The folder is empty." },
            ],
          },
        ],
      },
      { args: ["--continue", "-p", "Try again."], replies: [{ error: { status: 400, type: "invalid_request_error", message: "scripted failure" } }] },
      { args: ["--continue", "-p", "Once more."], replies: [text("Done now.")] },
    ],
  },
  {
    name: "claude-md",
    files: { "CLAUDE.md": "# Project rules\n\nAlways answer in one sentence.\n" },
    steps: [{ args: ["-p", "What are the rules?"], replies: [text("Answer in one sentence.")] }],
  },
  {
    name: "compact",
    steps: [
      { args: ["-p", "Remember the word tangerine."], replies: [text("Noted: tangerine.")] },
      { args: ["--continue", "-p", "Also remember the number 42."], replies: [text("Noted: 42.")] },
      { args: ["--continue", "-p", "/compact"], replies: [text("<summary>The user asked to remember tangerine and 42.</summary>")] },
      { args: ["--continue", "-p", "What did I ask you to remember?"], replies: [text("tangerine and 42.")] },
    ],
  },
  {
    // /compact with instructions of the user's: how the release puts them into the compaction request.
    name: "compact-args",
    steps: [
      { args: ["-p", "Remember the word tangerine."], replies: [text("Noted: tangerine.")] },
      { args: ["--continue", "-p", "Also remember the number 42."], replies: [text("Noted: 42.")] },
      { args: ["--continue", "-p", "/compact Keep only the fruit names."], replies: [text("<summary>The user asked to remember tangerine.</summary>")] },
      { args: ["--continue", "-p", "Which fruit?"], replies: [text("Tangerine.")] },
    ],
  },
  {
    // /compact after a single exchange: 2.1.328 keeps no preserved tail and sends the shorter instruction.
    // 2.1.220 refuses ("Not enough messages to compact") and sends the refusal (a system local_command line off
    // the path) inside the next request, which sightline does not rebuild (docs/claude-code.md §7): not run there.
    name: "compact-first-turn",
    skip: ["2.1.220"],
    steps: [
      { args: ["-p", "Remember the word tangerine."], replies: [text("Noted: tangerine.")] },
      { args: ["--continue", "-p", "/compact Keep only the fruit names."], replies: [text("<summary>The user asked to remember tangerine.</summary>")] },
      { args: ["--continue", "-p", "Which fruit?"], replies: [text("Tangerine.")] },
    ],
  },
  {
    // --fork-session: the chain is copied under a new session id, the original file is left as it was.
    name: "fork",
    steps: [
      { args: ["-p", "Pick a colour."], replies: [text("Blue.")] },
      { args: ["--continue", "-p", "And a shape?"], replies: [text("A circle.")] },
      { resume: true, args: ["--fork-session", "-p", "Now a number instead."], replies: [text("Seven.")] },
    ],
  },
  {
    // A rewind in print mode: --resume-session-at the first answer, then a new prompt, so that answer has two
    // children in one file.
    name: "rewind",
    steps: [
      { args: ["-p", "Pick a colour."], replies: [text("Blue.")] },
      { args: ["--continue", "-p", "And a shape?"], replies: [text("A circle.")] },
      {
        resume: true,
        at: (entries) => entries.filter((e) => e.type === "assistant")[0]?.uuid,
        args: ["-p", "Forget the shape: a number."],
        replies: [text("Seven.")],
      },
    ],
  },
  {
    // A reply whose usage reports ~195k input tokens, with a 100k auto-compact window: the next prompt compacts
    // first (record.mjs adds --autocompact and a model whose window the release knows; the window is not
    // enforced for a model it does not know).
    name: "autocompact",
    autocompact: true,
    steps: [
      { args: ["-p", "Start a long task."], replies: [text("Started.", { input_tokens: 195000 })] },
      { args: ["--continue", "-p", "Continue the task."], replies: [text("<summary>A long task was started.</summary>"), text("Continued.")] },
    ],
    release: {
      // 2.1.220 has no --autocompact. With its default model (claude-opus-5) it takes a 200k window and compacts
      // once the last reply reports more than 167k input tokens (200k less 20k for output less 13k); it then
      // summarises every group of messages but the last, which it keeps and which must not be all there is:
      // hence a third prompt after the large reply (docs/claude-code.md §7).
      "2.1.220": {
        autocompact: false,
        steps: [
          { args: ["-p", "Start a long task."], replies: [text("Started.")] },
          { args: ["--continue", "-p", "Go on with it."], replies: [text("Going on.", { input_tokens: 172000 })] },
          { args: ["--continue", "-p", "Continue the task."], replies: [text("<summary>A long task was started.</summary>"), text("Continued.")] },
        ],
      },
    },
  },
  {
    // Automatic compaction in the middle of a turn: after a tool call whose reply reports a large usage, before
    // the request that sends the result (the compaction request carries the call and its result).
    name: "autocompact-tool",
    autocompact: true,
    files: { "notes.txt": "alpha\nbeta\ngamma\n" },
    steps: toolThenCompact(195000),
    release: {
      // Its default window (docs/claude-code.md §7): 172k is past the threshold; the tool call is the kept group.
      "2.1.220": {
        autocompact: false,
        steps: toolThenCompact(172000),
      },
    },
  },
  {
    name: "subagent",
    steps: [
      {
        args: ["-p", "Ask a helper agent to say hi."],
        replies: [
          tool("toolu_cc31", "Agent", { description: "Say hi", prompt: "Say hi and stop.", subagent_type: "general-purpose" }),
          text("Hi from the helper."),
          text("The helper said hi."),
        ],
      },
    ],
  },
  {
    name: "image-long-output",
    binaryFiles: { "dot.png": PNG_1x1 },
    steps: [
      {
        args: ["-p", "Look at dot.png, then print many numbers."],
        replies: [
          tool("toolu_cc41", "Read", { file_path: "/tmp/cc-project/dot.png" }),
          tool("toolu_cc42", "Bash", { command: "seq 1 60000", description: "Print numbers" }),
          text("A dot, and many numbers."),
        ],
      },
    ],
  },
];
