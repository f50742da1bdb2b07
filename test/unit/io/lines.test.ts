import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteLineSplitter, eachLineOf, splitBytes } from "../../../src/io/lines.js";
import { splitText } from "../../../src/shared/lines.js";

const enc = (s: string) => Buffer.from(s, "utf8");

describe("io/lines: byte line splitting", () => {
  it("splits on \\n only, keeps \\r, numbers lines from 1", () => {
    expect(splitBytes(enc("a\r\nb\rc\n"))).toEqual([
      { no: 1, text: "a\r", terminated: true, noUnicodeEscape: true },
      { no: 2, text: "b\rc", terminated: true, noUnicodeEscape: true },
    ]);
  });
  it("marks an unterminated last line (torn write)", () => {
    expect(splitBytes(enc('a\n{"x":'))).toEqual([
      { no: 1, text: "a", terminated: true, noUnicodeEscape: true },
      { no: 2, text: '{"x":', terminated: false, noUnicodeEscape: true },
    ]);
  });
  it("keeps blank lines as lines (formats decide)", () => {
    expect(splitBytes(enc("\n\nx\n")).map((l) => l.text)).toEqual(["", "", "x"]);
  });
  it("flags invalid UTF-8 per line and keeps reading", () => {
    const data = Buffer.concat([enc("ok\n"), Buffer.from([0x61, 0xff, 0x62, 0x0a]), enc("fine\n")]);
    const lines = splitBytes(data);
    expect(lines.map((l) => !!l.invalidUtf8)).toEqual([false, true, false]);
    expect(lines[1].text).toBe("a\uFFFDb");
  });
  it("treats CESU-encoded lone surrogates as invalid UTF-8", () => {
    const lines = splitBytes(Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22, 0x0a]));
    expect(lines[0].invalidUtf8).toBe(true);
  });
  it("reads a 50 MB line", () => {
    const big = "x".repeat(50 * 1024 * 1024);
    const lines = splitBytes(enc(`{"a":"${big}"}\nnext\n`));
    expect(lines).toHaveLength(2);
    expect(lines[0].text.length).toBe(big.length + 8);
    expect(lines[1]).toEqual({ no: 2, text: "next", terminated: true, noUnicodeEscape: true });
  });
  it("agrees with splitText on valid UTF-8 text", () => {
    const text = "h\n\u00e9\u4e2d\n\n\ud83d\ude00 tail";
    expect(splitBytes(enc(text))).toEqual(splitText(text));
  });
  it('marks exactly the lines without "\\u", however the bytes come in chunks', () => {
    const text = 'a\n{"t":"\\u00e9"}\nb\\\nu\n\\u\nlast \\u';
    const want = [true, false, true, true, false, false];
    expect(splitText(text).map((l) => l.noUnicodeEscape === true)).toEqual(want);
    for (let size = 1; size <= 6; size++) {
      const lines: boolean[] = [];
      const s = new ByteLineSplitter((l) => lines.push(l.noUnicodeEscape === true));
      const bytes = enc(text);
      for (let i = 0; i < bytes.length; i += size) s.push(bytes.subarray(i, i + size));
      s.end();
      expect(lines).toEqual(want);
    }
  });
  it("an empty input has no lines", () => {
    expect(splitBytes(new Uint8Array())).toEqual([]);
  });
});

describe("io/lines: eachLineOf (bytes held whole, decoded once when valid)", () => {
  const collect = (b: Buffer) => {
    const out: ReturnType<typeof splitBytes> = [];
    const n = eachLineOf(b, (l) => out.push(l));
    return { n, out };
  };
  it("gives the byte splitter's lines for any bytes (property)", () => {
    // Pieces: ASCII, multi-byte text, line ends, \r, and bytes that are not UTF-8.
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom("\n", "\r\n", "\u00e9\u4e2d", "\ud83d\ude00", " ", "", "\\u00e9", "\\"),
      fc.constantFrom(Buffer.from([0xff]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xe4, 0xb8])),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const b = Buffer.concat(pieces.map((p) => (typeof p === "string" ? enc(p) : p)));
        const { n, out } = collect(b);
        expect(out).toEqual(splitBytes(b));
        expect(n).toBe(out.length);
      }),
      { numRuns: 500 },
    );
  });
  it("flags only the invalid line when some bytes are not UTF-8", () => {
    const { out } = collect(Buffer.concat([enc("ok\n"), Buffer.from([0x61, 0xff, 0x0a]), enc("torn")]));
    expect(out).toEqual([
      { no: 1, text: "ok", terminated: true, noUnicodeEscape: true },
      { no: 2, text: "a\uFFFD", terminated: true, invalidUtf8: true, noUnicodeEscape: true },
      { no: 3, text: "torn", terminated: false, noUnicodeEscape: true },
    ]);
  });
});
