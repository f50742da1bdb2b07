// A turn's view (see session-viewer.ts): its exact context, messages collapsed with their size and marked new or
// kept, the size by role, and its TTSR evidence with the first difference where replay and record disagree.
import type { AuditTurn, TtsrTurnEvidence } from "../../audit/model.js";
import type { SessionData } from "./data.js";
import type { DomKit } from "./dom.js";
import type { PageSession } from "./page.js";

export function turnView(k: DomKit, d: SessionData, s: PageSession, main: HTMLElement) {
  const { el, add, link, num, textBlock, table, back } = k;
  const { resolve, ttsrOf, sizeOf, alsoCounts } = d;
  // A message collapsed to its head (position, role, size, badges); its text is built on first opening.
  // mark: "new" (not in the previous context), "kept" (in it, at another position: a compaction kept it), or "".
  function message(mi: number, pos: number, mark: "new" | "kept" | ""): HTMLElement {
    const m = s.messages[mi];
    const box = el("details", "msg role-" + m.role) as HTMLDetailsElement;
    box.setAttribute("data-msg", String(mi));
    if (m.reminders?.length) box.classList.add("has-reminder");
    if (m.sourceIds && m.sourceIds.length > 1 && !m.editedBy) box.classList.add("merged");
    if (mark) box.classList.add(mark);
    const head = el("summary", "msg-head");
    add(
      head,
      el("span", "pos", "#" + pos),
      el("span", "role", m.role + (m.nativeRole && m.nativeRole !== m.role ? " (" + m.nativeRole + ")" : "")),
      el("span", "size", num(sizeOf(m)) + " chars"),
    );
    if (m.sourceIds?.length) add(head, el("span", "ids", "from " + m.sourceIds.join(", ")));
    if (m.editedBy) add(head, el("span", "badge merged-badge", "edited by " + m.editedBy));
    else if (m.sourceIds && m.sourceIds.length > 1) add(head, el("span", "badge merged-badge", "merged " + m.sourceIds.length));
    for (const r of m.reminders || []) add(head, el("span", "badge reminder-badge", "reminder: " + r.kind + (r.origin ? " / " + r.origin : "")));
    if (mark) add(head, el("span", "badge " + mark + "-badge", mark));
    add(box, head);
    box.addEventListener("toggle", () => {
      if (!box.open || box.getAttribute("data-filled")) return;
      box.setAttribute("data-filled", "1");
      add(box, textBlock(m.text || ""));
      for (const x of m.extra || []) add(box, el("pre", "extra", x));
    });
    return box;
  }
  // Size by role of a turn's context (the system prompt included), as one stacked bar with a legend.
  function roleBar(idx: number[], t: AuditTurn): HTMLElement {
    const by: Record<string, number> = {};
    const order: string[] = [];
    let total = 0;
    function put(role: string, n: number): void {
      if (by[role] === undefined) {
        by[role] = 0;
        order.push(role);
      }
      by[role] += n;
      total += n;
    }
    if (t.systemPrompt !== null) put("system-prompt", s.prompts[t.systemPrompt].length);
    for (const mi of idx) put(s.messages[mi].role, sizeOf(s.messages[mi]));
    const box = el("div", "role-size");
    const bar = el("div", "role-bar");
    const legend = el("p", "role-legend");
    for (const r of order) {
      const part = el("span", "role-part role-" + r);
      part.style.width = (total ? (100 * by[r]) / total : 0) + "%";
      part.title = r + ": " + num(by[r]) + " chars";
      add(bar, part);
      add(legend, el("span", "role-key role-" + r, r + " " + num(by[r]) + " (" + (total ? Math.round((100 * by[r]) / total) : 0) + "%)"));
    }
    return add(box, el("h3", null, "Size by role (" + num(total) + " chars)"), bar, legend);
  }
  // The first character where two texts differ, marked in both (TTSR disagreements).
  function firstDiff(a: string, b: string): number {
    let i = 0;
    while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    return i === a.length && i === b.length ? -1 : i;
  }
  function marked(text: string, at: number): HTMLElement {
    const pre = el("pre", "text");
    add(
      pre,
      document.createTextNode(text.slice(0, at)),
      el("mark", "first-diff", at < text.length ? text.charAt(at) : "∅ (ends here)"),
      document.createTextNode(text.slice(at + 1)),
    );
    return pre;
  }
  function disagreement(ev: TtsrTurnEvidence): HTMLElement {
    const key = (x: { rules: string[]; text?: string }) => x.rules.join(",") + "\u0000" + (x.text || "");
    const rep = ev.injected.slice().sort((a, b) => (key(a) < key(b) ? -1 : 1));
    const rec = ev.recorded.filter((r) => r.kind !== "ttsr_injection").sort((a, b) => (key(a) < key(b) ? -1 : 1));
    const box = el("div", "ttsr-diff");
    if (rep.length !== rec.length) add(box, el("p", "bad", "replayed " + rep.length + " injection(s), recorded " + rec.length));
    for (let i = 0; i < Math.max(rep.length, rec.length); i++) {
      const a = rep[i] ? rep[i].text || "" : "";
      const b = rec[i] ? rec[i].text || "" : "";
      const ra = rep[i] ? rep[i].rules.join(", ") : "—";
      const rb = rec[i] ? rec[i].rules.join(", ") : "—";
      const d = firstDiff(a, b);
      if (d < 0 && ra === rb) continue;
      add(
        box,
        el("h4", null, "replayed (" + ra + ") vs recorded (" + rb + ")" + (d >= 0 ? ": first difference at character " + d : ": same text, different rules")),
      );
      if (d >= 0) add(box, el("p", "muted", "replayed"), marked(a, d), el("p", "muted", "recorded"), marked(b, d));
      break;
    }
    return box;
  }
  function ttsrFor(t: AuditTurn): HTMLElement | null {
    const ev = ttsrOf(t);
    if (!ev) return null;
    const box = el("section", "ttsr");
    const verdict =
      ev.agree === null
        ? "no recorded evidence"
        : ev.agree === "unverifiable"
          ? "unverifiable (recorded evidence whose trigger is not in the log)"
          : ev.agree
            ? "recorded and replayed agree"
            : "recorded and replayed DISAGREE";
    add(box, el("h3", null, "TTSR: " + verdict));
    if (ev.agree === false) add(box, disagreement(ev));
    if (ev.matches.length)
      add(
        box,
        table(
          ev.matches.map((m) => [
            m.rule,
            m.source + (m.toolCallId ? " " + m.toolCallId : ""),
            String(m.offset),
            m.decision + (m.counterfactual ? " (counterfactual)" : ""),
            m.excerpt,
          ]),
          ["rule", "source", "offset", "decision", "excerpt"],
        ),
      );
    for (const i of ev.injected) add(box, el("h4", null, "injected (" + i.mode + "): " + i.rules.join(", ")), textBlock(i.text));
    for (const r of ev.recorded)
      add(
        box,
        el("h4", null, "recorded " + r.kind + " " + r.entryId + ": " + r.rules.join(", ") + (r.unverifiable ? " (unverifiable: " + r.unverifiable + ")" : "")),
        r.text ? textBlock(r.text) : null,
      );
    return box;
  }
  function showTurn(ti: number): void {
    const t = s.turns[ti];
    main.textContent = "";
    const nav = back();
    if (ti > 0) add(nav, document.createTextNode(" · "), link("← turn " + s.turns[ti - 1].index, "t=" + (ti - 1), { "data-prev": "1" }));
    if (ti < s.turns.length - 1) add(nav, document.createTextNode(" · "), link("turn " + s.turns[ti + 1].index + " →", "t=" + (ti + 1), { "data-next": "1" }));
    add(main, nav);
    add(main, el("h2", null, "Turn " + t.index + " · response " + t.responseId));
    const logged = t.tokens.logged !== undefined ? " · log says " + num(t.tokens.logged) + alsoCounts(t.tokens.loggedAlsoCounts) : "";
    const at = t.leafId === null ? "(empty)" : t.leafId;
    add(
      main,
      el("p", "meta", "context built at " + at + " · " + t.size + " messages · " + num(t.tokens.estimated) + " tokens (" + t.tokens.estimator + ")" + logged),
    );
    const idx = resolve(ti);
    add(main, roleBar(idx, t));
    add(main, ttsrFor(t));
    const tools = el("p", "tools");
    const openAll = el("button", null, "expand all");
    const closeAll = el("button", null, "collapse all");
    openAll.setAttribute("data-expand-all", "1");
    closeAll.setAttribute("data-collapse-all", "1");
    add(tools, openAll, document.createTextNode(" "), closeAll);
    const ctx = el("section", "context");
    ctx.setAttribute("data-context", String(ti));
    openAll.addEventListener("click", () => {
      ctx.querySelectorAll<HTMLDetailsElement>("details.msg").forEach((d) => {
        d.open = true;
      });
    });
    closeAll.addEventListener("click", () => {
      ctx.querySelectorAll<HTMLDetailsElement>("details.msg").forEach((d) => {
        d.open = false;
      });
    });
    const prompt = t.systemPrompt;
    if (prompt !== null) {
      const sp = add(
        el("details", "msg role-system-prompt") as HTMLDetailsElement,
        add(el("summary", "msg-head"), el("span", "role", "system prompt"), el("span", "size", num(s.prompts[prompt].length) + " chars")),
      );
      sp.addEventListener("toggle", () => {
        if (sp.open && !sp.getAttribute("data-filled")) {
          sp.setAttribute("data-filled", "1");
          add(sp, textBlock(s.prompts[prompt]));
        }
      });
      add(ctx, sp);
    }
    const fresh = t.refs.base === ti - 1 ? t.refs.keep : 0;
    // Past the shared prefix, a message the previous context also held was kept (moved by a compaction), not new.
    const before: Record<number, boolean> = {};
    if (ti > 0) for (const mi of resolve(t.refs.base !== null ? t.refs.base : ti - 1)) before[mi] = true;
    idx.forEach((mi, pos) => {
      add(ctx, message(mi, pos, ti > 0 && pos >= fresh ? (before[mi] ? "kept" : "new") : ""));
    });
    add(main, tools, ctx);
  }
  return { showTurn, message, ttsrOf };
}

export type TurnView = ReturnType<typeof turnView>;
