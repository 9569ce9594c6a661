import { afterAll, beforeAll, expect, it } from "vitest";
import { focusRingProblems, openApp, waitTurn } from "./support/app";
import { describeInChromium, launchChromium, screenshot, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/** The analyzers' findings for a namespace, and "investigate" on one of them. */
describeInChromium("scan view", () => {
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

  it("groups the findings of a namespace by severity and kind, and investigates one", async () => {
    const { context, page } = await openApp(browser, server);
    await page.getByTestId("namespace-select").selectOption("shop");
    await page.getByTestId("scan-link").click();
    await page.waitForURL((url) => url.pathname === "/scan");
    await page.getByTestId("finding").first().waitFor({ timeout: 60_000 });

    const groups = await page
      .getByTestId("severity-group")
      .evaluateAll((els) => els.map((e) => e.querySelector("h2 .badge")?.textContent ?? ""));
    expect(groups.length).toBeGreaterThan(0);
    const order = ["critical", "high", "medium", "low", "info", "cluster-wide", "unranked"];
    expect([...groups].sort((x, y) => order.indexOf(x) - order.indexOf(y))).toEqual(groups);
    const names = await page.locator('[data-testid="finding"] .finding-name').allTextContents();
    expect(names.some((n) => n.startsWith("shop/checkout"))).toBe(true);
    // Issue #15 (6): the scan says "confidence", as the report does.
    const meta = await page.getByTestId("candidate").first().textContent();
    expect(meta).toMatch(/confidence \d+%/);
    expect(meta).not.toMatch(/score/);
    await screenshot(page, "scan-view");

    const finding = page.getByTestId("finding").filter({ hasText: "shop/checkout" }).first();
    await finding.getByRole("button", { name: "Investigate" }).click();
    await page.waitForURL(/\/c\//);
    const question = await page.getByTestId("user-message").first().textContent();
    expect(question).toMatch(/^Investigate \w+ checkout/);
    expect(await waitTurn(page)).toBe("completed");
    await page.getByTestId("report-card").waitFor();
    await context.close();
  });

  it("starts a cluster scan from a labelled entry on the start screen, causes grouped by severity (issue #15)", async () => {
    const { context, page } = await openApp(browser, server);
    const link = page.getByTestId("scan-link");
    expect(await link.getAttribute("title")).toBe("Scan all namespaces for problems");
    expect((await link.textContent())?.trim()).toBe("Scan all namespaces");
    const entry = page.getByTestId("start-scan");
    expect(await entry.textContent()).toContain("Scan cluster");
    await entry.click();
    await page.waitForURL((url) => url.pathname === "/scan");
    await page.getByTestId("candidate").first().waitFor({ timeout: 60_000 });
    expect(await page.locator(".scan-head h1").textContent()).toBe("Findings in all namespaces");
    const groups = await page.getByTestId("candidate-group").evaluateAll((els) =>
      els.map((e) => ({
        severity: e.getAttribute("data-severity") ?? "",
        badge: e.querySelector("h3 .badge")?.textContent ?? "",
        cards: e.querySelectorAll('[data-testid="candidate"]').length,
      })),
    );
    expect(groups.length).toBeGreaterThan(1);
    const order = ["critical", "high", "medium", "low", "info"];
    expect(groups.map((g) => g.severity)).toEqual(
      [...groups.map((g) => g.severity)].sort((x, y) => order.indexOf(x) - order.indexOf(y)),
    );
    expect(groups.every((g) => g.badge === g.severity && g.cards > 0)).toBe(true);
    await page.getByTestId("namespace-select").selectOption("shop");
    expect(await link.getAttribute("title")).toBe("Scan namespace shop for problems");
    await context.close();
  });

  it("fits a 375 px screen: no card is clipped (issue #15)", async () => {
    const { context, page } = await openApp(browser, server, { width: 375, height: 780 });
    await page.goto(`${server.url}/scan`);
    await page.getByTestId("finding").first().waitFor({ timeout: 60_000 });
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="candidate"], [data-testid="finding"]')].map(
        (el) => Math.round(el.getBoundingClientRect().right - window.innerWidth),
      ),
    );
    expect(overflow.length).toBeGreaterThan(0);
    expect(Math.max(...overflow)).toBeLessThanOrEqual(0);
    await screenshot(page, "scan-375");
    expect(await focusRingProblems(page, 40)).toEqual([]);
    await context.close();
  });
});
