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

  it("lists every target of a command that touches many, with the count not listed", () => {
    const targets = Array.from({ length: 10 }, (_, i) => ({
      kind: "Pod",
      namespace: "shop",
      name: `checkout-${i}`,
    }));
    const html = render(
      {
        ...item(null),
        entries: [
          {
            toolCallId: "call-delete",
            command: "delete pods -l app=checkout -n shop",
            request: {
              ...sampleApproval,
              command: "delete pods -l app=checkout -n shop",
              target: targets[0] ?? sampleApproval.target,
              targets,
              targetsOmitted: 3,
            },
            decision: null,
          },
        ],
      },
      true,
    );
    expect(html).toContain(">Targets<");
    expect(html).toContain("13 objects");
    for (const t of targets) expect(html).toContain(`Pod/shop/${t.name}`);
    expect(html).toContain("2 more</summary>");
    expect(html).toContain("and 3 more not listed");
  });

  it("shows the preview's notes before the diff", () => {
    const html = render(
      {
        ...item(null),
        entries: [
          {
            toolCallId: "call-scale",
            command: sampleApproval.command,
            request: {
              ...sampleApproval,
              preview: {
                ...sampleApproval.preview,
                notes: ["The server's dry run failed, so the result is not shown."],
              },
            },
            decision: null,
          },
        ],
      },
      true,
    );
    const notes = html.indexOf('data-testid="approval-notes"');
    expect(notes).toBeGreaterThan(-1);
    expect(html).toContain("The server&#x27;s dry run failed, so the result is not shown.");
    expect(notes).toBeLessThan(html.indexOf('class="diff"'));
    // One target: the single "Target" line, as before.
    expect(html).toContain(">Target<");
    expect(html).not.toContain("objects");
  });
});
