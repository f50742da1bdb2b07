// Tables for the terminal (aligned text) or for the README (Markdown, with --markdown).

export const fmt = {
  ms(ms) {
    if (ms == null || !Number.isFinite(ms)) return "—";
    return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
  },
  mbps(bytes, ms) {
    return ms > 0 ? `${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s` : "—";
  },
  mb(bytes) {
    return `${(bytes / 1e6).toFixed(bytes < 10e6 ? 2 : 0)} MB`;
  },
  ratio(x) {
    return x == null || !Number.isFinite(x) ? "—" : `${x.toFixed(x < 0.1 ? 3 : 2)}×`;
  },
  int(n) {
    return n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}k` : String(n);
  },
};

/** Renders rows (arrays of cells) under a header, as Markdown or aligned text. */
export function table(title, header, rows, markdown) {
  const out = [];
  if (markdown) {
    out.push(`#### ${title}`, "", `| ${header.join(" | ")} |`, `| ${header.map(() => "---").join(" | ")} |`);
    for (const r of rows) out.push(`| ${r.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`);
  } else {
    const w = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
    const line = (r) =>
      r
        .map((c, i) => String(c).padEnd(w[i]))
        .join("  ")
        .trimEnd();
    out.push(title, line(header), w.map((n) => "-".repeat(n)).join("  "));
    for (const r of rows) out.push(line(r));
  }
  out.push("");
  return out.join("\n");
}

/** Every reason a workload could not run, for the summary line. */
export const pending = new Set();

/** The main cell of a result: the figure, or why it is missing (said once per row). */
export function status(r, show) {
  if (!r) return "—";
  if (r.unavailable) {
    pending.add(r.unavailable);
    return `not available yet: ${r.unavailable}`;
  }
  if (r.skipped) return `skipped: ${r.skipped}`;
  if (!r.ok) return `failed: ${String(r.error).split("\n")[0].slice(0, 120)}`;
  return show(r);
}

/** A secondary cell of a result: the figure, or a dash. */
export function cell(r, show) {
  return r && r.ok ? show(r) : "—";
}
