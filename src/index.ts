// The library API (design §6): the same code the CLI runs.
export type { Diagnostic, Severity } from "./shared/diagnostics.js";
export { catalogue } from "./shared/codes.js";
export type { FormatName, Msg, NativeContext, SessionBase, SessionTree, TurnRef } from "./formats/types.js";
