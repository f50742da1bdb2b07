// The command files get their argument types from their yargs declarations through defineCommand
// (src/cli/command.ts): an `any`, a type assertion (`x as T`, `<T>x`) or a non-null assertion (`x!`) in
// src/cli/commands would mean a declaration and its use have drifted apart. `as const` is allowed: it is
// how a `choices` list keeps its literal types. Exit codes come from src/cli/exit-codes.ts (a pure function of
// each command's result), so a command file returns no number literal of its own.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const COMMANDS = resolve(import.meta.dirname, "../../src/cli/commands");

const returnsLiteralNumber = (e: ts.Expression): boolean =>
  ts.isNumericLiteral(e) ||
  (ts.isParenthesizedExpression(e) && returnsLiteralNumber(e.expression)) ||
  (ts.isConditionalExpression(e) && (returnsLiteralNumber(e.whenTrue) || returnsLiteralNumber(e.whenFalse)));

/** Every `any`, type assertion, non-null assertion and literal exit code in a source text, as "line: text". */
function untypedSpots(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (n: ts.Node, what: string) => found.push(`${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${what} ${n.getText(sf).slice(0, 80)}`);
  const visit = (n: ts.Node): void => {
    if (n.kind === ts.SyntaxKind.AnyKeyword) at(n, "any");
    else if (ts.isAsExpression(n) || ts.isTypeAssertionExpression(n)) {
      const isConst = ts.isTypeReferenceNode(n.type) && n.type.typeName.getText(sf) === "const";
      if (!isConst) at(n, "cast");
    } else if (ts.isNonNullExpression(n)) at(n, "non-null assertion");
    else if (ts.isReturnStatement(n) && n.expression && returnsLiteralNumber(n.expression)) at(n, "exit code literal");
    ts.forEachChild(n, visit);
  };
  visit(sf);
  // Disabling a lint rule about `any` is a way to keep one.
  text.split("\n").forEach((l, i) => {
    if (/eslint-disable.*no-explicit-any|@ts-(ignore|expect-error|nocheck)/.test(l)) found.push(`${i + 1}: suppression ${l.trim().slice(0, 80)}`);
  });
  return found;
}

describe("command files are typed by their declarations (defineCommand)", () => {
  it("finds an any, a cast, a double cast, a non-null assertion, a suppression and a literal exit code when they are there", () => {
    const planted = [
      "const a: any = 1;",
      "const b = x as string[];",
      "const c = y as unknown as number;",
      "const d = <string>z;",
      "const e = w!.length;",
      "// eslint-disable-next-line @typescript-eslint/no-explicit-any",
      "const f = ['a', 'b'] as const;",
      "function g() { return ok ? 0 : 1; }",
      "function h() { return exitCodeOf(r); }",
    ].join("\n");
    expect(untypedSpots("planted.ts", planted)).toEqual([
      "1: any any",
      "2: cast x as string[]",
      "3: cast y as unknown as number",
      "3: cast y as unknown",
      "4: cast <string>z",
      "5: non-null assertion w!",
      "8: exit code literal return ok ? 0 : 1;",
      "6: suppression // eslint-disable-next-line @typescript-eslint/no-explicit-any",
    ]);
  });

  it("src/cli/commands holds no any, cast, non-null assertion or literal exit code", () => {
    const files = readdirSync(COMMANDS).filter((n) => n.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    const spots = files.flatMap((n) =>
      untypedSpots(n, readFileSync(join(COMMANDS, n), "utf8")).map((s) => `${relative(resolve(COMMANDS, "../../.."), join(COMMANDS, n))}:${s}`),
    );
    expect(spots).toEqual([]);
  });
});
