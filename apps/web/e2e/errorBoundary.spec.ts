import { afterAll, beforeAll, expect, it } from "vitest";
import { collectErrors, describeInChromium, launchChromium, type Browser } from "./support/browser";
import { serveHarness } from "./support/harness";

/**
 * The app's error boundary with a view that throws: never a blank screen, and
 * "Try again" recovers once the cause is gone. No real server can be made to
 * crash a view on purpose, so this mounts the boundary alone (e2e/harness).
 */
describeInChromium("error boundary", () => {
  let browser: Browser;
  let harness: Awaited<ReturnType<typeof serveHarness>>;
  beforeAll(async () => {
    harness = await serveHarness();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.dispose();
  });

  it("shows the error with a retry instead of a blank screen; retry recovers once the view renders", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(harness.url);

    const boundary = page.getByTestId("error-boundary");
    await boundary.waitFor();
    expect(await boundary.getAttribute("role")).toBe("alert");
    expect(await boundary.textContent()).toContain("the view broke while rendering");
    expect(await page.getByTestId("recovered").count()).toBe(0);
    // The boundary logs each crash it catches (componentDidCatch).
    const crashes = () => errors.filter((e) => e.includes("kubemedic: a view crashed")).length;
    await expect.poll(crashes).toBe(1);

    // Still broken: a retry renders the view again, which crashes again, and the boundary
    // shows again, not a blank page (the second crash proves the retry re-rendered).
    await boundary.getByRole("button", { name: "Try again" }).click();
    await expect.poll(crashes).toBe(2);
    await boundary.waitFor();
    expect(await page.evaluate(() => window.__harness.retries)).toBe(1);
    expect(await page.getByTestId("recovered").count()).toBe(0);

    // Mended: the retry renders the view.
    await page.evaluate(() => (window.__harness.fail = false));
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByTestId("recovered").waitFor();
    expect(await page.getByTestId("error-boundary").count()).toBe(0);
    expect(await page.evaluate(() => window.__harness)).toEqual({ fail: false, retries: 2 });
    // React reports the caught errors; nothing else went wrong.
    expect(errors.filter((e) => !e.includes("the view broke while rendering"))).toEqual([]);
    await context.close();
  });

  it("clears the error when the route changes (resetKey)", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(harness.url);
    await page.getByTestId("error-boundary").waitFor();
    await page.evaluate(() => {
      window.__harness.fail = false;
      location.hash = "#/c/another";
    });
    await page.getByTestId("recovered").waitFor();
    // Navigation reset it, not a retry.
    expect(await page.evaluate(() => window.__harness.retries)).toBe(0);
    await context.close();
  });
});
