/// <reference lib="dom" />
// The script of the viewer page (written once per report folder as sessions/session.js), as a checked source:
// `sessionViewer` runs in the browser, so it reads nothing from its module (no imports at run time, types only)
// and html-client.ts ships its source text as the script. #s=<n> names the input: it loads that input's detail
// file (<n>.js, a call to sightlineSession) and renders a view only when navigated to (location.hash): the input
// (checks, diagnostics, compactions, turns), a turn (its exact context, messages collapsed with their size) or a
// compaction. The chart of context tokens per turn stays on top and marks the selected turn. It builds the DOM
// with createElement(NS) and textContent only: session text is never parsed as HTML.
import type { tokenChart } from "./chart.js";
import type { sessionData } from "./data.js";
import type { DomKit, domKit } from "./dom.js";
import type { PageSession } from "./page.js";
import type { sessionView } from "./session-view.js";
import type { turnView } from "./turn-view.js";

/** The viewer's parts, each a function whose text the script carries beside sessionViewer's (html-client.ts). */
export interface ClientParts {
  domKit: typeof domKit;
  sessionData: typeof sessionData;
  tokenChart: typeof tokenChart;
  turnView: typeof turnView;
  sessionView: typeof sessionView;
}

export function sessionViewer(parts: ClientParts): void {
  let s: PageSession | null = null;
  let sn: number | undefined;
  const main = document.getElementById("main") as HTMLElement;
  const chartBox = document.getElementById("chart") as HTMLElement;
  const about = document.getElementById("about") as HTMLElement;
  let k: DomKit;
  let views: { chart: ReturnType<typeof tokenChart>; turn: ReturnType<typeof turnView>; session: ReturnType<typeof sessionView> } | undefined;
  function params(): Record<string, number> {
    const h: Record<string, number> = {};
    for (const kv of location.hash.replace(/^#/, "").split("&")) {
      const p = kv.split("=");
      if (p[1] !== undefined && /^\d+$/.test(p[1])) h[p[0]] = Number(p[1]);
    }
    return h;
  }
  function route(): void {
    const h = params();
    // Another input: load the page afresh for it.
    if (h.s !== sn) {
      location.reload();
      return;
    }
    const v = views as NonNullable<typeof views>;
    const ss = s as PageSession;
    if (h.t !== undefined && ss.turns[h.t]) {
      v.turn.showTurn(h.t);
      v.chart.select(h.t);
    } else if (h.c !== undefined && ss.compactions[h.c]) {
      v.session.showCompaction(h.c);
      v.chart.select();
    } else {
      v.session.showSession();
      v.chart.select();
    }
  }
  const ICON: Record<string, string> = { ok: "\u2713", warning: "!", error: "\u2717" };
  // The header from the input's data: status, path relative to the audited folder, what it was read as.
  function header(ss: PageSession): void {
    const { el, add } = k;
    const root = about.getAttribute("data-root") || "";
    const rel = root && ss.path.indexOf(root) === 0 ? ss.path.slice(root.length) : ss.path;
    document.title = rel + " \u00b7 sightline";
    const h1 = document.getElementById("title") as HTMLElement;
    h1.textContent = "";
    h1.className = "st-" + ss.status;
    add(h1, el("span", "icon", ICON[ss.status]), document.createTextNode(" " + rel));
    about.textContent = [ss.path, ss.format ? ss.format + " / " + (ss.profile || "") : ss.kind, about.getAttribute("data-run")].join(" \u00b7 ");
  }
  function fail(text: string): void {
    main.textContent = "";
    k.add(main, k.el("p", "bad", text));
    document.documentElement.setAttribute("data-ready", "1");
  }
  (window as unknown as { sightlineSession: (doc: { session?: PageSession } | null | undefined) => void }).sightlineSession = (doc) => {
    if (s || !doc || !doc.session) return;
    const ss = doc.session;
    s = ss;
    const data = parts.sessionData(ss);
    const turn = parts.turnView(k, data, ss, main);
    views = { chart: parts.tokenChart(k, data, ss, sn as number, chartBox), turn, session: parts.sessionView(k, data, ss, main, turn) };
    header(ss);
    views.chart.draw();
    window.addEventListener("hashchange", route);
    route();
    document.documentElement.setAttribute("data-ready", "1");
  };
  sn = params().s;
  k = parts.domKit(sn);
  if (sn === undefined || sn < 1) {
    fail("No input chosen: open one from the report's index.html.");
    return;
  }
  const script = document.createElement("script");
  script.src = sn + ".js";
  script.onerror = () => {
    fail("This report has no input " + sn + " (sessions/" + sn + ".js is missing).");
  };
  document.body.appendChild(script);
}
