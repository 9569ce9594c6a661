import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sampleApproval } from "../../stream/eventFixtures";
import type { ApprovalItem } from "../../stream/streamTypes";
import { ApprovalCard } from "./ApprovalCard";

const item = (decision: ApprovalItem["entries"][number]["decision"]): ApprovalItem => ({
  kind: "approval",
  key: "p:call-scale",
  entries: [
    {
      toolCallId: "call-scale",
      command: sampleApproval.command,
      request: sampleApproval,
      decision,
    },
  ],
});
const render = (i: ApprovalItem, pending: boolean, deciding = false) =>
  renderToStaticMarkup(
    <ApprovalCard item={i} pending={pending} deciding={deciding} onDecide={() => undefined} />,
  );

describe("ApprovalCard", () => {
  it("shows the exact command, its risk, target, reason and diff, with approve and reject", () => {
    const html = render(item(null), true);
    expect(html).toContain("kubectl scale deployment/checkout -n shop --replicas=3");
    expect(html).toContain("medium risk");
    expect(html).toContain("Deployment/shop/checkout");
    expect(html).toContain("Restore capacity after the fix.");
    expect(html).toContain('<span class="del">-  replicas: 1</span>');
    expect(html).toContain('<span class="add">+  replicas: 3</span>');
    expect(html).toContain("Approve and run");
    expect(html).toContain("Reject…");
    expect(html).toContain('data-pending="true"');
  });

  it("disables the buttons while the decision is on its way", () => {
    const html = render(item(null), true, true);
    expect(html.match(/<button[^>]*disabled=""[^>]*>/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("shows who decided, and no buttons, once decided", () => {
    const html = render(
      item({
        toolCallId: "call-scale",
        decision: "reject",
        reason: "not now",
        by: "alice",
        at: "2026-11-22T10:00:00Z",
      }),
      false,
    );
    expect(html).toContain("Rejected");
    expect(html).toContain("<strong>alice</strong>");
    expect(html).toContain("not now");
    expect(html).not.toContain("Approve and run");
    expect(html).toContain('data-pending="false"');
  });

  it("says so when the turn ended without a decision", () => {
    expect(render(item(null), false)).toContain("No decision was made before the turn ended.");
  });
});
