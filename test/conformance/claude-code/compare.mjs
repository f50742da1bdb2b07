// Compares sightline's `request` at every turn of Claude Code sessions with the bodies the CLI sent (the
// captured requests.json of a recording). Shared by the vitest fixture test and the conformance adapter.
//
// cc-2.1: each turn's request must equal one captured body with the billing block (system[0]) and metadata
// removed, and every captured main-loop body must be some turn's request, except compaction requests (no
// release records them). cc-2.1-early: each turn's request.messages must equal one body's messages with the
// user-context block (notRecorded $.messages[0].content) removed.

export function sortedJson(v) {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(",")}]`;
  if (v !== null && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson(v[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

const BILLING = "x-anthropic-billing-header:";
const USER_CONTEXT = "<system-reminder>\nAs you answer the user's questions, you can use the following context:\n";
const COMPACT_INSTRUCTION = "Your task is to create a detailed summary of the conversation so far";

/** A captured body as a recorded request can equal it: without the billing block and metadata. */
export function recordedPart(body) {
  const b = structuredClone(body);
  if (Array.isArray(b.system) && typeof b.system[0]?.text === "string" && b.system[0].text.startsWith(BILLING)) b.system.shift();
  delete b.metadata;
  return b;
}

/** A captured body's messages as rebuilt from the lines: without the user-context block before the first prompt. */
export function linesPart(body) {
  const ms = structuredClone(body.messages ?? []);
  const c = ms[0]?.content;
  if (Array.isArray(c) && typeof c[0]?.text === "string" && c[0].text.startsWith(USER_CONTEXT)) {
    c.shift();
    if (c.length === 1 && c[0].type === "text" && Object.keys(c[0]).length === 2) ms[0].content = c[0].text;
  }
  return ms;
}

export const isCompactionRequest = (body) => JSON.stringify(body.messages?.[body.messages.length - 1] ?? "").includes(COMPACT_INSTRUCTION);

/**
 * `turns`: [{ file, index, profile, request }] from every session of one recording; `requests`: the captured
 * lines ({ url, body }); `compactions`: [{ file, id, profile, request }] reconstructed compaction requests. Returns
 * { turns, equal, differences: [{ where, detail }], compactionsEqual, compactionRequests (captured compaction
 * bodies no reconstruction stands for), retries }.
 */
export function compareRecording(turns, requests, compactions = []) {
  const bodies = requests.filter((r) => r.body && r.url.startsWith("/v1/messages")).map((r) => r.body);
  const full = new Map();
  const lines = new Map();
  // Several bodies can be equal (a retried request): each turn takes the first one not taken yet.
  const add = (m, k, i) => m.set(k, [...(m.get(k) ?? []), i]);
  bodies.forEach((b, i) => {
    add(full, sortedJson(recordedPart(b)), i);
    add(lines, sortedJson(linesPart(b)), i);
  });
  const used = new Set();
  const differences = [];
  let equal = 0;
  for (const t of turns) {
    const key = t.profile === "cc-2.1" ? sortedJson(t.request ?? null) : sortedJson(t.request?.messages ?? null);
    const hits = (t.profile === "cc-2.1" ? full : lines).get(key);
    const hit = hits ? (hits.find((i) => !used.has(i)) ?? hits[0]) : undefined;
    if (hit === undefined) differences.push({ where: `${t.file} turn ${t.index}`, detail: nearest(t, bodies) });
    else {
      equal++;
      used.add(hit);
    }
  }
  // Compaction requests sightline reconstructed: each must equal a captured compaction body (cc-2.1-early:
  // its messages, as for a turn).
  let compactionsEqual = 0;
  for (const c of compactions) {
    const early = c.profile === "cc-2.1-early";
    const hits = (early ? lines : full).get(sortedJson(early ? c.request.messages : c.request));
    const hit = hits?.find((i) => !used.has(i));
    if (hit === undefined)
      differences.push({ where: `${c.file} compaction ${c.id}`, detail: nearest({ profile: c.profile ?? "cc-2.1", request: c.request }, bodies) });
    else {
      compactionsEqual++;
      used.add(hit);
    }
  }
  let compactionRequests = 0;
  let retries = 0;
  const usedKeys = new Set([...used].map((i) => sortedJson(bodies[i])));
  bodies.forEach((b, i) => {
    if (used.has(i)) return;
    if (isCompactionRequest(b)) compactionRequests++;
    // A request resent after an error, equal to one a turn stands for (2.1.220 leaves no trace of the retry).
    else if (usedKeys.has(sortedJson(b))) retries++;
    else differences.push({ where: `captured request ${i + 1}`, detail: "no turn's request equals it" });
  });
  return { turns: turns.length, equal, differences, compactionsEqual, compactionRequests, retries };
}

/** The first differing path between a turn's request and the captured body closest in message count. */
function nearest(t, bodies) {
  const mine = t.profile === "cc-2.1" ? t.request : { messages: t.request?.messages };
  if (!mine) return "no request rebuilt";
  const n = mine.messages?.length ?? 0;
  const cands = bodies.filter((b) => (b.messages?.length ?? -1) === n);
  if (cands.length === 0) return `no captured body has ${n} messages`;
  const theirs = t.profile === "cc-2.1" ? recordedPart(cands[cands.length - 1]) : { messages: linesPart(cands[cands.length - 1]) };
  return firstDiff(mine, theirs, "$") ?? "equal to a body of another turn";
}

function firstDiff(a, b, path) {
  if (sortedJson(a) === sortedJson(b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDiff(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
  } else if (a && b && typeof a === "object" && typeof b === "object") {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDiff(a[k], b[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  return `${path}: sightline ${JSON.stringify(a)?.slice(0, 160)} · captured ${JSON.stringify(b)?.slice(0, 160)}`;
}
