// Wraps the format parsers behind one LineSink: buffers lines until the first JSON record tells which
// format the file is (docs/product.md §2 "detection"), then hands every line to that format's parser.
import { DiagnosticBag, type Diagnostic } from "../shared/diagnostics.js";
import { isObject, parseJson } from "../shared/json.js";
import type { LineRecord, LineSink } from "../shared/lines.js";
import type { FormatModule, ParseOptions } from "./types.js";

/** The result for a file that is not a session sightline can read. */
export interface UnreadSession {
  format: null;
  file: string;
  diagnostics: Diagnostic[];
  lineCount: number;
}

/** Options of a sniffing parser; N is the registry's format names (`SessionParseOptions` in src/formats/index.ts). */
export interface SniffOptions<N extends string = string> extends ParseOptions {
  /** Force a format instead of detecting it. */
  format?: N;
  /**
   * The format of a requested profile: it reads the file when detection cannot tell (an empty file, a first
   * record that is not a known header), so that format's own loader gives its verdict.
   */
  fallback?: N;
}

/** How many leading lines may be blank or unparseable before detection gives up. */
const SNIFF_LIMIT = 64;

/** Detects the format of a line stream; S is the union of the sessions the registry's parsers return. */
export class SessionSniffer<S extends { format: string }> implements LineSink<S | UnreadSession> {
  private buffered: LineRecord[] = [];
  private inner: LineSink<S> | null = null;
  private giveUp = false;
  private lines = 0;

  constructor(
    private readonly modules: readonly Pick<FormatModule, "name" | "sniff">[],
    private readonly opts: SniffOptions<S["format"]>,
    /** The parser of a format, typed with that format's session. */
    private readonly parserOf: (name: S["format"], opts: ParseOptions) => LineSink<S>,
  ) {
    if (opts.format) {
      const m = modules.find((x) => x.name === opts.format);
      if (m) this.inner = parserOf(m.name, opts);
    }
  }

  /** The format's parser once the format is known (a reader continuing the file by other means), else null. */
  get parser(): LineSink<S> | null {
    return this.inner;
  }

  push(line: LineRecord): void {
    this.lines = line.no;
    if (this.inner) {
      this.inner.push(line);
      return;
    }
    if (this.giveUp) return;
    this.buffered.push(line);
    const text = line.text.trim();
    if (text === "" && this.buffered.length < SNIFF_LIMIT) return;
    const parsed = parseJson(line.text.replace(/^\uFEFF/, ""));
    const first = parsed.ok ? parsed.value : undefined;
    const m = isObject(first) ? this.modules.find((x) => x.sniff(first)) : undefined;
    if (m) {
      this.inner = this.parserOf(m.name, this.opts);
      for (const l of this.buffered) this.inner.push(l);
      this.buffered = [];
    } else if (parsed.ok || this.buffered.length >= SNIFF_LIMIT || !line.terminated) {
      this.undetected();
    } else {
      // A leading line of bad JSON: keep looking (a torn or garbage first line must not hide the format).
    }
  }

  /** Detection failed: the requested profile's format reads the file, else nothing does. */
  private undetected(): void {
    const m = this.opts.fallback ? this.modules.find((x) => x.name === this.opts.fallback) : undefined;
    if (!m) {
      this.giveUp = true;
      return;
    }
    this.inner = this.parserOf(m.name, this.opts);
    for (const l of this.buffered) this.inner.push(l);
    this.buffered = [];
  }

  finish(): S | UnreadSession {
    if (!this.inner && !this.giveUp) this.undetected();
    if (this.inner) return this.inner.finish();
    const bag = new DiagnosticBag(this.opts.file);
    const firstText = this.buffered.find((l) => l.text.trim() !== "");
    if (!firstText) bag.add("EMPTY_FILE", {});
    else
      bag.add(
        "UNKNOWN_FORMAT",
        { line: firstText.no },
        { detail: "the first record is not a Scorel header, a pi session header, a yoi segment_start, a Claude Code transcript line or a Codex session_meta" },
      );
    return { format: null, file: this.opts.file, diagnostics: bag.items, lineCount: this.lines };
  }
}
