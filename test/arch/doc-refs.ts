// Reading `§` references out of source text, and section numbers out of a docs/ page.

export interface SectionRef {
  /** The docs/ file named (e.g. "ttsr.md"), or undefined when the reference names none. */
  doc: string | undefined;
  section: string;
  line: number;
}

const REF = /§\s*(\d+(?:\.\d+)*)/g;
const NAMED = /docs\/([a-z0-9-]+\.md)\s*$/;
// Between two references of one list or range: "§9.4, §9.7", "§1–§4", "§9.3/§9.4", "§2 and §3".
const CONTINUES = /^[\s,;/–-]*(?:and\s+|or\s+)?$/;

export function sectionRefs(text: string): SectionRef[] {
  const out: SectionRef[] = [];
  for (const [i, line] of text.split("\n").entries()) {
    let prev: { end: number; doc: string | undefined } | undefined;
    for (const m of line.matchAll(REF)) {
      const start = m.index;
      const named = NAMED.exec(line.slice(0, start));
      const doc = named ? named[1] : prev && CONTINUES.test(line.slice(prev.end, start)) ? prev.doc : undefined;
      out.push({ doc, section: m[1], line: i + 1 });
      prev = { end: start + m[0].length, doc };
    }
  }
  return out;
}

/** Section numbers of a page: headings that start with a number ("## 7. …", "### 7.7 …"). */
export function docSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s/gm)].map((m) => m[1]));
}
