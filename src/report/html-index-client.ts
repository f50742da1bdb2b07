// The inline script of index.html, built from the checked source client/index-filter.ts (compiled like every
// source): the text of indexFilter, called once, in strict mode (the page loads a classic script).
import { indexFilter } from "./client/index-filter.js";

export const INDEX_SCRIPT = `"use strict";\n(${String(indexFilter)})();\n`;
