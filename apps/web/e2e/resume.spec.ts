import { afterAll, beforeAll, expect, it } from "vitest";
import {
  ask,
  conversationIdOf,
  openApp,
  readWholeTimeline,
  waitConnected,
  waitTurn,
} from "./support/app";
import {
  collectErrors,
  describeInChromium,
  launchChromium,
  type Browser,
  type Page,
} from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/** What the user saw comes back: after a reload, a dropped connection, a crashed server. */
describeInChromium("resume", () => {
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

  const toolCards = (page: Page) =>
    readWholeTimeline(page, () =>
      page
        .locator('[data-testid="tool-card"]')
        .evaluateAll((cards) =>
          cards.map(
            (c) =>
              `${c.getAttribute("data-status")} ${c.querySelector(".tool-cmd")?.textContent ?? ""}`,
          ),
        ),
    );

  it("reload mid-stream: the conversation comes back and the stream continues", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "why is checkout failing in shop?");
    await page.waitForURL(/\/c\//);
    const id = conversationIdOf(page);
    // Record, from the first paint of the reloaded page, what the turn's status row shows.
    await context.addInitScript(() => {
      const w = window as unknown as { __statuses: string[] };
      w.__statuses = [];
      new MutationObserver(() => {
        const rows = document.querySelectorAll('[data-testid="turn-status"]');
        const last = rows[rows.length - 1]?.getAttribute("data-status");
        if (last && w.__statuses[w.__statuses.length - 1] !== last) w.__statuses.push(last);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    // Reload as soon as the turn is under way.
    await page.locator('[data-testid="turn-status"][data-status="running"]').waitFor();
    await page.reload();
    expect(conversationIdOf(page)).toBe(id);
    await waitConnected(page);
    expect(await page.getByTestId("user-message").first().textContent()).toBe(
      "why is checkout failing in shop?",
    );
    expect(await waitTurn(page)).toBe("completed");
    // The reloaded page saw the same turn still running, then finish: the stream continued.
    const statuses = await page.evaluate(
      () => (window as unknown as { __statuses: string[] }).__statuses,
    );
    expect(statuses[0]).toBe("running");
    expect(statuses.at(-1)).toBe("completed");
    await page.getByTestId("report-card").waitFor();
    const cards = await toolCards(page);
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(cards.every((c) => !c.startsWith("running"))).toBe(true);
    // Nothing twice: the replay and the stored copy were merged, not appended.
    expect(new Set(cards).size).toBe(cards.length);
    const questions = await readWholeTimeline(page, () =>
      page.getByTestId("user-message").allTextContents(),
    );
    expect(questions).toEqual(["why is checkout failing in shop?"]);
    await context.close();
  });

  it("server killed and restarted with a conversation open: banner, then recovery with nothing lost", async () => {
    const { context, page } = await openApp(browser, server);
    const errors = collectErrors(page);
    await ask(page, "why won't invoice-api start in billing?");
    await page.waitForURL(/\/c\//);
    expect(await waitTurn(page)).toBe("completed");
    const rowsBefore = await page.getByTestId("timeline").getAttribute("data-rows");
    const cardsBefore = await toolCards(page);

    await server.kill();
    await page.getByTestId("offline-banner").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("connection-state").getAttribute("data-status")).not.toBe("open");
    // What was on screen stays on screen while offline.
    expect(await page.getByTestId("timeline").getAttribute("data-rows")).toBe(rowsBefore);

    await server.start();
    await page
      .getByRole("button", { name: "Retry now" })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await waitConnected(page, 60_000);
    await page.getByTestId("offline-banner").waitFor({ state: "detached" });
    expect(await page.getByTestId("timeline").getAttribute("data-rows")).toBe(rowsBefore);
    expect(await toolCards(page)).toEqual(cardsBefore);

    // And it works again.
    await ask(page, "what do the events in billing say?");
    expect(await waitTurn(page)).toBe("completed");
    expect(
      errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(e)),
    ).toEqual([]);
    await context.close();
  });

  it("server killed mid-turn: the turn is shown interrupted, the question kept, and can be asked again", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "payments are down — what's wrong in the payments namespace?");
    await page.waitForURL(/\/c\//);
    await page.locator('[data-testid="turn-status"][data-status="running"]').waitFor();
    await server.kill();
    await page.getByTestId("offline-banner").waitFor({ timeout: 30_000 });
    await server.start();
    await waitConnected(page, 60_000);

    // Killed ~2 s before it could finish: stored as interrupted, never lost or shown running.
    expect(await waitTurn(page)).toBe("interrupted");
    expect(await page.getByTestId("user-message").first().textContent()).toBe(
      "payments are down — what's wrong in the payments namespace?",
    );
    const asked = page.getByTestId("user-message");
    const before = await asked.count();
    await page.getByRole("button", { name: "Ask again" }).click();
    await expect.poll(() => asked.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await waitTurn(page)).toBe("completed");
    expect(await page.getByTestId("report-category").last().textContent()).toBe("ImagePull");
    await context.close();
  });
});
