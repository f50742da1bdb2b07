// The HTML report in a real browser (Debian chromium via playwright-core), as the report writer writes it:
// index.html filters and links to each input's page (the one viewer, sessions/session.html#s=<n>, loading
// that input's sessions/<n>.js); a page shows its chart, turns with messages that expand and collapse,
// compactions and TTSR disagreements; screenshots are taken; hostile session text is shown but never runs —
// while the same check fails on a deliberately unescaped control page (so the check itself can see an
// executed payload).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAudit } from "../../src/app/audit/audit.js";
import { removeSpillDirs } from "../../src/io/spill.js";
import { writeReport } from "../../src/app/report-folder/write.js";
import type { AuditResult } from "../../src/audit/model.js";

const CHROMIUM = "/usr/bin/chromium";
const HAVE = existsSync(CHROMIUM);
const IN_CI = process.env.CI === "true";
// Outside CI a missing browser skips loudly; under CI=true the test runs and fails.
const SKIP = !HAVE && !IN_CI;
if (SKIP)
  console.warn(
    `\n${"!".repeat(78)}\n!! test/browser/html-report.test.ts SKIPPED: ${CHROMIUM} is missing.\n!! Install it with: apt-get install -y chromium   (CI=true makes this a failure)\n${"!".repeat(78)}\n`,
  );

const HOSTILE = "fixtures/hostile/markup-and-script-messages.jsonl";
const COMPACTION = "fixtures/pi/omp17-deferred-then-compaction/session.jsonl";
const REAL = "fixtures/pi/before-compaction.jsonl";
const DISAGREE = "fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl";
const CC_AUTO = "fixtures/claude-code/2.1.328/autocompact/projects/-tmp-cc-project/15f7c3cd-70db-4732-9c8d-f7e20d519a6c.jsonl";
const CC_MANUAL = "fixtures/claude-code/2.1.328/compact/projects/-tmp-cc-project/3c2933d3-8da2-4f6f-8ee9-e86af3a7f0b5.jsonl";

let dir = "";
let context: BrowserContext | undefined;
let result: AuditResult;
let disagreeing: AuditResult;
let claudeCode: AuditResult;
const network: string[] = [];

/** Opens a file (a path) or a page of the report (a file: URL). */
async function open(file: string): Promise<{ page: Page; console: string[] }> {
  const page = await context!.newPage();
  const console: string[] = [];
  page.on("console", (m) => console.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => console.push(`error: ${e.message}`));
  await page.goto(file.startsWith("file:") ? file : pathToFileURL(file).href);
  // Let image onerror handlers and the like fire before anything is judged.
  await page.waitForTimeout(300);
  return { page, console };
}

/** The one check used on both pages: did any payload of the hostile fixture run? */
async function payloadRan(page: Page): Promise<boolean> {
  const { pwned, title } = await page.evaluate(() => ({ pwned: (window as unknown as { __pwned?: unknown }).__pwned, title: document.title }));
  return pwned !== undefined || title === "pwned";
}

/** The URL of an input's page: the report's viewer at #s=<n>. */
const pageOf = (r: AuditResult, path: string, root = join(dir, "report")) =>
  `${pathToFileURL(join(root, "sessions", "session.html")).href}#s=${r.sessions.findIndex((s) => s.path === path) + 1}`;

describe("HTML report in headless chromium", () => {
  beforeAll(async () => {
    if (SKIP) return;
    dir = mkdtempSync(join(tmpdir(), "sightline-browser-"));
    const project = "fixtures/pi/omp17-deferred-then-compaction/project";
    result = (
      await runAudit({
        paths: [HOSTILE, COMPACTION, "fixtures/pi/hand"],
        workers: 0,
        rules: [`${project}/.omp/rules`],
        settings: "fixtures/pi/omp17-deferred-then-compaction/settings.json",
        ttsrProfile: "v17",
        cwd: project,
      })
    ).result;
    await writeReport(join(dir, "report"), result, { redact: true });
    // The wrong rule set for this recording: the replay disagrees with what was recorded.
    disagreeing = (await runAudit({ paths: [DISAGREE], workers: 0, rules: ["fixtures/pi/omp17-branch-after-gap/project/.omp/rules"], ttsrProfile: "v17" }))
      .result;
    await writeReport(join(dir, "disagree"), disagreeing, { redact: true });
    claudeCode = (await runAudit({ paths: [CC_AUTO, CC_MANUAL], workers: 0 })).result;
    await writeReport(join(dir, "claude-code"), claudeCode, { redact: true });
    context = await chromium.launchPersistentContext(join(dir, "user-data"), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    // Record and refuse anything that is not a report file: the report needs no network.
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith("file:")) return route.continue();
      network.push(url);
      return route.abort();
    });
  }, 120_000);

  afterAll(async () => {
    removeSpillDirs();
    await context?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(SKIP)(
    "index.html: problems first, the filter narrows the list, a row opens the session's page",
    async () => {
      expect(HAVE, `${CHROMIUM} is required under CI=true (apt-get install -y chromium)`).toBe(true);
      const { page, console } = await open(join(dir, "report", "index.html"));
      await page.waitForSelector("html[data-ready='1']");
      expect(await page.textContent("#summary")).toContain("sessions");
      const rows = page.locator("#sessions tbody tr");
      expect(await rows.count()).toBe(result.sessions.length);
      const statuses = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-status")));
      const rank = { error: 0, warning: 1, ok: 2 } as Record<string, number>;
      expect(statuses.map((x) => rank[x!])).toEqual([...statuses.map((x) => rank[x!])].sort());
      // Paths relative to the audited folder: "fixtures/" is shown once, above the list.
      expect(await page.textContent("#root")).toBe("fixtures/");
      await page.fill("#filter", "omp17-deferred");
      expect(await page.locator("#sessions tbody tr:not([hidden])").count()).toBe(1);
      expect(await page.textContent("#shown")).toBe(`1 of ${result.sessions.length} shown`);
      // Words match in any order (the checked client source, client/index-filter.ts).
      await page.fill("#filter", "DEFERRED   omp17");
      expect(await page.locator("#sessions tbody tr:not([hidden])").count()).toBe(1);
      await page.fill("#filter", "");
      await page.selectOption("#status", "error");
      expect(await page.locator("#sessions tbody tr:not([hidden])").count()).toBe(result.sessions.filter((s) => s.status === "error").length);
      await page.selectOption("#status", "");
      const si = result.sessions.findIndex((s) => s.path === COMPACTION);
      await page.click(`[data-session='${si}']`);
      await page.waitForSelector("html[data-ready='1']");
      expect(page.url()).toBe(pageOf(result, COMPACTION));
      expect(await page.textContent("h1")).toContain("pi/omp17-deferred-then-compaction/session.jsonl");
      await page.click("#to-index");
      await page.waitForSelector("#sessions");
      expect(page.url()).toBe(pathToFileURL(join(dir, "report", "index.html")).href);
      await page.screenshot({ path: join(dir, "index.png"), fullPage: true });
      expect(network).toEqual([]);
      expect(console.filter((c) => c.startsWith("error"))).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it.skipIf(SKIP)(
    "a session page: the chart with its marks, turns whose messages expand and collapse, a compaction",
    async () => {
      const s = result.sessions.find((x) => x.path === COMPACTION)!;
      const { page, console } = await open(pageOf(result, COMPACTION));
      await page.waitForSelector("html[data-ready='1']");
      // The chart: one clickable column per turn, the compaction and the TTSR injections marked.
      expect(await page.locator("#chart svg.tokens-chart polyline.series").count()).toBe(1);
      expect(await page.locator("#chart [data-chart-turn]").count()).toBe(s.turns.length);
      expect(await page.locator("#chart [data-mark='compaction']").count()).toBe(s.compactions.length);
      expect(await page.locator("#chart [data-mark='ttsr']").count()).toBeGreaterThan(0);
      expect(await page.locator("[data-turn]").count()).toBe(s.turns.length);
      await page.click("[data-turn='1']");
      await page.waitForSelector("[data-context='1']");
      // The estimator, which the detail file writes once per session (turnTokens), in the turn's own line.
      expect(await page.textContent("p.meta")).toContain(`tokens (${s.turns[1].tokens.estimator})`);
      const msgs = page.locator("[data-context='1'] details.msg:not(.role-system-prompt)");
      expect(await msgs.count()).toBe(s.turns[1].size);
      // Collapsed: a head with the size, no text until opened.
      expect(await msgs.first().textContent()).toMatch(/#0\s*\S+.*\d+ chars/);
      expect(await page.locator("[data-context='1'] pre.text").count()).toBe(0);
      await msgs.first().locator("summary").click();
      expect(await msgs.first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      // The text is built on the `toggle` event, which the browser fires after the click returns: wait for it.
      await msgs.first().locator("pre.text").waitFor({ state: "visible", timeout: 10_000 });
      await msgs.first().locator("summary").click();
      await msgs.first().locator("pre.text").waitFor({ state: "hidden", timeout: 10_000 });
      await page.click("[data-expand-all]");
      expect(await page.locator("[data-context='1'] details.msg[open]").count()).toBe(await page.locator("[data-context='1'] details.msg").count());
      await page.click("[data-collapse-all]");
      expect(await page.locator("[data-context='1'] details.msg[open]").count()).toBe(0);
      // The size-by-role bar of the selected turn, and the turn marked on the chart.
      expect(await page.locator(".role-bar .role-part").count()).toBeGreaterThan(0);
      expect(await page.textContent(".role-size h3")).toMatch(/Size by role \([\d,]+ chars\)/);
      expect(await page.getAttribute("#chart line.selected", "visibility")).toBe("visible");
      // A column of the chart navigates too.
      await page.click("[data-chart-turn='6']");
      await page.waitForSelector("[data-context='6']");
      const ttsr = (await page.textContent("section.ttsr")) ?? "";
      expect(ttsr).toContain("recorded and replayed agree");
      expect(ttsr).toContain("no-guarantees");
      expect(ttsr).toContain("suppressed-repeat");
      await page.screenshot({ path: join(dir, "turn.png"), fullPage: true });
      await page.click("[data-back]");
      await page.waitForSelector("[data-compaction='0']");
      await page.click("[data-compaction='0']");
      await page.waitForFunction(() => document.querySelector("#main h2")?.textContent?.includes("Compaction") === true);
      expect(await page.locator(".diff-dropped, .diff-kept, .diff-added").count()).toBe(3);
      const shot = join(dir, "session.png");
      await page.screenshot({ path: shot, fullPage: true });
      expect(statSync(shot).size).toBeGreaterThan(1000);
      expect(network).toEqual([]);
      expect(console.filter((c) => c.startsWith("error"))).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it.skipIf(SKIP)(
    "after a compaction the messages it kept are labelled kept, not new; its own token figures are labelled",
    async () => {
      const s = result.sessions.find((x) => x.path === COMPACTION)!;
      // Each turn's context as message-table indexes (the refs resolved as the page resolves them).
      const contexts: number[][] = [];
      s.turns.forEach((t, i) => {
        contexts[i] = [...(t.refs.base === null ? [] : contexts[t.refs.base].slice(0, t.refs.keep)), ...t.refs.add];
      });
      // The first turn after the compaction: it lost messages of the turn before it.
      const ti = s.turns.findIndex((_, i) => i > 0 && contexts[i - 1].some((m) => !contexts[i].includes(m)));
      expect(ti).toBeGreaterThan(0);
      const t = s.turns[ti];
      const prev = contexts[t.refs.base ?? ti - 1];
      const fresh = t.refs.base === ti - 1 ? t.refs.keep : 0;
      const want = contexts[ti].map((m, pos) => (pos < fresh ? "" : prev.includes(m) ? "kept" : "new"));
      expect(want.filter((x) => x === "kept").length).toBeGreaterThan(0);
      expect(want.filter((x) => x === "new").length).toBeGreaterThan(0);
      const { page, console } = await open(`${pageOf(result, COMPACTION)}&t=${ti}`);
      await page.waitForSelector(`[data-context='${ti}']`);
      const got = await page
        .locator(`[data-context='${ti}'] details.msg:not(.role-system-prompt)`)
        .evaluateAll((ds) => ds.map((d) => (d.querySelector(".kept-badge") ? "kept" : d.querySelector(".new-badge") ? "new" : "")));
      expect(got).toEqual(want);
      // The compaction's own figure (31,877) and the turns' logged figures (~1,600) are each labelled for what they are.
      await page.click("[data-back]");
      await page.waitForSelector("[data-compaction='0']");
      const heads = await page.locator("table th").allTextContents();
      expect(heads).toEqual(expect.arrayContaining(["tokens: estimate (logged input)", "estimate before → after", "the entry's own figures"]));
      expect(await page.textContent("p.figures-note")).toContain("not the provider's input count of one request");
      expect(await page.textContent("#main")).toContain("31,877 → —");
      await page.click("[data-compaction='0']");
      await page.waitForSelector("p.figures-note");
      expect(await page.textContent("p.meta")).toMatch(/^estimate [\d,]+ → [\d,]+ tokens · the entry's own figures 31,877 → — \(which also counts/);
      expect(console.filter((c) => c.startsWith("error"))).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it.skipIf(SKIP)(
    "one viewer for every input: an input's findings from its detail file, another input by its number, a missing one said",
    async () => {
      const i = result.sessions.findIndex((x) => x.status === "error" && x.diagnostics.length > 1);
      const bad = result.sessions[i];
      const { page, console } = await open(pageOf(result, bad.path));
      await page.waitForSelector("html[data-ready='1']");
      expect(await page.textContent("h1")).toContain(bad.path.replace(/^fixtures\//, ""));
      expect(await page.getAttribute("h1", "class")).toBe("st-error");
      const main = (await page.textContent("#main")) ?? "";
      for (const d of bad.diagnostics.slice(0, 3)) expect(main).toContain(d.code);
      expect(await page.textContent("#about")).toContain("secrets redacted");
      // Another input of the same report: the page loads that input's file instead.
      const other = result.sessions.findIndex((x) => x.path === COMPACTION);
      await page.evaluate((n) => {
        location.hash = `s=${n}`;
      }, other + 1);
      await page.waitForFunction((p) => document.querySelector("h1")?.textContent?.includes(p) === true, "omp17-deferred-then-compaction/session.jsonl");
      await page.waitForSelector("html[data-ready='1']");
      expect(await page.locator("[data-turn]").count()).toBe(result.sessions[other].turns.length);
      await page.goto("about:blank");
      await page.goto(`${pathToFileURL(join(dir, "report", "sessions", "session.html")).href}#s=999`);
      await page.waitForSelector("html[data-ready='1']");
      expect(await page.textContent("#main")).toContain("sessions/999.js is missing");
      expect(network).toEqual([]);
      // The only error: the browser's own note of the file that is not there.
      expect(console.filter((c) => c.startsWith("error"))).toEqual(["error: Failed to load resource: net::ERR_FILE_NOT_FOUND"]);
      await page.close();
    },
    60_000,
  );

  it.skipIf(SKIP)(
    "a TTSR disagreement marks the first differing character",
    async () => {
      const s = disagreeing.sessions[0];
      const ti = s.turns.findIndex((t) => s.ttsr!.disagreements.includes(t.responseId));
      expect(ti).toBeGreaterThanOrEqual(0);
      const { page } = await open(pageOf(disagreeing, DISAGREE, join(dir, "disagree")));
      await page.waitForSelector("html[data-ready='1']");
      expect(await page.locator("#chart .mark-ttsr.disagree").count()).toBe(s.ttsr!.disagreements.length);
      await page.goto(`${pageOf(disagreeing, DISAGREE, join(dir, "disagree"))}&t=${ti}`);
      await page.waitForSelector(`[data-context='${ti}']`);
      expect(await page.textContent("section.ttsr h3")).toContain("DISAGREE");
      expect(await page.locator(".ttsr-diff mark.first-diff").count()).toBeGreaterThan(0);
      await page.close();
    },
    60_000,
  );

  it.skipIf(SKIP)(
    "a Claude Code compaction says whether it was manual or automatic, in the list and on its own view",
    async () => {
      for (const [path, trigger] of [
        [CC_AUTO, "automatic"],
        [CC_MANUAL, "manual"],
      ] as const) {
        const { page } = await open(pageOf(claudeCode, path, join(dir, "claude-code")));
        await page.waitForSelector("html[data-ready='1']");
        expect(await page.textContent("[data-compaction='0']")).toMatch(new RegExp(` \\(${trigger}\\)$`));
        await page.click("[data-compaction='0']");
        await page.waitForFunction(() => document.querySelector("#main h2")?.textContent?.startsWith("Compaction") === true);
        expect(await page.textContent("#main h2")).toMatch(new RegExp(`^Compaction \\S+ \\(${trigger}\\)$`));
        await page.close();
      }
    },
    60_000,
  );

  it.skipIf(SKIP)(
    "shows hostile markup as text and runs none of it (no CSP block needed either)",
    async () => {
      expect(HAVE).toBe(true);
      const { page, console } = await open(pageOf(result, HOSTILE));
      await page.waitForSelector("html[data-ready='1']");
      // Turn 2 sees every hostile message before it (user, assistant with a tool call, tool result, …).
      await page.click("[data-turn='2']");
      await page.waitForSelector("[data-context='2']");
      await page.click("[data-expand-all]");
      await page.hover("[data-context='2']");
      const text = (await page.textContent("[data-context='2']")) ?? "";
      expect(text).toContain("<script>window.__pwned=1;document.title='pwned'</script>");
      expect(text).toContain(`<img src=x onerror="window.__pwned=2;document.title='pwned'">`);
      expect(text).toContain("</script><script>window.__pwned=3</script>");
      for (const m of ["HOSTILE-MARKER-1", "HOSTILE-MARKER-2", "HOSTILE-MARKER-3"]) expect(text).toContain(m);
      // Redacted by default in the report.
      expect(text).toContain("OPENAI_API_KEY=[REDACTED:api-key]");
      expect(text).not.toContain("sk-proj-");
      expect(await page.locator("#main img, #main script, #main iframe, #main svg, #main b").count()).toBe(0);
      expect(await payloadRan(page)).toBe(false);
      expect(await page.title()).toBe("hostile/markup-and-script-messages.jsonl · sightline");
      // Escaping, not the CSP, is what keeps it inert: the browser refused nothing.
      expect(console.filter((c) => /Content Security Policy|Refused/.test(c))).toEqual([]);
      const index = await open(join(dir, "report", "index.html"));
      expect(await payloadRan(index.page)).toBe(false);
      await index.page.close();
      await page.close();
    },
    60_000,
  );

  it.skipIf(SKIP)(
    "copies of the real pi recording: a small index, and a chart with every turn and both compactions on each page",
    async () => {
      const input = join(dir, "copies");
      mkdirSync(input);
      for (const n of [1, 2]) copyFileSync(REAL, join(input, `copy-${n}.jsonl`));
      const r = (await runAudit({ paths: [input], workers: 0 })).result;
      await writeReport(join(dir, "copies-report"), r, { redact: true });
      expect(statSync(join(dir, "copies-report", "index.html")).size).toBeLessThan(2 * 1024 * 1024);
      const { page, console } = await open(join(dir, "copies-report", "index.html"));
      await page.waitForSelector("html[data-ready='1']");
      expect(await page.locator("#sessions tbody tr").count()).toBe(2);
      for (const n of [1, 2]) {
        await page.goto("about:blank");
        await page.goto(`${pathToFileURL(join(dir, "copies-report", "sessions", "session.html")).href}#s=${n}`);
        await page.waitForSelector("html[data-ready='1']");
        expect(await page.locator("#chart [data-chart-turn]").count()).toBe(484);
        expect(await page.locator("#chart [data-mark='compaction']").count()).toBe(2);
        // Beside the logged figures: what they count that the file cannot show (issue: token figures mean what they say).
        // biome-ignore lint/performance/useDomNodeTextContent: the text as shown on the page is what a user reads
        expect(await page.locator("#main").innerText()).toContain(
          "† the logged figure (which also counts the system prompt and the tool definitions, not in the file)",
        );
      }
      expect(console.filter((c) => c.startsWith("error"))).toEqual([]);
      await page.close();
    },
    120_000,
  );

  it.skipIf(SKIP)(
    "the same check fails on a deliberately unescaped control page",
    async () => {
      expect(HAVE).toBe(true);
      const raw = readFileSync(HOSTILE, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.stringify(JSON.parse(l)))
        .join("\n");
      const texts = [...raw.matchAll(/"text":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
      // The viewer page with its CSP removed and the message texts inserted raw: what escaping prevents.
      const control = readFileSync(join(dir, "report", "sessions", "session.html"), "utf8")
        .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, "")
        .replace("<body>", `<body><div id="unescaped">${texts.join("\n")}</div>`);
      writeFileSync(join(dir, "control.html"), control);
      const { page } = await open(join(dir, "control.html"));
      expect(await payloadRan(page)).toBe(true);
      await page.close();
    },
    60_000,
  );
});
