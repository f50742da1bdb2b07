// DOM building blocks of the viewer (see session-viewer.ts): elements built with createElement(NS) and textContent
// only, links to views of input `sn`, highlighted reminder wrappers, tables.
import type { Attrs, Cell } from "./page.js";

export function domKit(sn: number | undefined) {
  const SVG = "http://www.w3.org/2000/svg";
  function el(tag: string, cls?: string | null, text?: string | number | null): HTMLElement {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function svg(tag: string, attrs: Attrs, text?: string): SVGElement {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, String(attrs[k]));
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  function add<T extends Node>(parent: T, ...kids: (Node | null | undefined)[]): T {
    for (const k of kids) if (k) parent.appendChild(k);
    return parent;
  }
  function link(text: string, hash: string, attrs?: Record<string, string>): HTMLElement {
    const a = el("a", null, text) as HTMLAnchorElement;
    a.href = "#s=" + sn + (hash ? "&" + hash : "");
    for (const k in attrs || {}) a.setAttribute(k, (attrs as Record<string, string>)[k]);
    return a;
  }
  function num(n: number): string {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  }
  // A turn's full context from the delta references: one array, truncated to keep and extended per layer.
  // Reminder and interrupt wrappers inside a message's text are highlighted, the text itself untouched.
  const WRAP = /<system-(reminder|interrupt)\b[\s\S]*?<\/system-\1>/g;
  function textBlock(text: string): HTMLElement {
    const pre = el("pre", "text");
    let last = 0;
    WRAP.lastIndex = 0;
    for (let m = WRAP.exec(text); m; m = WRAP.exec(text)) {
      if (m.index > last) pre.appendChild(document.createTextNode(text.slice(last, m.index)));
      add(pre, el("mark", "reminder-text", m[0]));
      last = m.index + m[0].length;
    }
    if (last < text.length) pre.appendChild(document.createTextNode(text.slice(last)));
    return pre;
  }
  function table(rows: Cell[][], head: string[]): HTMLElement {
    const t = el("table");
    const tr = el("tr");
    for (const h of head) add(tr, el("th", null, h));
    add(t, tr);
    for (const r of rows) {
      const row = el("tr");
      for (const c of r) add(row, c instanceof Node ? add(el("td"), c) : el("td", null, c));
      add(t, row);
    }
    return t;
  }
  function back(): HTMLElement {
    return add(el("p", "crumbs"), link("← session overview", "", { "data-back": "1" }));
  }
  return { el, svg, add, link, num, textBlock, table, back };
}

export type DomKit = ReturnType<typeof domKit>;
