// Tables that fit the terminal without cutting: every cli-table3 table is drawn through fitTable. With a width
// budget (a TTY's columns, or COLUMNS) the wide columns named `flex` are wrapped onto more lines, words kept whole
// where they fit; without one (off a TTY, no COLUMNS) cells are shown in full. Nothing is ever clipped.
import Table from "cli-table3";

type TableConstructorOptions = Table.TableConstructorOptions;

// Colour sequences take no columns; sightline's own are the only ones left in a cell (log text is escaped first).
const SGR = /\u001b\[[0-9;]*m/g;
const columnsOf = (line: string): number => Array.from(line.replace(SGR, "")).length;
const cellWidth = (cell: string): number => Math.max(0, ...cell.split("\n").map(columnsOf));

/** Each column's width after wrapping the flex columns to fit `width` (undefined: every column at its natural width). */
export function fitWidths(rows: readonly (readonly string[])[], width: number | undefined, flex: readonly number[]): number[] {
  const n = Math.max(0, ...rows.map((r) => r.length));
  const natural = Array.from({ length: n }, (_, i) => Math.max(1, ...rows.map((r) => cellWidth(r[i] ?? ""))));
  // Each cell has one space of padding on either side, and n + 1 borders.
  const frame = 3 * n + 1;
  const total = natural.reduce((a, b) => a + b, 0) + frame;
  if (width === undefined || total <= width) return natural;
  const fixed = natural.reduce((a, w, i) => (flex.includes(i) ? a : a + w), 0);
  let budget = width - frame - fixed;
  // Narrowest first: a column that needs less than its share gives the rest to the wider ones.
  const order = flex.filter((i) => i < n).sort((a, b) => natural[a] - natural[b]);
  const widths = [...natural];
  order.forEach((i, k) => {
    const share = Math.floor(budget / (order.length - k));
    widths[i] = Math.min(natural[i], Math.max(MIN_FLEX, share));
    budget -= widths[i];
  });
  return widths;
}

/** A flex column never gets narrower than this, even when the table then overflows the width. */
const MIN_FLEX = 12;

/** Wraps one cell's text to `width` columns: after a space or a slash where a piece fits, inside it where it does not. */
export function wrapCell(text: string, width: number): string {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    let cur = "";
    for (const word of line.split(/(?<=[ /])/)) {
      if (columnsOf(cur + word.trimEnd()) <= width) {
        cur += word;
        continue;
      }
      if (cur.trim() !== "") out.push(cur.trimEnd());
      cur = "";
      let rest = Array.from(word);
      while (rest.length > width) {
        out.push(rest.slice(0, width).join(""));
        rest = rest.slice(width);
      }
      cur = rest.join("");
    }
    out.push(cur.trimEnd());
  }
  return out.join("\n");
}

export interface FitOptions {
  /** Columns available (undefined: no limit, every cell in full). */
  width?: number;
  /** Indexes of the columns that may wrap (paths, messages); the others keep their natural width. */
  flex: readonly number[];
}

/** Draws a cli-table3 table (`options` without column widths) whose flex columns wrap to fit `fit.width`. */
export function fitTable(options: TableConstructorOptions, rows: readonly (readonly string[])[], fit: FitOptions): string {
  const head = options.head ?? [];
  const widths = fitWidths([head, ...rows], fit.width, fit.flex);
  const t = new Table(options);
  for (const r of rows) t.push(r.map((c, i) => (fit.flex.includes(i) ? wrapCell(c, widths[i]) : c)));
  return t.toString();
}
