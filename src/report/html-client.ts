// The script of the viewer page (written once per report folder as sessions/session.js), kept as a
// string. #s=<n> names the input: it loads that input's detail file (<n>.js, a call to sightlineSession)
// and renders a view only when navigated to (location.hash): the input (checks, diagnostics,
// compactions, turns), a turn (its exact context, messages collapsed with their size) or a compaction.
// The chart of context tokens per turn stays on top and marks the selected turn. It builds the DOM with
// createElement(NS) and textContent only: session text is never parsed as HTML.
export const CLIENT_SCRIPT = String.raw`(function () {
  "use strict";
  var s = null, sn = null;
  var main = document.getElementById("main"), chartBox = document.getElementById("chart"), about = document.getElementById("about");
  var SVG = "http://www.w3.org/2000/svg";
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function svg(tag, attrs, text) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, String(attrs[k]));
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  function add(parent) { for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]); return parent; }
  function link(text, hash, attrs) {
    var a = el("a", null, text);
    a.href = "#s=" + sn + (hash ? "&" + hash : "");
    for (var k in attrs || {}) a.setAttribute(k, attrs[k]);
    return a;
  }
  function num(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
  // A turn's full context from the delta references: one array, truncated to keep and extended per layer.
  var cache = {};
  function resolve(i) {
    if (cache[i]) return cache[i];
    var chain = [], start = [];
    for (var j = i; j !== null; j = s.turns[j].refs.base) {
      if (cache[j]) { start = cache[j]; break; }
      chain.push(j);
    }
    var out = start.slice();
    for (var c = chain.length - 1; c >= 0; c--) {
      var t = s.turns[chain[c]];
      out.length = t.refs.base === null ? 0 : t.refs.keep;
      for (var k = 0; k < t.refs.add.length; k++) out.push(t.refs.add[k]);
    }
    cache[i] = out;
    return out;
  }
  function ttsrOf(t) {
    var ev = null;
    (s.ttsr ? s.ttsr.turns : []).forEach(function (x) { if (x.responseId === t.responseId) ev = x; });
    return ev;
  }
  // Where the chart marks things: the turn a compaction's added messages first appear in, turns that
  // continue an earlier turn than the one before (another branch), turns with TTSR injections.
  function marks() {
    var firstAdd = {};
    s.turns.forEach(function (t, ti) { t.refs.add.forEach(function (m) { if (firstAdd[m] === undefined) firstAdd[m] = ti; }); });
    var comp = [];
    s.compactions.forEach(function (c, ci) {
      var at = null;
      c.added.forEach(function (m) { if (firstAdd[m] !== undefined && (at === null || firstAdd[m] < at)) at = firstAdd[m]; });
      if (at !== null) comp.push({ turn: at, ci: ci, c: c });
    });
    var branch = [], ttsr = [];
    s.turns.forEach(function (t, ti) {
      if (t.refs.base !== null && t.refs.base !== ti - 1) branch.push(ti);
      var ev = ttsrOf(t);
      if (ev && (ev.injected.length || ev.agree === false)) ttsr.push({ turn: ti, ev: ev });
    });
    return { comp: comp, branch: branch, ttsr: ttsr };
  }
  var chartSel = null;
  // Context tokens per turn (inline SVG): a line of the estimate, dots where the log has a figure,
  // compactions (red dashed), branches (purple) and TTSR injections (orange; a cross where the replay
  // disagrees). Every turn is a clickable column.
  function chart() {
    if (!s.turns.length) return;
    var W = 900, H = 200, L = 56, R = 10, T = 14, B = 26, n = s.turns.length;
    var max = 1;
    s.turns.forEach(function (t) { max = Math.max(max, t.tokens.estimated, t.tokens.logged || 0); });
    var x = function (i) { return L + (n === 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (n - 1)); };
    var y = function (v) { return T + (H - T - B) * (1 - v / max); };
    var root = svg("svg", { viewBox: "0 0 " + W + " " + H, width: "100%", role: "img", "class": "tokens-chart", "aria-label": "context tokens per turn" });
    add(root, svg("title", {}, "Context tokens per turn (" + n + " turns, at most " + num(max) + ")"));
    add(root, svg("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), "class": "axis" }), svg("line", { x1: L, y1: T, x2: L, y2: y(0), "class": "axis" }));
    add(root, svg("text", { x: L - 4, y: T + 4, "text-anchor": "end", "class": "lbl" }, num(max)), svg("text", { x: L - 4, y: y(0), "text-anchor": "end", "class": "lbl" }, "0"));
    add(root, svg("text", { x: L, y: H - 8, "class": "lbl" }, "turn " + s.turns[0].index), svg("text", { x: W - R, y: H - 8, "text-anchor": "end", "class": "lbl" }, "turn " + s.turns[n - 1].index));
    var mk = marks();
    mk.comp.forEach(function (m) { add(root, add(svg("line", { x1: x(m.turn), y1: T, x2: x(m.turn), y2: y(0), "class": "mark-compaction", "data-mark": "compaction" }), svg("title", {}, "compaction " + m.c.id + ": " + num(m.c.tokens.before) + " → " + num(m.c.tokens.after) + " tokens"))); });
    mk.branch.forEach(function (ti) { add(root, add(svg("line", { x1: x(ti), y1: T, x2: x(ti), y2: y(0), "class": "mark-branch", "data-mark": "branch" }), svg("title", {}, "turn " + s.turns[ti].index + " continues turn " + s.turns[s.turns[ti].refs.base].index + " (another branch)"))); });
    var pts = s.turns.map(function (t, i) { return x(i).toFixed(1) + "," + y(t.tokens.estimated).toFixed(1); }).join(" ");
    add(root, svg("polyline", { points: pts, "class": "series" }));
    s.turns.forEach(function (t, i) { if (t.tokens.logged !== undefined) add(root, svg("circle", { cx: x(i), cy: y(t.tokens.logged), r: 2, "class": "logged" })); });
    mk.ttsr.forEach(function (m) {
      var cx = x(m.turn), cy = y(s.turns[m.turn].tokens.estimated);
      var g = svg("g", { "class": m.ev.agree === false ? "mark-ttsr disagree" : "mark-ttsr", "data-mark": "ttsr" });
      add(g, m.ev.agree === false ? svg("path", { d: "M" + (cx - 5) + " " + (cy - 5) + "l10 10m0 -10l-10 10" }) : svg("circle", { cx: cx, cy: cy, r: 4.5 }));
      add(g, svg("title", {}, "TTSR at turn " + s.turns[m.turn].index + ": " + m.ev.injected.map(function (i) { return i.rules.join(", "); }).join("; ") + (m.ev.agree === false ? " (replay disagrees)" : "")));
      add(root, g);
    });
    chartSel = svg("line", { x1: 0, y1: T, x2: 0, y2: y(0), "class": "selected", visibility: "hidden" });
    add(root, chartSel);
    var colW = Math.max(1, (W - L - R) / Math.max(1, n - 1));
    s.turns.forEach(function (t, i) {
      var a = svg("a", { href: "#s=" + sn + "&t=" + i, "data-chart-turn": i });
      add(a, add(svg("rect", { x: x(i) - colW / 2, y: T, width: colW, height: H - T - B, "class": "col" }), svg("title", {}, "turn " + t.index + ": " + num(t.tokens.estimated) + " tokens (" + t.tokens.estimator + ")" + (t.tokens.logged !== undefined ? ", log " + num(t.tokens.logged) : "") + ", " + t.size + " messages")));
      add(root, a);
    });
    var legend = el("p", "legend muted", "Context tokens per turn: blue the estimate, grey dots the log · red dashed: compaction · purple: branch · orange: TTSR injection (× the replay disagrees) · click a turn");
    add(chartBox, root, legend);
  }
  function select(ti) {
    if (!chartSel) return;
    if (ti === undefined) { chartSel.setAttribute("visibility", "hidden"); return; }
    var col = chartBox.querySelector("[data-chart-turn='" + ti + "'] rect");
    var cx = Number(col.getAttribute("x")) + Number(col.getAttribute("width")) / 2;
    chartSel.setAttribute("x1", cx); chartSel.setAttribute("x2", cx); chartSel.setAttribute("visibility", "visible");
  }
  // Reminder and interrupt wrappers inside a message's text are highlighted, the text itself untouched.
  var WRAP = /<system-(reminder|interrupt)\b[\s\S]*?<\/system-\1>/g;
  function textBlock(text) {
    var pre = el("pre", "text");
    var last = 0, m;
    WRAP.lastIndex = 0;
    while ((m = WRAP.exec(text))) {
      if (m.index > last) pre.appendChild(document.createTextNode(text.slice(last, m.index)));
      add(pre, el("mark", "reminder-text", m[0]));
      last = m.index + m[0].length;
    }
    if (last < text.length) pre.appendChild(document.createTextNode(text.slice(last)));
    return pre;
  }
  function sizeOf(m) { var n = (m.text || "").length; (m.extra || []).forEach(function (x) { n += x.length; }); return n; }
  // A message collapsed to its head (position, role, size, badges); its text is built on first opening.
  // mark: "new" (not in the previous context), "kept" (in it, at another position: a compaction kept it), or "".
  function message(mi, pos, mark) {
    var m = s.messages[mi];
    var box = el("details", "msg role-" + m.role);
    box.setAttribute("data-msg", String(mi));
    if (m.reminders && m.reminders.length) box.classList.add("has-reminder");
    if (m.sourceIds && m.sourceIds.length > 1 && !m.editedBy) box.classList.add("merged");
    if (mark) box.classList.add(mark);
    var head = el("summary", "msg-head");
    add(head, el("span", "pos", "#" + pos), el("span", "role", m.role + (m.nativeRole && m.nativeRole !== m.role ? " (" + m.nativeRole + ")" : "")), el("span", "size", num(sizeOf(m)) + " chars"));
    if (m.sourceIds && m.sourceIds.length) add(head, el("span", "ids", "from " + m.sourceIds.join(", ")));
    if (m.editedBy) add(head, el("span", "badge merged-badge", "edited by " + m.editedBy));
    else if (m.sourceIds && m.sourceIds.length > 1) add(head, el("span", "badge merged-badge", "merged " + m.sourceIds.length));
    (m.reminders || []).forEach(function (r) { add(head, el("span", "badge reminder-badge", "reminder: " + r.kind + (r.origin ? " / " + r.origin : ""))); });
    if (mark) add(head, el("span", "badge " + mark + "-badge", mark));
    add(box, head);
    box.addEventListener("toggle", function () {
      if (!box.open || box.getAttribute("data-filled")) return;
      box.setAttribute("data-filled", "1");
      add(box, textBlock(m.text || ""));
      (m.extra || []).forEach(function (x) { add(box, el("pre", "extra", x)); });
    });
    return box;
  }
  function table(rows, head) {
    var t = el("table");
    var tr = el("tr");
    head.forEach(function (h) { add(tr, el("th", null, h)); });
    add(t, tr);
    rows.forEach(function (r) {
      var row = el("tr");
      r.forEach(function (c) { add(row, c instanceof Node ? add(el("td"), c) : el("td", null, c)); });
      add(t, row);
    });
    return t;
  }
  function diagnostics(list) {
    if (!list.length) return el("p", "muted", "No diagnostics.");
    var box = el("div");
    add(box, table(list.map(function (d) { return [d.severity, d.code, (d.line !== undefined ? "line " + d.line : ""), d.message]; }), ["severity", "code", "where", "message"]));
    if (s.diagnosticCount > list.length) add(box, el("p", "muted", (s.diagnosticCount - list.length) + " more in the report's summary.json."));
    return box;
  }
  // Size by role of a turn's context (the system prompt included), as one stacked bar with a legend.
  function roleBar(idx, t) {
    var by = {}, order = [], total = 0;
    function put(role, n) { if (by[role] === undefined) { by[role] = 0; order.push(role); } by[role] += n; total += n; }
    if (t.systemPrompt !== null) put("system-prompt", s.prompts[t.systemPrompt].length);
    idx.forEach(function (mi) { put(s.messages[mi].role, sizeOf(s.messages[mi])); });
    var box = el("div", "role-size");
    var bar = el("div", "role-bar");
    var legend = el("p", "role-legend");
    order.forEach(function (r) {
      var part = el("span", "role-part role-" + r);
      part.style.width = (total ? (100 * by[r]) / total : 0) + "%";
      part.title = r + ": " + num(by[r]) + " chars";
      add(bar, part);
      add(legend, el("span", "role-key role-" + r, r + " " + num(by[r]) + " (" + (total ? Math.round((100 * by[r]) / total) : 0) + "%)"));
    });
    return add(box, el("h3", null, "Size by role (" + num(total) + " chars)"), bar, legend);
  }
  // The first character where two texts differ, marked in both (TTSR disagreements).
  function firstDiff(a, b) { var i = 0; while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++; return i === a.length && i === b.length ? -1 : i; }
  function marked(text, at) {
    var pre = el("pre", "text");
    add(pre, document.createTextNode(text.slice(0, at)), el("mark", "first-diff", at < text.length ? text.charAt(at) : "∅ (ends here)"), document.createTextNode(text.slice(at + 1)));
    return pre;
  }
  function disagreement(ev) {
    var key = function (x) { return x.rules.join(",") + "\u0000" + (x.text || ""); };
    var rep = ev.injected.slice().sort(function (a, b) { return key(a) < key(b) ? -1 : 1; });
    var rec = ev.recorded.filter(function (r) { return r.kind !== "ttsr_injection"; }).sort(function (a, b) { return key(a) < key(b) ? -1 : 1; });
    var box = el("div", "ttsr-diff");
    if (rep.length !== rec.length) add(box, el("p", "bad", "replayed " + rep.length + " injection(s), recorded " + rec.length));
    for (var i = 0; i < Math.max(rep.length, rec.length); i++) {
      var a = rep[i] ? rep[i].text || "" : "", b = rec[i] ? rec[i].text || "" : "";
      var ra = rep[i] ? rep[i].rules.join(", ") : "—", rb = rec[i] ? rec[i].rules.join(", ") : "—";
      var d = firstDiff(a, b);
      if (d < 0 && ra === rb) continue;
      add(box, el("h4", null, "replayed (" + ra + ") vs recorded (" + rb + ")" + (d >= 0 ? ": first difference at character " + d : ": same text, different rules")));
      if (d >= 0) add(box, el("p", "muted", "replayed"), marked(a, d), el("p", "muted", "recorded"), marked(b, d));
      break;
    }
    return box;
  }
  function ttsrFor(t) {
    var ev = ttsrOf(t);
    if (!ev) return null;
    var box = el("section", "ttsr");
    add(box, el("h3", null, "TTSR: " + (ev.agree === null ? "no recorded evidence" : ev.agree === "unverifiable" ? "unverifiable (recorded evidence whose trigger is not in the log)" : ev.agree ? "recorded and replayed agree" : "recorded and replayed DISAGREE")));
    if (ev.agree === false) add(box, disagreement(ev));
    if (ev.matches.length) add(box, table(ev.matches.map(function (m) { return [m.rule, m.source + (m.toolCallId ? " " + m.toolCallId : ""), String(m.offset), m.decision + (m.counterfactual ? " (counterfactual)" : ""), m.excerpt]; }), ["rule", "source", "offset", "decision", "excerpt"]));
    ev.injected.forEach(function (i) { add(box, el("h4", null, "injected (" + i.mode + "): " + i.rules.join(", ")), textBlock(i.text)); });
    ev.recorded.forEach(function (r) { add(box, el("h4", null, "recorded " + r.kind + " " + r.entryId + ": " + r.rules.join(", ") + (r.unverifiable ? " (unverifiable: " + r.unverifiable + ")" : "")), r.text ? textBlock(r.text) : null); });
    return box;
  }
  function showSession() {
    main.textContent = "";
    add(main, el("p", "meta", [s.format ? s.format + " / " + s.profile : s.kind === "unreadable" ? "not read" : s.kind + " file", "loader: " + s.loader.verdict, "status: " + s.status, s.turns.length + " turns", s.compactions.length + " compactions"].join(" · ")));
    add(main, el("h2", null, "Checks"), table(s.checks.map(function (c) { return [c.status, c.name, c.message || ""]; }), ["status", "check", "detail"]));
    add(main, el("h2", null, "Diagnostics"), diagnostics(s.diagnostics));
    if (s.compactions.length) {
      add(main, el("h2", null, "Compactions"));
      add(main, table(s.compactions.map(function (c, ci) {
        return [link(c.id, "c=" + ci, { "data-compaction": String(ci) }), String(c.dropped.length), String(c.kept.length), String(c.added.length), num(c.tokens.before) + " → " + num(c.tokens.after), entryFigures(c), c.capsule ? (c.capsule.valid && !c.capsule.lost.length ? "ok" : "FAILED") : "—"];
      }), ["compaction", "dropped", "kept", "added", "estimate before → after", "the entry's own figures", "capsule"]));
      if (s.compactions.some(function (c) { return c.tokens.loggedBefore !== undefined || c.tokens.loggedAfter !== undefined; })) add(main, el("p", "muted figures-note", ENTRY_NOTE));
    }
    add(main, el("h2", null, "Turns"));
    if (!s.turns.length) add(main, el("p", "muted", "No turns."));
    else add(main, table(s.turns.map(function (t, ti) {
      var ev = ttsrOf(t);
      return [link("turn " + t.index, "t=" + ti, { "data-turn": String(ti) }), t.responseId, String(t.size), num(t.tokens.estimated) + (t.tokens.logged !== undefined ? " (log " + num(t.tokens.logged) + (t.tokens.loggedAlsoCounts && t.tokens.loggedAlsoCounts.length ? "†" : "") + ")" : ""), ev ? ev.matches.map(function (m) { return m.rule + ":" + m.decision; }).join(", ") + (ev.agree === false ? " DISAGREE" : "") : ""];
    }), ["turn", "response", "messages", "tokens: estimate (logged input)", "TTSR"]));
    var marked = s.turns.filter(function (t) { return t.tokens.logged !== undefined && t.tokens.loggedAlsoCounts && t.tokens.loggedAlsoCounts.length; })[0];
    if (marked) add(main, el("p", "muted", "† the logged figure" + alsoCounts(marked.tokens.loggedAlsoCounts) + "; the estimate counts what the file shows being sent."));
  }
  // A compaction's own token figures (tokensBefore → tokensAfter as the entry records them; "—" where it has none).
  function entryFigures(c) {
    if (c.tokens.loggedBefore === undefined && c.tokens.loggedAfter === undefined) return "—";
    return (c.tokens.loggedBefore !== undefined ? num(c.tokens.loggedBefore) : "—") + " → " + (c.tokens.loggedAfter !== undefined ? num(c.tokens.loggedAfter) : "—");
  }
  var ENTRY_NOTE = "The estimate counts what the file shows of the context before and after. The entry's own figures (tokensBefore → tokensAfter) are what the agent wrote when it compacted: not the provider's input count of one request, which is what each turn's logged figure is, so the two need not be close.";
  // What a logged figure counts that the file cannot show (the estimate cannot see it either).
  var UNRECORDED = { systemPrompt: "the system prompt", toolDefinitions: "the tool definitions" };
  function alsoCounts(xs) { return xs && xs.length ? " (which also counts " + xs.map(function (x) { return UNRECORDED[x] || x; }).join(" and ") + ", not in the file)" : ""; }
  function back() { return add(el("p", "crumbs"), link("← session overview", "", { "data-back": "1" })); }
  function showTurn(ti) {
    var t = s.turns[ti];
    main.textContent = "";
    var nav = back();
    if (ti > 0) add(nav, document.createTextNode(" · "), link("← turn " + s.turns[ti - 1].index, "t=" + (ti - 1), { "data-prev": "1" }));
    if (ti < s.turns.length - 1) add(nav, document.createTextNode(" · "), link("turn " + s.turns[ti + 1].index + " →", "t=" + (ti + 1), { "data-next": "1" }));
    add(main, nav);
    add(main, el("h2", null, "Turn " + t.index + " · response " + t.responseId));
    add(main, el("p", "meta", "context built at " + (t.leafId === null ? "(empty)" : t.leafId) + " · " + t.size + " messages · " + num(t.tokens.estimated) + " tokens (" + t.tokens.estimator + ")" + (t.tokens.logged !== undefined ? " · log says " + num(t.tokens.logged) + alsoCounts(t.tokens.loggedAlsoCounts) : "")));
    var idx = resolve(ti);
    add(main, roleBar(idx, t));
    add(main, ttsrFor(t));
    var tools = el("p", "tools");
    var openAll = el("button", null, "expand all"), closeAll = el("button", null, "collapse all");
    openAll.setAttribute("data-expand-all", "1"); closeAll.setAttribute("data-collapse-all", "1");
    add(tools, openAll, document.createTextNode(" "), closeAll);
    var ctx = el("section", "context");
    ctx.setAttribute("data-context", String(ti));
    openAll.addEventListener("click", function () { ctx.querySelectorAll("details.msg").forEach(function (d) { d.open = true; }); });
    closeAll.addEventListener("click", function () { ctx.querySelectorAll("details.msg").forEach(function (d) { d.open = false; }); });
    if (t.systemPrompt !== null) {
      var sp = add(el("details", "msg role-system-prompt"), add(el("summary", "msg-head"), el("span", "role", "system prompt"), el("span", "size", num(s.prompts[t.systemPrompt].length) + " chars")));
      sp.addEventListener("toggle", function () { if (sp.open && !sp.getAttribute("data-filled")) { sp.setAttribute("data-filled", "1"); add(sp, textBlock(s.prompts[t.systemPrompt])); } });
      add(ctx, sp);
    }
    var fresh = t.refs.base === ti - 1 ? t.refs.keep : 0;
    // Past the shared prefix, a message the previous context also held was kept (moved by a compaction), not new.
    var before = {};
    if (ti > 0) resolve(t.refs.base !== null ? t.refs.base : ti - 1).forEach(function (mi) { before[mi] = true; });
    idx.forEach(function (mi, pos) { add(ctx, message(mi, pos, ti > 0 && pos >= fresh ? (before[mi] ? "kept" : "new") : "")); });
    add(main, tools, ctx);
  }
  function showCompaction(ci) {
    var c = s.compactions[ci];
    main.textContent = "";
    add(main, back());
    add(main, el("h2", null, "Compaction " + c.id));
    add(main, el("p", "meta", "estimate " + num(c.tokens.before) + " → " + num(c.tokens.after) + " tokens" + (c.tokens.loggedBefore !== undefined || c.tokens.loggedAfter !== undefined ? " · the entry's own figures " + entryFigures(c) + alsoCounts(c.tokens.loggedAlsoCounts) : "")));
    if (c.tokens.loggedBefore !== undefined || c.tokens.loggedAfter !== undefined) add(main, el("p", "muted figures-note", ENTRY_NOTE));
    if (c.capsule) add(main, el("p", c.capsule.valid && !c.capsule.lost.length ? "ok" : "bad", "capsule: " + (c.capsule.valid ? "valid" : "invalid (missing " + c.capsule.missing.join(", ") + ")") + (c.capsule.lost.length ? "; lost in compaction: " + c.capsule.lost.map(function (l) { return l.kind + " " + l.value; }).join("; ") : "")));
    [["dropped", c.dropped], ["added", c.added], ["kept", c.kept]].forEach(function (p) {
      var sec = el("section", "diff-" + p[0]);
      add(sec, el("h3", null, p[0] + " (" + p[1].length + ")"));
      p[1].forEach(function (mi, pos) { add(sec, message(mi, pos, "")); });
      add(main, sec);
    });
  }
  function params() {
    var h = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) { var p = kv.split("="); if (p[1] !== undefined && /^\d+$/.test(p[1])) h[p[0]] = Number(p[1]); });
    return h;
  }
  function route() {
    var h = params();
    // Another input: load the page afresh for it.
    if (h.s !== sn) { location.reload(); return; }
    if (h.t !== undefined && s.turns[h.t]) { showTurn(h.t); select(h.t); }
    else if (h.c !== undefined && s.compactions[h.c]) { showCompaction(h.c); select(); }
    else { showSession(); select(); }
  }
  var ICON = { ok: "\u2713", warning: "!", error: "\u2717" };
  // The header from the input's data: status, path relative to the audited folder, what it was read as.
  function header() {
    var root = about.getAttribute("data-root") || "";
    var rel = root && s.path.indexOf(root) === 0 ? s.path.slice(root.length) : s.path;
    document.title = rel + " \u00b7 sightline";
    var h1 = document.getElementById("title");
    h1.textContent = "";
    h1.className = "st-" + s.status;
    add(h1, el("span", "icon", ICON[s.status]), document.createTextNode(" " + rel));
    about.textContent = [s.path, s.format ? s.format + " / " + (s.profile || "") : s.kind, about.getAttribute("data-run")].join(" \u00b7 ");
  }
  function fail(text) {
    main.textContent = "";
    add(main, el("p", "bad", text));
    document.documentElement.setAttribute("data-ready", "1");
  }
  window.sightlineSession = function (doc) {
    if (s || !doc || !doc.session) return;
    s = doc.session;
    header();
    chart();
    window.addEventListener("hashchange", route);
    route();
    document.documentElement.setAttribute("data-ready", "1");
  };
  sn = params().s;
  if (sn === undefined || sn < 1) { fail("No input chosen: open one from the report's index.html."); return; }
  var script = document.createElement("script");
  script.src = sn + ".js";
  script.onerror = function () { fail("This report has no input " + sn + " (sessions/" + sn + ".js is missing)."); };
  document.body.appendChild(script);
})();
`;
