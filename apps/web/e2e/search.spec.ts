import { afterAll, beforeAll, expect, it } from "vitest";
import { ask, openApp, waitTurn } from "./support/app";
import { describeInChromium, launchChromium, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/** History search in the drawer: by the text of answers and reports, not only titles. */
describeInChromium("history search", () => {
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

  it("finds a conversation by a word only its answer has, and opens it", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "why is checkout failing in shop?");
    await page.waitForURL(/\/c\//);
    expect(await waitTurn(page)).toBe("completed");
    const first = new URL(page.url()).pathname;
    const answer = (await page.getByTestId("report-card").last().textContent()) ?? "";
    // The missing variable: in the answer and the report, not in the title.
    expect(answer).toContain("DATABASE_URL");

    await page.getByTestId("new-conversation").click();
    await ask(page, "is anything wrong in the storefront namespace?");
    await page.waitForURL((url) => url.pathname !== first && url.pathname.startsWith("/c/"));
    expect(await waitTurn(page)).toBe("completed");

    await page.getByTestId("conversation-search").fill("database_url");
    const hits = page.getByTestId("search-hit");
    await expect.poll(() => hits.count(), { timeout: 15_000 }).toBe(1);
    expect(await hits.first().textContent()).toContain("why is checkout failing in shop?");
    expect(
      (await hits.first().getByTestId("search-snippet").textContent())?.toLowerCase(),
    ).toContain("database_url");
    await hits.first().locator("a").click();
    await page.waitForURL((url) => url.pathname === first);
    await expect
      .poll(() => page.getByTestId("page-title").textContent())
      .toBe("why is checkout failing in shop?");

    // Nothing found says so; clearing the box brings the list back.
    await page.getByTestId("conversation-search").fill("zzzz-no-such-words");
    await expect
      .poll(() => page.getByTestId("search-results").textContent(), { timeout: 15_000 })
      .toContain("Nothing matches");
    await page.getByTestId("conversation-search").fill("");
    await expect.poll(() => page.getByTestId("conversation-item").count()).toBe(2);
    await context.close();
  });
});
