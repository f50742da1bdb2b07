// The input's overview and a compaction's view (see session-viewer.ts): checks, diagnostics, compactions, turns;
// a compaction's dropped, added and kept messages.
import type { AuditCompaction, AuditTurn } from "../../audit/model.js";
import type { SessionData } from "./data.js";
import type { DomKit } from "./dom.js";
import type { PageSession } from "./page.js";
import type { TurnView } from "./turn-view.js";

export function sessionView(k: DomKit, d: SessionData, s: PageSession, main: HTMLElement, turn: TurnView) {
  const { el, add, link, num, table, back } = k;
  const { ttsrOf, alsoCounts } = d;
  const { message } = turn;
  function diagnostics(list: PageSession["diagnostics"]): HTMLElement {
    if (!list.length) return el("p", "muted", "No diagnostics.");
    const box = el("div");
    add(
      box,
      table(
        list.map((d) => [d.severity, d.code, d.line !== undefined ? "line " + d.line : "", d.message]),
        ["severity", "code", "where", "message"],
      ),
    );
    if (s.diagnosticCount > list.length) add(box, el("p", "muted", s.diagnosticCount - list.length + " more in the report's summary.json."));
    return box;
  }
  function estimateTokens(c: AuditCompaction): string {
    return num(c.tokens.before) + " → " + num(c.tokens.after);
  }
  // A compaction's own token figures (tokensBefore → tokensAfter as the entry records them; "—" where it has none).
  function entryFigures(c: AuditCompaction): string {
    const t = c.tokens;
    if (t.loggedBefore === undefined && t.loggedAfter === undefined) return "—";
    return (t.loggedBefore !== undefined ? num(t.loggedBefore) : "—") + " → " + (t.loggedAfter !== undefined ? num(t.loggedAfter) : "—");
  }
  // Manual or automatic, where the log records who started the compaction (Claude Code).
  const started = (c: AuditCompaction): string => (c.trigger ? " (" + c.trigger + ")" : "");
  const hasEntryFigures = (c: AuditCompaction): boolean => c.tokens.loggedBefore !== undefined || c.tokens.loggedAfter !== undefined;
  const ENTRY_NOTE =
    "The estimate counts what the file shows of the context before and after. The entry's own figures (tokensBefore → tokensAfter) are what the agent wrote when it compacted: not the provider's input count of one request, which is what each turn's logged figure is, so the two need not be close.";
  function turnTokens(t: AuditTurn): string {
    const also = t.tokens.loggedAlsoCounts?.length ? "†" : "";
    return num(t.tokens.estimated) + (t.tokens.logged !== undefined ? " (log " + num(t.tokens.logged) + also + ")" : "");
  }
  function showSession(): void {
    main.textContent = "";
    const read = s.format ? s.format + " / " + s.profile : s.kind === "unreadable" ? "not read" : s.kind + " file";
    add(
      main,
      el(
        "p",
        "meta",
        [read, "loader: " + s.loader.verdict, "status: " + s.status, s.turns.length + " turns", s.compactions.length + " compactions"].join(" · "),
      ),
    );
    add(
      main,
      el("h2", null, "Checks"),
      table(
        s.checks.map((c) => [c.status, c.name, c.message || ""]),
        ["status", "check", "detail"],
      ),
    );
    add(main, el("h2", null, "Diagnostics"), diagnostics(s.diagnostics));
    if (s.compactions.length) {
      add(main, el("h2", null, "Compactions"));
      add(
        main,
        table(
          s.compactions.map((c, ci) => [
            link(c.id + started(c), "c=" + ci, { "data-compaction": String(ci) }),
            String(c.dropped.length),
            String(c.kept.length),
            String(c.added.length),
            estimateTokens(c),
            entryFigures(c),
            c.capsule ? (c.capsule.valid && !c.capsule.lost.length ? "ok" : "FAILED") : "—",
          ]),
          ["compaction", "dropped", "kept", "added", "estimate before → after", "the entry's own figures", "capsule"],
        ),
      );
      if (s.compactions.some(hasEntryFigures)) add(main, el("p", "muted figures-note", ENTRY_NOTE));
    }
    add(main, el("h2", null, "Turns"));
    if (!s.turns.length) add(main, el("p", "muted", "No turns."));
    else
      add(
        main,
        table(
          s.turns.map((t, ti) => {
            const ev = ttsrOf(t);
            return [
              link("turn " + t.index, "t=" + ti, { "data-turn": String(ti) }),
              t.responseId,
              String(t.size),
              turnTokens(t),
              ev ? ev.matches.map((m) => m.rule + ":" + m.decision).join(", ") + (ev.agree === false ? " DISAGREE" : "") : "",
            ];
          }),
          ["turn", "response", "messages", "tokens: estimate (logged input)", "TTSR"],
        ),
      );
    const flagged = s.turns.filter((t) => t.tokens.logged && t.tokens.loggedAlsoCounts?.length)[0];
    if (flagged)
      add(
        main,
        el("p", "muted", "† the logged figure" + alsoCounts(flagged.tokens.loggedAlsoCounts) + "; the estimate counts what the file shows being sent."),
      );
  }
  function showCompaction(ci: number): void {
    const c = s.compactions[ci];
    main.textContent = "";
    add(main, back());
    add(main, el("h2", null, "Compaction " + c.id + started(c)));
    const figures = hasEntryFigures(c) ? " · the entry's own figures " + entryFigures(c) + alsoCounts(c.tokens.loggedAlsoCounts) : "";
    add(main, el("p", "meta", "estimate " + estimateTokens(c) + " tokens" + figures));
    if (hasEntryFigures(c)) add(main, el("p", "muted figures-note", ENTRY_NOTE));
    const cap = c.capsule;
    if (cap) {
      const lost = cap.lost.length ? "; lost in compaction: " + cap.lost.map((l) => l.kind + " " + l.value).join("; ") : "";
      add(
        main,
        el("p", cap.valid && !cap.lost.length ? "ok" : "bad", "capsule: " + (cap.valid ? "valid" : "invalid (missing " + cap.missing.join(", ") + ")") + lost),
      );
    }
    const parts: [string, number[]][] = [
      ["dropped", c.dropped],
      ["added", c.added],
      ["kept", c.kept],
    ];
    for (const p of parts) {
      const sec = el("section", "diff-" + p[0]);
      add(sec, el("h3", null, p[0] + " (" + p[1].length + ")"));
      p[1].forEach((mi, pos) => {
        add(sec, message(mi, pos, ""));
      });
      add(main, sec);
    }
  }
  return { showSession, showCompaction };
}
