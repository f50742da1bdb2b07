// The inline script of index.html, kept as a string (the report is one self-contained file). It reads the
// embedded JSON once and renders a session, a turn or a compaction only when navigated to (location.hash),
// so a long session costs its message table, not one DOM per turn. It builds the DOM with createElement
// and textContent only: session text is never parsed as HTML.
export const CLIENT_SCRIPT = String.raw`(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("sightline-data").textContent);
  var main = document.getElementById("main");
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent) { for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]); return parent; }
  function link(text, hash, attrs) {
    var a = el("a", null, text);
    a.href = "#" + hash;
    for (var k in attrs || {}) a.setAttribute(k, attrs[k]);
    return a;
  }
  // A turn's full context from the delta references: one array, truncated to keep and extended per layer.
  function resolve(s, i) {
    s._cache = s._cache || {};
    if (s._cache[i]) return s._cache[i];
    var chain = [], start = [];
    for (var j = i; j !== null; j = s.turns[j].refs.base) {
      if (s._cache[j]) { start = s._cache[j]; break; }
      chain.push(j);
    }
    var out = start.slice();
    for (var c = chain.length - 1; c >= 0; c--) {
      var t = s.turns[chain[c]];
      out.length = t.refs.base === null ? 0 : t.refs.keep;
      for (var k = 0; k < t.refs.add.length; k++) out.push(t.refs.add[k]);
    }
    s._cache[i] = out;
    return out;
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
  function message(s, mi, pos, isNew) {
    var m = s.messages[mi];
    var box = el("div", "msg role-" + m.role);
    box.setAttribute("data-msg", String(mi));
    if (m.reminders && m.reminders.length) box.classList.add("has-reminder");
    if (m.sourceIds && m.sourceIds.length > 1) box.classList.add("merged");
    if (isNew) box.classList.add("new");
    var head = el("div", "msg-head");
    add(head, el("span", "pos", "#" + pos), el("span", "role", m.role + (m.nativeRole && m.nativeRole !== m.role ? " (" + m.nativeRole + ")" : "")));
    if (m.sourceIds && m.sourceIds.length) add(head, el("span", "ids", "from " + m.sourceIds.join(", ")));
    if (m.sourceIds && m.sourceIds.length > 1) add(head, el("span", "badge merged-badge", "merged " + m.sourceIds.length));
    (m.reminders || []).forEach(function (r) { add(head, el("span", "badge reminder-badge", "reminder: " + r.kind + (r.origin ? " / " + r.origin : ""))); });
    if (isNew) add(head, el("span", "badge new-badge", "new"));
    add(box, head, textBlock(m.text || ""));
    (m.extra || []).forEach(function (x) { add(box, el("pre", "extra", x)); });
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
    return table(list.map(function (d) { return [d.severity, d.code, (d.line !== undefined ? "line " + d.line : ""), d.message]; }), ["severity", "code", "where", "message"]);
  }
  function ttsrFor(s, t) {
    if (!s.ttsr) return null;
    var ev = null;
    s.ttsr.turns.forEach(function (x) { if (x.responseId === t.responseId) ev = x; });
    if (!ev) return null;
    var box = el("section", "ttsr");
    add(box, el("h3", null, "TTSR: " + (ev.agree === null ? "no recorded evidence" : ev.agree === "unverifiable" ? "unverifiable (recorded evidence whose trigger is not in the log)" : ev.agree ? "recorded and replayed agree" : "recorded and replayed DISAGREE")));
    if (ev.matches.length) add(box, table(ev.matches.map(function (m) { return [m.rule, m.source + (m.toolCallId ? " " + m.toolCallId : ""), String(m.offset), m.decision + (m.counterfactual ? " (counterfactual)" : ""), m.excerpt]; }), ["rule", "source", "offset", "decision", "excerpt"]));
    ev.injected.forEach(function (i) { add(box, el("h4", null, "injected (" + i.mode + "): " + i.rules.join(", ")), textBlock(i.text)); });
    ev.recorded.forEach(function (r) { add(box, el("h4", null, "recorded " + r.kind + " " + r.entryId + ": " + r.rules.join(", ") + (r.unverifiable ? " (unverifiable: " + r.unverifiable + ")" : "")), r.text ? textBlock(r.text) : null); });
    return box;
  }
  function showSession(si) {
    var s = data.sessions[si];
    main.textContent = "";
    add(main, el("h2", null, s.path));
    add(main, el("p", "meta", [s.format ? s.format + " / " + s.profile : s.kind === "unreadable" ? "not read" : s.kind + " file", "loader: " + s.loader.verdict, "status: " + s.status, s.turns.length + " turns", s.compactions.length + " compactions"].join(" · ")));
    add(main, el("h3", null, "Checks"), table(s.checks.map(function (c) { return [c.status, c.name, c.message || ""]; }), ["status", "check", "detail"]));
    add(main, el("h3", null, "Diagnostics"), diagnostics(s.diagnostics));
    if (s.compactions.length) {
      add(main, el("h3", null, "Compactions"));
      add(main, table(s.compactions.map(function (c, ci) {
        return [link(c.id, "s=" + si + "&c=" + ci, { "data-compaction": String(ci) }), String(c.dropped.length), String(c.kept.length), String(c.added.length), c.tokens.before + " → " + c.tokens.after + (c.tokens.loggedBefore !== undefined ? " (log: " + c.tokens.loggedBefore + (c.tokens.loggedAfter !== undefined ? " → " + c.tokens.loggedAfter : "") + ")" : ""), c.capsule ? (c.capsule.valid && !c.capsule.lost.length ? "ok" : "FAILED") : "—"];
      }), ["compaction", "dropped", "kept", "added", "tokens", "capsule"]));
    }
    add(main, el("h3", null, "Turns"));
    if (!s.turns.length) add(main, el("p", "muted", "No turns."));
    else add(main, table(s.turns.map(function (t, ti) {
      var ev = null;
      (s.ttsr ? s.ttsr.turns : []).forEach(function (x) { if (x.responseId === t.responseId) ev = x; });
      return [link("turn " + t.index, "s=" + si + "&t=" + ti, { "data-turn": String(ti) }), t.responseId, String(t.size), String(t.tokens.estimated) + (t.tokens.logged !== undefined ? " (log " + t.tokens.logged + ")" : ""), ev ? ev.matches.map(function (m) { return m.rule + ":" + m.decision; }).join(", ") : ""];
    }), ["turn", "response", "messages", "tokens", "TTSR"]));
  }
  function showTurn(si, ti) {
    var s = data.sessions[si], t = s.turns[ti];
    main.textContent = "";
    add(main, add(el("p", "crumbs"), link("← " + s.path, "s=" + si, { "data-back": "1" })));
    add(main, el("h2", null, "Turn " + t.index + " · response " + t.responseId));
    add(main, el("p", "meta", "context built at " + (t.leafId === null ? "(empty)" : t.leafId) + " · " + t.size + " messages · " + t.tokens.estimated + " tokens (" + t.tokens.estimator + ")" + (t.tokens.logged !== undefined ? " · log says " + t.tokens.logged : "")));
    add(main, ttsrFor(s, t));
    var ctx = el("section", "context");
    ctx.setAttribute("data-context", String(ti));
    if (t.systemPrompt !== null) add(ctx, add(el("div", "msg role-system-prompt"), el("div", "msg-head", "system prompt"), textBlock(s.prompts[t.systemPrompt])));
    var idx = resolve(s, ti);
    var fresh = t.refs.base === ti - 1 ? t.refs.keep : 0;
    idx.forEach(function (mi, pos) { add(ctx, message(s, mi, pos, ti > 0 && pos >= fresh)); });
    add(main, ctx);
  }
  function showCompaction(si, ci) {
    var s = data.sessions[si], c = s.compactions[ci];
    main.textContent = "";
    add(main, add(el("p", "crumbs"), link("← " + s.path, "s=" + si, { "data-back": "1" })));
    add(main, el("h2", null, "Compaction " + c.id));
    add(main, el("p", "meta", "tokens " + c.tokens.before + " → " + c.tokens.after + (c.tokens.loggedBefore !== undefined ? " · log: " + c.tokens.loggedBefore + " → " + (c.tokens.loggedAfter !== undefined ? c.tokens.loggedAfter : "?") : "")));
    if (c.capsule) add(main, el("p", c.capsule.valid && !c.capsule.lost.length ? "ok" : "bad", "capsule: " + (c.capsule.valid ? "valid" : "invalid (missing " + c.capsule.missing.join(", ") + ")") + (c.capsule.lost.length ? "; lost in compaction: " + c.capsule.lost.map(function (l) { return l.kind + " " + l.value; }).join("; ") : "")));
    [["dropped", c.dropped], ["added", c.added], ["kept", c.kept]].forEach(function (p) {
      var sec = el("section", "diff-" + p[0]);
      add(sec, el("h3", null, p[0] + " (" + p[1].length + ")"));
      p[1].forEach(function (mi, pos) { add(sec, message(s, mi, pos, false)); });
      add(main, sec);
    });
  }
  // Landing view: every input with its verdict, problems first, so a reader sees at once what needs a look.
  function showOverview() {
    main.textContent = "";
    add(main, el("h2", null, "Inputs"));
    add(main, el("p", "muted", "Click a session for its checks, diagnostics and turns; a turn shows the exact context the model saw (reminders and merged items highlighted, TTSR firings above it); a compaction shows what was dropped, kept and added."));
    var rank = { error: 0, warning: 1, ok: 2 };
    var order = data.sessions.map(function (s, i) { return i; }).sort(function (a, b) { return rank[data.sessions[a].status] - rank[data.sessions[b].status] || a - b; });
    add(main, table(order.map(function (i) {
      var s = data.sessions[i], e = 0, w = 0;
      s.diagnostics.forEach(function (d) { if (d.severity === "error") e++; else if (d.severity === "warning") w++; });
      var first = s.diagnostics.filter(function (d) { return d.severity !== "info"; })[0];
      return [s.status, link(s.path, "s=" + i, { "data-overview": String(i) }), s.format ? s.format + " / " + s.profile : s.kind, s.loader.verdict, String(s.turns.length), String(s.compactions.length), String(e), String(w), first ? first.code + ": " + first.message : ""];
    }), ["status", "input", "format", "loader", "turns", "compactions", "errors", "warnings", "first finding"]));
  }
  function route() {
    var h = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) { var p = kv.split("="); if (p[1] !== undefined && /^\d+$/.test(p[1])) h[p[0]] = Number(p[1]); });
    var si = h.s;
    document.querySelectorAll("#nav a").forEach(function (a) { a.classList.toggle("active", Number(a.getAttribute("data-session")) === si); });
    if (si === undefined || !data.sessions[si]) { showOverview(); return; }
    if (h.t !== undefined && data.sessions[si].turns[h.t]) showTurn(si, h.t);
    else if (h.c !== undefined && data.sessions[si].compactions[h.c]) showCompaction(si, h.c);
    else showSession(si);
    window.scrollTo(0, 0);
  }
  window.addEventListener("hashchange", route);
  route();
  document.documentElement.setAttribute("data-ready", "1");
})();
`;
