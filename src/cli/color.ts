// Colour decision (docs/product.md §4 conventions): --color/--no-color win, then NO_COLOR, then FORCE_COLOR, then TTY.
import { allowColour } from "./output.js";

export function useColor(flag: boolean | undefined, stream: NodeJS.WriteStream = process.stdout): boolean {
  const on = decideColor(flag, stream);
  allowColour(on);
  return on;
}

function decideColor(flag: boolean | undefined, stream: NodeJS.WriteStream): boolean {
  if (flag !== undefined) return flag;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "") return false;
  const force = process.env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force !== "false";
  return stream.isTTY === true;
}
