import { afterAll, beforeAll, expect, it } from "vitest";
import { ask, conversationIdOf, openApp, waitConnected, waitTurn } from "./support/app";
import { describeInChromium, launchChromium, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/** Two tabs on one conversation see the same live events. */
describeInChromium("two tabs", () => {
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

  it("keeps two tabs of one conversation in step", async () => {
    const { context, page: a } = await openApp(browser, server);
    await ask(a, "why is the trainer pod in ml stuck in Pending?");
    await a.waitForURL(/\/c\//);
    await waitTurn(a);
    const id = conversationIdOf(a);

    const b = await context.newPage();
    await b.goto(`${server.url}/c/${id}`);
    await waitConnected(b);
    await b.getByTestId("report-card").waitFor();

    await ask(a, "which events are recent in ml?");
    // Tab B gets the follow-up and its answer without touching anything.
    await b
      .getByTestId("user-message")
      .filter({ hasText: "which events are recent in ml?" })
      .waitFor({ timeout: 30_000 });
    await waitTurn(a);
    await waitTurn(b);
    const rows = async (p: typeof a) =>
      Number(await p.getByTestId("timeline").getAttribute("data-rows"));
    await expect.poll(async () => (await rows(a)) === (await rows(b))).toBe(true);
    expect(await b.getByTestId("assistant-message").last().textContent()).toBe(
      await a.getByTestId("assistant-message").last().textContent(),
    );
    // B's draft never leaked into A.
    expect(await a.getByTestId("composer").inputValue()).toBe("");
    await context.close();
  });
});
