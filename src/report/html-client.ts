// The viewer page's script (sessions/session.js), built from the checked TypeScript sources in client/: the text
// of sessionViewer, called with the text of each of its parts, in strict mode (a module's functions are strict; the
// page loads a classic script). The build compiles client/ like every source and the script carries the
// compiled functions; none reads anything from its module at run time, so their text runs on its own.
import { tokenChart } from "./client/chart.js";
import { sessionData } from "./client/data.js";
import { domKit } from "./client/dom.js";
import { sessionView } from "./client/session-view.js";
import { sessionViewer } from "./client/session-viewer.js";
import { turnView } from "./client/turn-view.js";

const parts = { domKit, sessionData, tokenChart, turnView, sessionView };

export const CLIENT_SCRIPT = `"use strict";\n(${String(sessionViewer)})({\n${Object.entries(parts)
  .map(([name, fn]) => `${name}: ${String(fn)}`)
  .join(",\n")}\n});\n`;
