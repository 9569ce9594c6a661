import { afterAll, beforeAll, expect, it } from "vitest";
import { ask, openApp, waitTurn } from "./support/app";
import { describeInChromium, launchChromium, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/**
 * Issue #15: the answer before a report used to stream in full and then shrink to its lead
 * when the report card arrived. The server now says a report may follow, and the answer shows
 * as its lead from its first delta: it never shows more than that lead.
 */
describeInChromium("the answer before a report", () => {
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

  it("never shows more than its lead, from the first word to the report", async () => {
    const { context, page } = await openApp(browser, server);
    // Every rendered state of every answer, recorded as the DOM changes.
    await page.evaluate(() => {
      const seen: string[][] = [];
      (window as unknown as { seen: string[][] }).seen = seen;
      new MutationObserver(() => {
        seen.push(
          [...document.querySelectorAll('[data-testid="assistant-message"] .md')].map(
            (el) => el.textContent ?? "",
          ),
        );
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await ask(page, "why is checkout failing in shop?");
    expect(await waitTurn(page)).toBe("completed");
    await page.getByTestId("report-card").waitFor();
    const lead = page.locator('[data-testid="assistant-message"][data-lead="true"]').last();
    const shown = ((await lead.locator(".md").textContent()) ?? "").trim();
    expect(shown.length).toBeGreaterThan(20);
    const seen = await page.evaluate(() => (window as unknown as { seen: string[][] }).seen);
    const start = shown.slice(0, 20);
    const longest = Math.max(
      ...seen.flat().map((text) => (text.trim().startsWith(start) ? text.trim().length : 0)),
    );
    expect(seen.length).toBeGreaterThan(0);
    // A streamed word may briefly end a sentence differently; the full answer is far longer.
    expect(longest).toBeLessThanOrEqual(shown.length + 2);
    // The whole answer is still one click away.
    await lead.getByTestId("full-answer-toggle").click();
    expect(((await lead.locator(".md").textContent()) ?? "").length).toBeGreaterThan(
      shown.length * 2,
    );
    await context.close();
  });
});
