import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sampleReport } from "../../stream/eventFixtures";
import type { ReportItem } from "../../stream/streamTypes";
import { ReportCard } from "./ReportCard";

const render = (item: Partial<ReportItem> = {}, busy = false) =>
  renderToStaticMarkup(
    <ReportCard
      item={{
        kind: "report",
        key: "r:t1",
        reportId: null,
        report: sampleReport,
        degraded: false,
        ...item,
      }}
      conversationId="c1"
      onAsk={() => undefined}
      onRun={() => undefined}
      busy={busy}
    />,
  );

describe("ReportCard", () => {
  it("shows severity, category, confidence, root cause, chips, evidence and ranked fixes", () => {
    const html = render();
    expect(html).toContain('class="badge badge-err">high<');
    expect(html).toContain(">MissingConfig<");
    expect(html).toContain("86%");
    expect(html).toContain(sampleReport.rootCause);
    expect(html.match(/data-testid="resource-chip"/g)).toHaveLength(3);
    expect(html).toContain("CrashLoopBackOff");
    expect(html).toContain("kubectl logs checkout-7d9f-abcde -n shop --previous");
    expect(html).toContain("fatal: CHECKOUT_DB_URL is not set");
    expect(html).toContain("low risk");
    expect(html).toContain("needs approval");
    expect(html).toContain(">Run<");
  });

  it("exports a stored report from the server, a live one from the browser", () => {
    const stored = render({ reportId: "rep 1" });
    expect(stored).toContain('href="/api/conversations/c1/reports/rep%201?format=md"');
    expect(stored).toContain('href="/api/conversations/c1/reports/rep%201?format=json"');
    const live = render();
    expect(live).not.toContain("/reports/");
    expect(live).toContain("Markdown");
  });

  it("warns about a degraded report", () => {
    expect(render({ degraded: true })).toContain("degraded report");
  });

  it("labels analyzer evidence as k8sgpt, the others as kubectl (regression: 'kubectl analyze')", () => {
    const html = render({
      report: {
        ...sampleReport,
        evidence: [
          { source: "analyzer", command: "analyze", excerpt: "Pod shop/x: CrashLoopBackOff" },
          { source: "events", command: "get events -n shop", excerpt: "BackOff" },
        ],
      },
    });
    expect(html).toContain(">k8sgpt analyze<");
    expect(html).not.toContain("kubectl analyze");
    expect(html).toContain(">kubectl get events -n shop<");
  });

  it("runs a concrete command, but sends one with a placeholder to be edited (regression: 'Run' on <value>)", () => {
    const html = render({
      report: {
        ...sampleReport,
        recommendations: [
          {
            title: "Set DATABASE_URL",
            rationale: "",
            command: "set env deployment/checkout 'DATABASE_URL=<value>' -n shop",
            risk: "medium",
            requiresApproval: true,
          },
        ],
      },
    });
    expect(html).toContain('data-testid="edit-recommendation"');
    expect(html).toContain("Fill in &lt;value&gt; in the message box");
    expect(html).not.toContain('data-testid="run-recommendation"');
    expect(render()).toContain('data-testid="run-recommendation"');
  });

  it("disables Run while a turn is going on", () => {
    const run = (html: string) =>
      /<button[^>]*data-testid="run-recommendation"[^>]*>/.exec(html)?.[0];
    expect(run(render({}, true))).toContain("disabled");
    expect(run(render({}, false))).not.toContain("disabled");
  });
});
