import { afterAll, beforeAll, expect, it } from "vitest";
import { ask, openApp, readWholeTimeline, scrollToLatest, waitTurn } from "./support/app";
import { describeInChromium, launchChromium, screenshot, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/**
 * Issue #17: the agent asks back instead of guessing, and the answers are buttons. The demo
 * cluster runs a `checkout` Deployment in two namespaces (shop, and outlet of a multi-cause
 * scenario): "describe checkout" cannot pick one by itself.
 */
describeInChromium("clarifying questions", () => {
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

  it("an ambiguous name gets a question with a button per object; a click answers it and the scope follows", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "describe checkout");
    await page.waitForURL(/\/c\//);
    expect(await waitTurn(page)).toBe("completed");
    await scrollToLatest(page);
    const choices = page.getByTestId("clarification-choices").last();
    await choices.waitFor();
    const labels = await choices.getByRole("button").allTextContents();
    expect(labels).toEqual(
      expect.arrayContaining(["deployment/checkout (shop)", "deployment/checkout (outlet)"]),
    );
    // Nothing was described before the user chose.
    const before = await readWholeTimeline(page, () =>
      page.locator('[data-testid="tool-card"] .tool-cmd').allTextContents(),
    );
    expect(before.some((c) => c.startsWith("describe"))).toBe(false);
    await screenshot(page, "clarification-choices");

    await choices.getByRole("button", { name: "deployment/checkout (shop)" }).click();
    // The answer is a second turn: wait for it to finish, not for the first one's status.
    await page
      .locator('[data-testid="turn-status"][data-status="completed"]')
      .nth(1)
      .waitFor({ timeout: 60_000 });
    const after = await readWholeTimeline(page, () =>
      page.locator('[data-testid="tool-card"] .tool-cmd').allTextContents(),
    );
    expect(after.some((c) => /describe .*checkout.* -n shop/.test(c))).toBe(true);
    expect(after.some((c) => c.includes("-n outlet") && c.startsWith("describe"))).toBe(false);
    // The finished turn says where it looked.
    expect(await page.getByTestId("turn-scope").last().textContent()).toContain("namespace shop");
    await context.close();
  });
});
