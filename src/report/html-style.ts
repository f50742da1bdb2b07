// The report's stylesheet (inline; the page loads nothing from the network).
export const STYLE = `
:root { font: 14px/1.45 system-ui, sans-serif; color: #1d232a; background: #fafbfc; }
body { margin: 0; }
header { padding: 12px 20px; background: #fff; border-bottom: 1px solid #d8dee4; }
h1 { margin: 0 0 8px; font-size: 20px; }
h2 { font-size: 17px; word-break: break-all; }
h3 { font-size: 15px; margin: 18px 0 6px; }
table { border-collapse: collapse; margin: 4px 0; }
th, td { border: 1px solid #d8dee4; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f0f3f6; }
.layout { display: flex; align-items: flex-start; }
nav { width: 320px; flex: none; max-height: calc(100vh - 140px); overflow: auto; position: sticky; top: 0; border-right: 1px solid #d8dee4; }
nav ul { list-style: none; margin: 0; padding: 6px; }
nav a { display: block; padding: 3px 6px; color: inherit; text-decoration: none; word-break: break-all; border-radius: 4px; }
nav a.active, nav a:hover { background: #e7eef7; }
.st-error .icon { color: #c0262d; } .st-warning .icon { color: #9a6700; } .st-ok .icon { color: #1a7f37; }
main { flex: 1; padding: 8px 20px; min-width: 0; overflow-x: auto; }
main td { overflow-wrap: break-word; word-break: break-word; max-width: 48em; }
.muted { color: #667; }
.meta { color: #445; }
.msg { border: 1px solid #d8dee4; border-left: 4px solid #8c959f; border-radius: 4px; margin: 6px 0; background: #fff; }
.msg-head { padding: 3px 8px; background: #f6f8fa; font-size: 12px; display: flex; gap: 8px; flex-wrap: wrap; }
.role-user { border-left-color: #0969da; } .role-assistant { border-left-color: #1a7f37; }
.role-tool_result { border-left-color: #8250df; } .role-system, .role-developer, .role-system-prompt { border-left-color: #9a6700; }
.msg.has-reminder { background: #fff8e5; } .msg.merged { outline: 2px dashed #bf8700; }
.msg.new .msg-head { background: #dafbe1; }
.badge { padding: 0 6px; border-radius: 8px; background: #eaeef2; }
.reminder-badge { background: #ffe58f; } .merged-badge { background: #ffd8b5; } .new-badge { background: #aceebb; } .kept-badge { background: #d0d7de; }
pre { margin: 0; padding: 6px 8px; white-space: pre-wrap; word-break: break-word; font: 12px/1.4 ui-monospace, monospace; }
pre.extra { color: #57606a; border-top: 1px dashed #d8dee4; }
mark.reminder-text { background: #fff1b8; }
.diff-dropped .msg { border-left-color: #c0262d; opacity: .85; } .diff-added .msg { border-left-color: #1a7f37; }
.bad { color: #c0262d; font-weight: bold; } .ok { color: #1a7f37; }
header .crumbs { margin: 0 0 4px; } h1 .icon { font-size: 18px; }
h1.st-error .icon { color: #c0262d; } h1.st-warning .icon { color: #9a6700; } h1.st-ok .icon { color: #1a7f37; }
#sessions td.finding { max-width: 40em; overflow-wrap: anywhere; color: #445; }
#sessions a { word-break: break-all; }
.filters input { width: 28em; padding: 3px 6px; }
.chart { padding: 6px 20px 0; background: #fff; border-bottom: 1px solid #d8dee4; }
.tokens-chart { max-height: 220px; display: block; }
.tokens-chart .axis { stroke: #8c959f; } .tokens-chart .lbl { font-size: 11px; fill: #57606a; }
.tokens-chart .series { fill: none; stroke: #0969da; stroke-width: 1.5; } .tokens-chart .logged { fill: #57606a; }
.tokens-chart .mark-compaction { stroke: #c0262d; stroke-width: 2; stroke-dasharray: 5 3; }
.tokens-chart .mark-branch { stroke: #8250df; stroke-width: 1.5; }
.tokens-chart .mark-ttsr circle { fill: #fb8f44; stroke: #bc4c00; } .tokens-chart .mark-ttsr.disagree path { stroke: #c0262d; stroke-width: 2.5; }
.tokens-chart .col { fill: transparent; } .tokens-chart a:hover .col { fill: rgba(9, 105, 218, .12); }
.tokens-chart .selected { stroke: #1d232a; stroke-width: 1.5; }
.legend { margin: 0 0 6px; font-size: 12px; }
details.msg > summary { cursor: pointer; list-style: revert; }
.msg-head .size { color: #57606a; }
.role-bar { display: flex; height: 16px; border: 1px solid #d8dee4; border-radius: 3px; overflow: hidden; max-width: 60em; }
.role-part { background: #8c959f; } .role-part.role-user { background: #0969da; } .role-part.role-assistant { background: #1a7f37; }
.role-part.role-tool_result { background: #8250df; } .role-part.role-system-prompt, .role-part.role-system, .role-part.role-developer { background: #9a6700; }
.role-legend { display: flex; gap: 12px; flex-wrap: wrap; font-size: 12px; margin: 4px 0; }
.role-key::before { content: "■ "; } .role-key.role-user::before { color: #0969da; } .role-key.role-assistant::before { color: #1a7f37; }
.role-key.role-tool_result::before { color: #8250df; } .role-key.role-system-prompt::before { color: #9a6700; }
mark.first-diff { background: #ff8182; outline: 1px solid #c0262d; }
`;
