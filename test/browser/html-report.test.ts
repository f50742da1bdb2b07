// The HTML report in a real browser (Debian chromium via playwright-core): it opens, navigation works, a
// screenshot is taken, and hostile session text is shown but never runs — while the same check fails on a
// deliberately unescaped control page (so the check itself can see an executed payload).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAudit } from "../../src/app/audit.js";
import { removeSpillDirs } from "../../src/app/audit-spill.js";
import { shareable } from "../../src/app/write-report.js";
import { renderHtml } from "../../src/report/html.js";
import type { AuditResult } from "../../src/report/model.js";

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

let dir = "";
let context: BrowserContext | undefined;
let result: AuditResult;
const network: string[] = [];

async function open(file: string): Promise<{ page: Page; console: string[] }> {
  const page = await context!.newPage();
  const console: string[] = [];
  page.on("console", (m) => console.push(`${m.type()}: ${m.text()}`));
  await page.goto(pathToFileURL(file).href);
  // Let image onerror handlers and the like fire before anything is judged.
  await page.waitForTimeout(300);
  return { page, console };
}

/** The one check used on both pages: did any payload of the hostile fixture run? */
async function payloadRan(page: Page): Promise<boolean> {
  const { pwned, title } = await page.evaluate(() => ({ pwned: (window as unknown as { __pwned?: unknown }).__pwned, title: document.title }));
  return pwned !== undefined || title === "pwned";
}

describe("HTML report in headless chromium", () => {
  beforeAll(async () => {
    if (SKIP) return;
    dir = mkdtempSync(join(tmpdir(), "sightline-browser-"));
    const project = "fixtures/pi/omp17-deferred-then-compaction/project";
    result = (await runAudit({ paths: [HOSTILE, COMPACTION], workers: 0, rules: [`${project}/.omp/rules`], settings: "fixtures/pi/omp17-deferred-then-compaction/settings.json", ttsrProfile: "v17", cwd: project })).result;
    writeFileSync(join(dir, "index.html"), renderHtml(shareable(result, true)));
    context = await chromium.launchPersistentContext(join(dir, "user-data"), {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    // Record and refuse anything that is not the report file itself: the report needs no network.
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

  it.skipIf(SKIP)("opens, navigates session → turn → compaction, takes a screenshot, loads nothing from the network", async () => {
    expect(HAVE, `${CHROMIUM} is required under CI=true (apt-get install -y chromium)`).toBe(true);
    const { page, console } = await open(join(dir, "index.html"));
    await page.waitForSelector("html[data-ready='1']");
    expect(await page.textContent("#summary")).toContain("sessions");
    // The landing view lists every input with its verdict.
    expect(await page.locator("[data-overview]").count()).toBe(result.sessions.length);
    const si = result.sessions.findIndex((s) => s.path === COMPACTION);
    await page.click(`[data-session='${si}']`);
    // Views render after the click handler runs: wait for them instead of racing the page.
    await page.waitForFunction((t) => document.querySelector("#main h2")?.textContent === t, COMPACTION);
    expect(await page.textContent("#main h2")).toBe(COMPACTION);
    expect(await page.locator("[data-turn]").count()).toBe(result.sessions[si].turns.length);
    await page.click("[data-turn='1']");
    await page.waitForSelector("[data-context='1']");
    expect(await page.locator("[data-context='1'] .msg").count()).toBe(result.sessions[si].turns[1].size);
    await page.click("[data-back]");
    // TTSR firings of a turn: the deferred no-guarantees injection and the suppressed repeat of no-filler.
    await page.click("[data-turn='6']");
    await page.waitForSelector("[data-context='6'] section.ttsr, section.ttsr");
    const ttsr = (await page.textContent("section.ttsr")) ?? "";
    expect(ttsr).toContain("recorded and replayed agree");
    expect(ttsr).toContain("no-guarantees");
    expect(ttsr).toContain("suppressed-repeat");
    await page.click("[data-back]");
    await page.waitForSelector("[data-compaction='0']");
    await page.click("[data-compaction='0']");
    await page.waitForFunction(() => document.querySelector("#main h2")?.textContent?.includes("Compaction") === true);
    expect(await page.textContent("#main h2")).toContain("Compaction");
    expect(await page.locator(".diff-dropped, .diff-kept, .diff-added").count()).toBe(3);
    const shot = join(dir, "report.png");
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(1000);
    expect(network).toEqual([]);
    expect(console.filter((c) => c.startsWith("error"))).toEqual([]);
    await page.close();
  }, 60_000);

  it.skipIf(SKIP)("shows hostile markup as text and runs none of it (no CSP block needed either)", async () => {
    expect(HAVE).toBe(true);
    const { page, console } = await open(join(dir, "index.html"));
    const si = result.sessions.findIndex((s) => s.path === HOSTILE);
    await page.click(`[data-session='${si}']`);
    // Turn 2 sees every hostile message before it (user, assistant with a tool call, tool result, …).
    await page.click("[data-turn='2']");
    await page.waitForSelector("[data-context='2']");
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
    expect(await page.title()).toBe("sightline audit");
    // Escaping, not the CSP, is what keeps it inert: the browser refused nothing.
    expect(console.filter((c) => /Content Security Policy|Refused/.test(c))).toEqual([]);
    await page.close();
  }, 60_000);

  it.skipIf(SKIP)("the same check fails on a deliberately unescaped control page", async () => {
    expect(HAVE).toBe(true);
    const raw = readFileSync(HOSTILE, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.stringify(JSON.parse(l)))
      .join("\n");
    const texts = [...raw.matchAll(/"text":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    // The report page with its CSP removed and the message texts inserted raw: what escaping prevents.
    const control = readFileSync(join(dir, "index.html"), "utf8")
      .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, "")
      .replace("<body>", `<body><div id="unescaped">${texts.join("\n")}</div>`);
    writeFileSync(join(dir, "control.html"), control);
    const { page } = await open(join(dir, "control.html"));
    expect(await payloadRan(page)).toBe(true);
    await page.close();
  }, 60_000);
});
