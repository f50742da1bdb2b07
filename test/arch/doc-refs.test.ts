// Every `§` reference in src/ names a document of docs/ and a section that document has: the code's
// citations point into this repository, and a renumbered or removed section breaks this test.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { docSections, sectionRefs } from "./doc-refs.js";

const ROOT = resolve(import.meta.dirname, "../..");
const DOCS = join(ROOT, "docs");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|json)$/.test(p) ? [p] : [];
  });
}

const docs = new Map(
  readdirSync(DOCS)
    .filter((n) => n.endsWith(".md"))
    .map((n) => [n, docSections(readFileSync(join(DOCS, n), "utf8"))]),
);

describe("§ references in src/ point into docs/", () => {
  // JSON schemas may spell § as \u00a7.
  const sources = files(join(ROOT, "src")).map((f) => ({ f, text: readFileSync(f, "utf8").replaceAll("\\u00a7", "§") }));
  const refs = sources.flatMap(({ f, text }) => sectionRefs(text).map((r) => ({ ...r, where: `${relative(ROOT, f)}:${r.line}` })));

  it("finds the references and the documents", () => {
    expect(refs.length).toBeGreaterThan(300);
    expect(docs.size).toBeGreaterThan(5);
  });

  it("every reference names a document of docs/ and a section it has", () => {
    const bad = refs.flatMap((r) => {
      if (r.doc === undefined) return [`${r.where}: §${r.section} names no document (write docs/<file>.md §${r.section})`];
      const sections = docs.get(r.doc);
      if (!sections) return [`${r.where}: docs/${r.doc} does not exist`];
      return sections.has(r.section) ? [] : [`${r.where}: docs/${r.doc} has no §${r.section}`];
    });
    expect(bad).toEqual([]);
  });

  it("names no reference document outside the repository", () => {
    const outside = /\b(?:design\.md|ttsr-spec|scorel-format|yoi-format|pi-session-format)\b|(?<!docs\/)\b(?:capsule|strings)\.md\b/;
    const bad = sources.flatMap(({ f, text }) => text.split("\n").flatMap((l, i) => (outside.test(l) ? [`${relative(ROOT, f)}:${i + 1}`] : [])));
    expect(bad).toEqual([]);
  });
});

describe("reference reader", () => {
  it("reads named references, lists and ranges, and flags bare ones", () => {
    const text = "// docs/ttsr.md §9.4, §9.7 and docs/pi.md §1–§4\n// see §5\n";
    expect(sectionRefs(text).map((r) => [r.doc, r.section, r.line])).toEqual([
      ["ttsr.md", "9.4", 1],
      ["ttsr.md", "9.7", 1],
      ["pi.md", "1", 1],
      ["pi.md", "4", 1],
      [undefined, "5", 2],
    ]);
  });
  it("reads numbered headings as sections", () => {
    expect([...docSections("# T\n## 1. A\n### 1.2 B\ntext\n## 10. C\n")]).toEqual(["1", "1.2", "10"]);
  });
});
