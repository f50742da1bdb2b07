// renderCompactCapsulePrompt (docs/capsule.md §6). Rendering does not validate: missing scalars print as
// "undefined", and a missing gate / findings or a non-string fileHash made the original throw, which
// sightline returns as data (docs/product.md §3). Strings verbatim from the seed, ASCII punctuation as there.
// Lists are walked with forEach as the seed walks them: a string or an object with a length (an array-like that is
// no array) throws "… .forEach is not a function" there, and so here (docs/capsule.md §6.1).
import type { CompactCapsule, RenderResult } from "./types.js";
import { toUpstreamThrow } from "./types.js";

export const CAPSULE_RULES = [
  "- 存在 hard-deny 时不得绕过,必须修复状态或补证据",
  "- 存在 blocking question 时唯一动作是回答或修订事实",
  "- 写入事务必须重新校验 source anchor 后才能继续",
  "- 不能凭记忆恢复 facts/evidence,必须从 run 状态读取",
] as const;

export function renderCompactCapsulePrompt(input: unknown): RenderResult {
  try {
    return { ok: true, text: render(input as CompactCapsule) };
  } catch (e) {
    return { ok: false, ...toUpstreamThrow(e) };
  }
}

function render(capsule: CompactCapsule): string {
  const out: string[] = ["## Compact Capsule(上下文压缩恢复)", "", `Trace ID:${capsule.traceId}`, `创建时间:${capsule.createdAt}`];
  const section = (title: string) => out.push("", title);
  if (capsule.hardDenySummary.length > 0) {
    section("### Hard Deny(活跃阻断)");
    capsule.hardDenySummary.forEach((d) => {
      out.push(`- ${d}`);
    });
  }
  if (capsule.openQuestions.length > 0) {
    section("### 未回答问题");
    capsule.openQuestions.forEach((q) => {
      out.push(`- ${q.id}${q.blocking ? " [BLOCKING]" : ""}:${q.question}`);
    });
  }
  if (capsule.resumeSnapshot) {
    section("### 恢复断点");
    out.push(`阶段:${capsule.resumeSnapshot.phase}`, `下一动作:${capsule.resumeSnapshot.nextAction}`);
    if (capsule.resumeSnapshot.pendingQuestionId) out.push(`待处理问题:${capsule.resumeSnapshot.pendingQuestionId}`);
  }
  section("### 门禁状态");
  out.push(`通过:${capsule.currentGate.passed ? "是" : "否"}`);
  if (capsule.currentGate.reason) out.push(`原因:${capsule.currentGate.reason}`);
  if (capsule.currentGate.findings.length > 0) {
    out.push("Findings:");
    capsule.currentGate.findings.forEach((f) => {
      out.push(`- [${f.severity}] ${f.policy}:${f.message}`);
    });
  }
  if (capsule.writeTransactions.length > 0) {
    section("### 写入事务");
    capsule.writeTransactions.forEach((t) => {
      out.push(`- ${t.id} ${t.path} [${t.status}]`);
    });
  }
  if (capsule.sourceAnchors.length > 0) {
    section("### 源码锚点");
    capsule.sourceAnchors.forEach((a) => {
      out.push(`- ${a.path}:${a.refCount} anchors,fileHash=${a.fileHash.slice(0, 12)}`);
    });
  }
  if (capsule.completionPromiseId) section(`### Completion Promise:${capsule.completionPromiseId}`);
  if (capsule.stopHook) {
    section("### Stop Hook");
    out.push(`类型:${capsule.stopHook.type}`, `原因:${capsule.stopHook.reason}`);
  }
  section("### 恢复后规则");
  out.push(...CAPSULE_RULES);
  return out.join("\n");
}
