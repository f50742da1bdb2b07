// The chart of context tokens per turn on top of the viewer (see session-viewer.ts), and the selected turn's mark.
import type { AuditCompaction, TtsrTurnEvidence } from "../../audit/model.js";
import type { SessionData } from "./data.js";
import type { DomKit } from "./dom.js";
import type { PageSession } from "./page.js";

export function tokenChart(k: DomKit, d: SessionData, s: PageSession, sn: number, chartBox: HTMLElement) {
  const { el, svg, add, num } = k;
  const { ttsrOf } = d;
  // Where the chart marks things: the turn a compaction's added messages first appear in, turns that
  // continue an earlier turn than the one before (another branch), turns with TTSR injections.
  function marks() {
    const firstAdd: Record<number, number> = {};
    s.turns.forEach((t, ti) => {
      for (const m of t.refs.add) if (firstAdd[m] === undefined) firstAdd[m] = ti;
    });
    const comp: { turn: number; ci: number; c: AuditCompaction }[] = [];
    s.compactions.forEach((c, ci) => {
      let at: number | null = null;
      for (const m of c.added) if (firstAdd[m] !== undefined && (at === null || firstAdd[m] < at)) at = firstAdd[m];
      if (at !== null) comp.push({ turn: at, ci, c });
    });
    const branch: number[] = [];
    const ttsr: { turn: number; ev: TtsrTurnEvidence }[] = [];
    s.turns.forEach((t, ti) => {
      if (t.refs.base !== null && t.refs.base !== ti - 1) branch.push(ti);
      const ev = ttsrOf(t);
      if (ev && (ev.injected.length || ev.agree === false)) ttsr.push({ turn: ti, ev });
    });
    return { comp, branch, ttsr };
  }
  let chartSel: SVGElement | null = null;
  // Context tokens per turn (inline SVG): a line of the estimate, dots where the log has a figure,
  // compactions (red dashed), branches (purple) and TTSR injections (orange; a cross where the replay
  // disagrees). Every turn is a clickable column.
  function chart(): void {
    const turns = s.turns;
    if (!turns.length) return;
    const W = 900;
    const H = 200;
    const L = 56;
    const R = 10;
    const T = 14;
    const B = 26;
    const n = turns.length;
    let max = 1;
    for (const t of turns) max = Math.max(max, t.tokens.estimated, t.tokens.logged || 0);
    const x = (i: number) => L + (n === 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (n - 1));
    const y = (v: number) => T + (H - T - B) * (1 - v / max);
    const root = svg("svg", { viewBox: "0 0 " + W + " " + H, width: "100%", role: "img", class: "tokens-chart", "aria-label": "context tokens per turn" });
    add(root, svg("title", {}, "Context tokens per turn (" + n + " turns, at most " + num(max) + ")"));
    add(root, svg("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), class: "axis" }), svg("line", { x1: L, y1: T, x2: L, y2: y(0), class: "axis" }));
    add(
      root,
      svg("text", { x: L - 4, y: T + 4, "text-anchor": "end", class: "lbl" }, num(max)),
      svg("text", { x: L - 4, y: y(0), "text-anchor": "end", class: "lbl" }, "0"),
    );
    add(
      root,
      svg("text", { x: L, y: H - 8, class: "lbl" }, "turn " + turns[0].index),
      svg("text", { x: W - R, y: H - 8, "text-anchor": "end", class: "lbl" }, "turn " + turns[n - 1].index),
    );
    const mk = marks();
    for (const m of mk.comp)
      add(
        root,
        add(
          svg("line", { x1: x(m.turn), y1: T, x2: x(m.turn), y2: y(0), class: "mark-compaction", "data-mark": "compaction" }),
          svg("title", {}, "compaction " + m.c.id + ": " + num(m.c.tokens.before) + " → " + num(m.c.tokens.after) + " tokens"),
        ),
      );
    for (const ti of mk.branch)
      add(
        root,
        add(
          svg("line", { x1: x(ti), y1: T, x2: x(ti), y2: y(0), class: "mark-branch", "data-mark": "branch" }),
          svg("title", {}, "turn " + turns[ti].index + " continues turn " + turns[turns[ti].refs.base as number].index + " (another branch)"),
        ),
      );
    const pts = turns.map((t, i) => x(i).toFixed(1) + "," + y(t.tokens.estimated).toFixed(1)).join(" ");
    add(root, svg("polyline", { points: pts, class: "series" }));
    turns.forEach((t, i) => {
      if (t.tokens.logged !== undefined) add(root, svg("circle", { cx: x(i), cy: y(t.tokens.logged), r: 2, class: "logged" }));
    });
    for (const m of mk.ttsr) {
      const cx = x(m.turn);
      const cy = y(turns[m.turn].tokens.estimated);
      const g = svg("g", { class: m.ev.agree === false ? "mark-ttsr disagree" : "mark-ttsr", "data-mark": "ttsr" });
      add(g, m.ev.agree === false ? svg("path", { d: "M" + (cx - 5) + " " + (cy - 5) + "l10 10m0 -10l-10 10" }) : svg("circle", { cx, cy, r: 4.5 }));
      add(
        g,
        svg(
          "title",
          {},
          "TTSR at turn " +
            turns[m.turn].index +
            ": " +
            m.ev.injected.map((i) => i.rules.join(", ")).join("; ") +
            (m.ev.agree === false ? " (replay disagrees)" : ""),
        ),
      );
      add(root, g);
    }
    chartSel = svg("line", { x1: 0, y1: T, x2: 0, y2: y(0), class: "selected", visibility: "hidden" });
    add(root, chartSel);
    const colW = Math.max(1, (W - L - R) / Math.max(1, n - 1));
    turns.forEach((t, i) => {
      const a = svg("a", { href: "#s=" + sn + "&t=" + i, "data-chart-turn": i });
      const title =
        "turn " +
        t.index +
        ": " +
        num(t.tokens.estimated) +
        " tokens (" +
        t.tokens.estimator +
        ")" +
        (t.tokens.logged !== undefined ? ", log " + num(t.tokens.logged) : "") +
        ", " +
        t.size +
        " messages";
      add(a, add(svg("rect", { x: x(i) - colW / 2, y: T, width: colW, height: H - T - B, class: "col" }), svg("title", {}, title)));
      add(root, a);
    });
    const legend = el(
      "p",
      "legend muted",
      "Context tokens per turn: blue the estimate, grey dots the log · red dashed: compaction · purple: branch · orange: TTSR injection (× the replay disagrees) · click a turn",
    );
    add(chartBox, root, legend);
  }
  function select(ti?: number): void {
    if (!chartSel) return;
    if (ti === undefined) {
      chartSel.setAttribute("visibility", "hidden");
      return;
    }
    const col = chartBox.querySelector("[data-chart-turn='" + ti + "'] rect") as Element;
    const cx = String(Number(col.getAttribute("x")) + Number(col.getAttribute("width")) / 2);
    chartSel.setAttribute("x1", cx);
    chartSel.setAttribute("x2", cx);
    chartSel.setAttribute("visibility", "visible");
  }
  return { draw: chart, select };
}
