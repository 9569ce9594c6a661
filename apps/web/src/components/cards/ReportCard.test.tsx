import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sampleReport } from "../../stream/eventFixtures";
import type { ReportItem } from "../../stream/streamTypes";
import { ReportCard } from "./ReportCard";

const render = (item: Partial<ReportItem> = {}) =>
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
});
