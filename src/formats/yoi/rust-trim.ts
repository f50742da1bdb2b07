// Rust's str::trim uses Unicode White_Space, which differs from JavaScript's trim(): Rust strips U+0085
// (NEL) and keeps U+FEFF (BOM); JavaScript does the opposite (docs/yoi.md §5 porting note).
const RUST_WS = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028,
  0x2029, 0x202f, 0x205f, 0x3000,
]);

export function rustTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && RUST_WS.has(s.charCodeAt(a))) a++;
  while (b > a && RUST_WS.has(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}
