import { afterAll, beforeAll, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { alignTop, ask, openApp, scrollToLatest, waitLoaded, waitTurn } from "./support/app";
import { describeInChromium, launchChromium, screenshot, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/**
 * Plans for complex questions (#14): a cluster-wide question on the demo cluster
 * (every scenario loaded, the multi-* ones among them: several independent faults
 * across namespaces) is planned. The live plan card shows each step with its
 * specialist and status, ready steps run at the same time, a step opens onto its
 * tool calls; the report card has one section per cause. After a reload both come
 * back from storage, the same.
 */
describeInChromium("plan", () => {
  let server: KubemedicServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startKubemedic();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("a cluster-wide question: live plan card, parallel steps, a combined report; the same after a reload", async () => {
    const { context, page } = await openApp(browser, server);
    // Counts, in the page, the most plan steps seen running at once: parallel steps
    // overlap whatever the machine's speed (a sequential plan never shows two).
    await page.evaluate(() => {
      const w = window as unknown as { maxRunningSteps: number };
      w.maxRunningSteps = 0;
      const count = () => {
        const n = document.querySelectorAll('[data-testid="plan-step"][data-status="running"]');
        w.maxRunningSteps = Math.max(w.maxRunningSteps, n.length);
      };
      new MutationObserver(count).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["data-status"],
      });
    });

    await ask(page, "what's wrong with my cluster?");
    await page.waitForURL(/\/c\//);
    const plan = page.getByTestId("plan-card").last();
    // The live card: the plan is there while the turn still runs.
    await plan.getByTestId("plan-step").first().waitFor({ timeout: 60_000 });
    expect(await waitTurn(page, "ended", 180_000)).toBe("completed");

    const steps = await stepsOf(plan);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    for (const s of steps) {
      expect(s.status).toBe("done");
      expect(s.specialist).toMatch(/^(workload|networking|storage|scheduling|config)$/);
      // The specialist is shown on the step, not only carried in an attribute.
      expect(s.text).toContain(s.specialist);
    }
    expect(await plan.getByTestId("plan-progress").textContent()).toMatch(
      new RegExp(`${steps.length}\\D+${steps.length}`),
    );
    // Ready steps ran at the same time.
    expect(steps.filter((s) => s.dependsOn === "").length).toBeGreaterThanOrEqual(2);
    expect(
      await page.evaluate(() => (window as { maxRunningSteps?: number }).maxRunningSteps),
    ).toBeGreaterThanOrEqual(2);

    // A step opens onto the tool calls its specialist made, and closes again.
    const commands = await expandStep(plan.getByTestId("plan-step").first());
    expect(commands.length).toBeGreaterThan(0);
    for (const c of commands) expect(c).not.toBe("");
    expect(commands.some((c) => c.startsWith("kubectl "))).toBe(true);

    const report = page.getByTestId("report-card").last();
    await report.waitFor();
    const causes = await causesOf(report);
    expect(causes.length).toBeGreaterThanOrEqual(2);
    expect(causes.length).toBeLessThanOrEqual(steps.length);
    for (const c of causes) {
      expect(c.category).not.toBe("");
      expect(c.resources.length).toBeGreaterThan(0);
      expect(c.rootCause).not.toBe("");
    }
    // Independent causes: each names its own first resource.
    expect(new Set(causes.map((c) => c.resources[0])).size).toBe(causes.length);
    // Across namespaces (the multi-* scenarios put faults in several).
    expect(new Set(causes.map((c) => namespaceOf(c.resources[0] ?? ""))).size).toBeGreaterThan(1);

    // The card with its first step open on its tool calls; the report at its cause sections.
    const first = plan.getByTestId("plan-step").first();
    await first.locator(".plan-step-head").click();
    await first.getByTestId("tool-card").first().waitFor();
    await alignTop(plan);
    await screenshot(page, "plan-card");
    await first.locator(".plan-step-head").click();
    await expect.poll(() => first.getByTestId("tool-card").count()).toBe(0);
    await alignTop(report.getByTestId("report-causes"));
    await screenshot(page, "plan-report");
    const planBefore = await stepsOf(plan);
    const reportBefore = await causesOf(report);

    await page.reload();
    await waitLoaded(page);
    const planAfter = page.getByTestId("plan-card").last();
    await planAfter.getByTestId("plan-step").first().waitFor({ timeout: 60_000 });
    expect(await stepsOf(planAfter)).toEqual(planBefore.map((s) => ({ ...s, open: false })));
    expect(await expandStep(planAfter.getByTestId("plan-step").first())).toEqual(commands);
    const reportAfter = page.getByTestId("report-card").last();
    await reportAfter.waitFor({ timeout: 60_000 });
    expect(await causesOf(reportAfter)).toEqual(reportBefore);

    await alignTop(planAfter);
    await screenshot(page, "plan-card-reloaded");
    await context.close();
  }, 480_000);
});

interface StepView {
  status: string;
  specialist: string;
  dependsOn: string;
  open: boolean;
  text: string;
}

async function stepsOf(plan: Locator): Promise<StepView[]> {
  await scrollToLatest(plan.page());
  await alignTop(plan);
  return plan.getByTestId("plan-step").evaluateAll((items) =>
    items.map((li) => ({
      status: li.getAttribute("data-status") ?? "",
      specialist: li.getAttribute("data-specialist") ?? "",
      dependsOn: li.getAttribute("data-depends-on") ?? "",
      open: li.querySelector(".plan-step-head")?.getAttribute("aria-expanded") === "true",
      text: (li.querySelector(".plan-step-head")?.textContent ?? "").replace(/\s+/g, " ").trim(),
    })),
  );
}

/** Opens a closed step, reads the commands of its tool cards, and closes it again. */
async function expandStep(step: Locator): Promise<string[]> {
  const head = step.locator(".plan-step-head");
  await alignTop(step);
  expect(await head.getAttribute("aria-expanded")).toBe("false");
  expect(await step.getByTestId("tool-card").count()).toBe(0);
  await head.click();
  await expect.poll(() => step.getByTestId("tool-card").count()).toBeGreaterThan(0);
  const commands = await step
    .getByTestId("tool-card")
    .evaluateAll((cards) =>
      cards.map((c) =>
        (c.querySelector(".tool-cmd")?.textContent ?? "")
          .replace(/^\$/, "")
          .replace(/\s+/g, " ")
          .trim(),
      ),
    );
  await head.click();
  await expect.poll(() => step.getByTestId("tool-card").count()).toBe(0);
  return commands;
}

interface CauseView {
  category: string;
  rootCause: string;
  resources: string[];
}

async function causesOf(report: Locator): Promise<CauseView[]> {
  await alignTop(report);
  return report.getByTestId("report-cause").evaluateAll((causes) =>
    causes.map((c) => ({
      category: (c.querySelector('[data-testid="cause-category"]')?.textContent ?? "").trim(),
      rootCause: (c.querySelector('[data-testid="report-root-cause"]')?.textContent ?? "").trim(),
      resources: [...c.querySelectorAll('[data-testid="resource-chip"]')].map((r) =>
        (r.textContent ?? "").replace(/\s+/g, " ").trim(),
      ),
    })),
  );
}

/** "Deployment/shop/checkout" → "shop" (a chip names kind/namespace/name, then its status). */
function namespaceOf(chip: string): string {
  return /^[^/\s]+\/([^/\s]+)\/[^/\s]+/.exec(chip)?.[1] ?? "";
}
