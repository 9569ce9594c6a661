import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { alignTop, ask, openApp, scrollToLatest, waitTurn } from "./support/app";
import { describeInChromium, launchChromium, screenshot, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/**
 * Fix and verify (#13): after an approved change ran, the verification card watches the
 * demo cluster and says whether the problem is gone — and says so again, the same, after
 * a reload (the card comes back from the stored turn).
 */
describeInChromium("verification", () => {
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

  it("a fix that resolves: the card says resolved, and says it again after a reload", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "why does report-worker in analytics keep restarting?");
    await page.waitForURL(/\/c\//);
    expect(await waitTurn(page)).toBe("completed");

    await ask(page, "fix it");
    const commands = await approveAll(page);
    // The diagnosis's own fix: a memory limit that covers what the worker needs.
    expect(commands.join("\n")).toMatch(/set resources deployment\/report-worker .*memory=/);

    const card = page.getByTestId("verification-card").last();
    expect(await card.getAttribute("data-outcome")).toBe("resolved");
    expect(await card.locator(".badge").textContent()).toBe("resolved");
    expect(await card.locator(".verification-checks").textContent()).toMatch(
      /Deployment analytics\/report-worker\s*rollout complete: done/,
    );
    const before = await cardText(page);
    await alignTop(card);
    await screenshot(page, "verification-resolved");

    await page.reload();
    await page.getByTestId("verification-card").first().waitFor();
    expect(await cardText(page)).toEqual(before);
    await context.close();
  });

  it("a fix that does not address the cause: the card says not resolved, quickly, and after a reload", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "why is checkout failing in shop?");
    await page.waitForURL(/\/c\//);
    expect(await waitTurn(page)).toBe("completed");

    // A restart cannot give checkout the DATABASE_URL it lacks: the new pods crash again,
    // and the watch stops as soon as they do (not at the deadline).
    await ask(page, "kubectl rollout restart deployment/checkout -n shop");
    expect(await approveAll(page)).toEqual(["kubectl rollout restart deployment/checkout -n shop"]);

    const card = page.getByTestId("verification-card").last();
    expect(await card.getAttribute("data-outcome")).toBe("unchanged");
    expect(await card.locator(".badge").textContent()).toBe("not resolved");
    expect(await card.locator(".verification-checks li").first().getAttribute("data-state")).toBe(
      "failing",
    );
    expect(await card.locator(".verification-changes").textContent()).toMatch(
      /Still failing.*checkout/s,
    );
    // Well inside the deadline: the crash-looping new pod ended the watch.
    const elapsed = await card.locator(".tool-meta").textContent();
    expect(elapsed).not.toMatch(/2m|120/);
    // The answer says the verdict in words, not the note meant for the model.
    const answer = (await page.getByTestId("assistant-message").last().textContent()) ?? "";
    expect(answer).toMatch(/not resolved/i);
    expect(answer).not.toMatch(/Verification of this change|Propose the next candidate/);
    const before = await cardText(page);
    await alignTop(card);
    await screenshot(page, "verification-not-resolved");

    await page.reload();
    await page.getByTestId("verification-card").first().waitFor();
    expect(await cardText(page)).toEqual(before);
    await context.close();
  });
});

/** Approves every approval the turn asks for, one card at a time; returns their commands. */
async function approveAll(page: Page): Promise<string[]> {
  const commands: string[] = [];
  const status = page.locator('[data-testid="timeline"] [data-testid="turn-status"]').last();
  const pending = page.locator('[data-testid="approval-card"][data-pending="true"]');
  for (let i = 0; i < 5; i++) {
    let seen = "";
    // The turn pauses for an approval, or ends (after the verification, which may watch for seconds).
    await expect
      .poll(
        async () => {
          seen = (await status.getAttribute("data-status")) ?? "";
          return ["awaiting_approval", "completed", "failed", "cancelled", "interrupted"].includes(
            seen,
          );
        },
        { timeout: 180_000, interval: 200 },
      )
      .toBe(true);
    if (seen !== "awaiting_approval") {
      expect(seen).toBe("completed");
      return commands;
    }
    await scrollToLatest(page);
    const card = pending.first();
    await card.waitFor();
    commands.push((await card.locator(".cmd-line code").first().textContent()) ?? "");
    await card
      .getByRole("button", { name: /^Approve/ })
      .first()
      .click();
    await expect.poll(() => pending.count(), { timeout: 30_000 }).toBe(0);
    // Decided: the turn goes on (or asks again, with a new pending card).
    await expect
      .poll(
        async () =>
          (await status.getAttribute("data-status")) !== "awaiting_approval" ||
          (await pending.count()) > 0,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
  }
  throw new Error(`more than 5 approval rounds: ${commands.join("; ")}`);
}

/** Every verification card's outcome and visible text, in order, for a before/after comparison. */
async function cardText(page: Page): Promise<string[]> {
  await scrollToLatest(page);
  return page
    .getByTestId("verification-card")
    .evaluateAll((cards) =>
      cards.map(
        (c) => `${c.getAttribute("data-outcome")}: ${(c.textContent ?? "").replace(/\s+/g, " ")}`,
      ),
    );
}
