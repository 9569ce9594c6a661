import { afterAll, beforeAll, expect, it } from "vitest";
import { ask, openApp, readWholeTimeline, waitTurn } from "./support/app";
import { describeInChromium, launchChromium, type Browser, type Page } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/** Stopping a turn, the screen-reader live region and focus, against the real server. */
describeInChromium("controls", () => {
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

  /** Asks for a mutation and waits until its turn holds on the approval card. */
  async function pendingMutation(page: Page, command: string): Promise<void> {
    await ask(page, command);
    await waitTurn(page, "awaiting_approval");
    await page.locator('[data-testid="approval-card"][data-pending="true"]').waitFor();
    expect(await page.getByTestId("stop").isVisible()).toBe(true);
  }

  async function expectCancelled(page: Page): Promise<void> {
    expect(await waitTurn(page)).toBe("cancelled");
    // The approval is void: its buttons are gone and the composer can send again.
    expect(await page.getByRole("button", { name: "Approve and run" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Reject…" }).count()).toBe(0);
    await page.getByTestId("send").waitFor();
    expect(await page.getByTestId("stop").count()).toBe(0);
  }

  it("Esc (in the message box or anywhere in the chat) and the stop button cancel a running turn", async () => {
    const { context, page } = await openApp(browser, server);

    await pendingMutation(page, "kubectl scale deployment/checkout -n shop --replicas=5");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("composer");
    await page.keyboard.press("Escape");
    await expectCancelled(page);

    await pendingMutation(page, "kubectl rollout restart deployment/cart -n shop");
    await page.getByTestId("timeline").focus();
    await page.keyboard.press("Escape");
    await expectCancelled(page);

    await pendingMutation(page, "kubectl scale deployment/cart -n shop --replicas=4");
    await page.getByTestId("stop").click();
    await expectCancelled(page);

    // Nothing ran: no mutation reached the cluster.
    const statuses = await readWholeTimeline(page, () =>
      page
        .locator('[data-testid="tool-card"]')
        .evaluateAll((cards) =>
          cards.map(
            (c) =>
              `${c.getAttribute("data-status")} ${c.querySelector(".tool-cmd")?.textContent ?? ""}`,
          ),
        ),
    );
    expect(statuses.filter((s) => s.startsWith("ok") && /scale|rollout/.test(s))).toEqual([]);
    await context.close();
  });

  it("announces the streamed answer and the turn's end in a polite live region", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "why does report-worker in analytics keep restarting?");
    expect(await waitTurn(page)).toBe("completed");
    const region = page.getByTestId("live-region");
    expect(await region.getAttribute("aria-live")).toBe("polite");
    await expect
      .poll(() => region.textContent(), { timeout: 10_000 })
      .toContain("The answer is complete.");
    // Every message of the answer was read out, not only the last one of each flush (the
    // region gets the raw Markdown, the page its rendering: compare the words).
    const words = (text: string | null) => (text ?? "").replace(/[^A-Za-z0-9]+/g, " ").trim();
    const said = words(await region.textContent());
    const messages = await readWholeTimeline(page, () =>
      page.getByTestId("assistant-message").allTextContents(),
    );
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(said).toContain(words(message).slice(0, 40));
    await context.close();
  });

  it("puts focus back in the message box after sending with the button", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "Are any nodes not ready?");
    await waitTurn(page);
    const box = page.getByTestId("composer");
    await box.fill("Which deployments are not fully available?");
    await page.getByTestId("send").click();
    await page
      .getByTestId("user-message")
      .filter({ hasText: "Which deployments are not fully available?" })
      .waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("composer");
    expect(await box.inputValue()).toBe("");
    await waitTurn(page);
    await context.close();
  });
});
