// A usage problem or an unreadable input: exit code 2 (docs/product.md §4). Declared in shared so the library can
// refuse a command line too (an --profile the detected format does not know).
export { UsageError } from "../shared/errors.js";
