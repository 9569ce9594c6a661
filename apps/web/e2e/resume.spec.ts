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
import type { WebSocket } from "playwright-core";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

const LATENCY_MS = 100;

/** What the user saw comes back: after a reload, a dropped connection, a crashed server. */
describeInChromium("resume", () => {
  let server: KubemedicServer;
  let browser: Browser;
  beforeAll(async () => {
    // Every answer of the demo cluster comes 100 ms late, as from a remote API server: a turn
    // then runs for seconds, so a reload or a kill lands mid-turn however fast the machine is.
    server = await startKubemedic({ KUBEMEDIC_DEMO_LATENCY_MS: String(LATENCY_MS) });
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

  it("server killed and restarted with a conversation open: banner, recovery with nothing lost, one socket throughout, a message sent offline delivered once", async () => {
    const { context, page } = await openApp(browser, server);
    const errors = collectErrors(page);
    // Count the page's WebSockets from a fresh load on.
    const sockets: WebSocket[] = [];
    page.on("websocket", (ws) => sockets.push(ws));
    await page.reload();
    await waitConnected(page);

    // Two conversations to move between.
    await ask(page, "Which deployments are not fully available?");
    await page.waitForURL(/\/c\//);
    await waitTurn(page);
    await page.getByRole("button", { name: "New conversation" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await ask(page, "why won't invoice-api start in billing?");
    await page.waitForURL(/\/c\//);
    expect(await waitTurn(page)).toBe("completed");
    const id = conversationIdOf(page);

    // Sidebar navigation away and back, and to the start screen, keeps the one socket.
    const item = (text: string) =>
      page.locator('[data-testid="conversation-item"]').filter({ hasText: text }).locator("a");
    await item("Which deployments are not fully available?").click();
    await page.waitForURL((url) => !url.pathname.endsWith(id));
    await page.getByTestId("turn-status").first().waitFor();
    await item("why won't invoice-api start in billing?").click();
    await page.waitForURL((url) => url.pathname.endsWith(id));
    await page.getByRole("button", { name: "New conversation" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goBack();
    expect(conversationIdOf(page)).toBe(id);
    await page.getByTestId("report-card").waitFor();
    expect(sockets.map((ws) => ws.isClosed())).toEqual([false]);

    const rowsBefore = await page.getByTestId("timeline").getAttribute("data-rows");
    const cardsBefore = await toolCards(page);
    const url = page.url();

    await server.kill();
    const banner = page.getByTestId("offline-banner");
    await banner.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("connection-state").getAttribute("data-status")).not.toBe("open");
    // The banner promises only what is true after a crash.
    expect(await banner.textContent()).toContain("shows as interrupted");
    expect(await banner.textContent()).not.toMatch(/nothing is lost/i);
    // What was on screen stays on screen while offline.
    expect(await page.getByTestId("timeline").getAttribute("data-rows")).toBe(rowsBefore);

    // A message sent while offline waits, marked as such.
    const offline = "what do the events in billing say?";
    await page.getByTestId("composer").fill(offline);
    await page.getByTestId("composer").press("Enter");
    await page.getByTestId("outbox-message").filter({ hasText: offline }).waitFor();
    await expect
      .poll(() => banner.textContent())
      .toContain("1 message will be sent when it is back");

    await server.start();
    await page
      .getByRole("button", { name: "Retry now" })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await waitConnected(page, 60_000);
    await banner.waitFor({ state: "detached" });
    // The selection is what it was: same URL, same conversation selected in the list.
    expect(page.url()).toBe(url);
    expect(
      await page
        .locator('[data-testid="conversation-item"][aria-current="page"] a')
        .getAttribute("href"),
    ).toBe(`/c/${encodeURIComponent(id)}`);

    // The queued message went out on the new connection and was answered, exactly once.
    await page
      .getByTestId("user-message")
      .filter({ hasText: offline })
      .waitFor({ timeout: 30_000 });
    expect(await waitTurn(page)).toBe("completed");
    const asked = await readWholeTimeline(page, () =>
      page.getByTestId("user-message").allTextContents(),
    );
    expect(asked).toEqual(["why won't invoice-api start in billing?", offline]);
    expect(await page.getByTestId("outbox-message").count()).toBe(0);
    const stored = (await (
      await page.request.get(`${server.url}/api/conversations/${id}`)
    ).json()) as {
      turns: { messages: { role: string; content: string }[] }[];
    };
    const storedQuestions = stored.turns
      .flatMap((t) => t.messages)
      .filter((m) => m.role === "user")
      .map((m) => m.content);
    expect(storedQuestions).toEqual(["why won't invoice-api start in billing?", offline]);
    // Nothing of the first turn was lost or doubled.
    expect((await toolCards(page)).slice(0, cardsBefore.length)).toEqual(cardsBefore);
    // Attempts while the server was down each made a socket; one is open now.
    expect(sockets.filter((ws) => !ws.isClosed())).toHaveLength(1);
    expect(sockets[0]?.isClosed()).toBe(true);

    // And it works again.
    await ask(page, "Are any nodes not ready?");
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

    // Killed seconds before it could finish (about 4 s at this latency): stored as interrupted,
    // never lost or shown running.
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
