import { afterAll, beforeAll, expect, it } from "vitest";
import {
  ask,
  openApp,
  readWholeTimeline,
  scrollToLatest,
  toolOutput,
  waitTurn,
} from "./support/app";
import { describeInChromium, launchChromium, screenshot, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/** A command that changes the cluster runs only after "Approve"; a rejection reaches the agent. */
describeInChromium("approval", () => {
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

  it("approve: the command runs and the demo cluster changes", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "kubectl scale deployment/checkout -n shop --replicas=3");
    await page.waitForURL(/\/c\//);
    await waitTurn(page, "awaiting_approval");

    const card = page.locator('[data-testid="approval-card"][data-pending="true"]');
    await card.waitFor();
    expect(await card.locator(".cmd-line code").first().textContent()).toBe(
      "kubectl scale deployment/checkout -n shop --replicas=3",
    );
    expect(await card.getByTestId("approval-diff").textContent()).toMatch(/replicas/);
    await screenshot(page, "approval-card");

    await card.getByRole("button", { name: "Approve and run" }).click();
    const decision = page.getByTestId("approval-decision").last();
    await decision.waitFor();
    expect(await decision.textContent()).toMatch(/Approved\s*by/);
    expect(await waitTurn(page)).toBe("completed");
    // The card is decided now: no buttons left.
    expect(await page.getByRole("button", { name: "Approve and run" }).count()).toBe(0);

    const scaled = await readWholeTimeline(page, async () =>
      page
        .locator('[data-testid="tool-card"]')
        .evaluateAll((cards) =>
          cards.map(
            (c) =>
              `${c.getAttribute("data-status")} ${c.querySelector(".tool-cmd")?.textContent ?? ""}`,
          ),
        ),
    );
    expect(scaled.some((c) => c.startsWith("ok") && c.includes("scale deployment/checkout"))).toBe(
      true,
    );

    // Read it back through the agent: the Deployment now wants 3 replicas.
    await ask(page, "kubectl get deployment checkout -n shop -o yaml");
    await waitTurn(page);
    await scrollToLatest(page);
    expect(await toolOutput(page, "get deployment checkout")).toMatch(/replicas: 3/);
    await context.close();
  });

  it("reject with a reason: nothing runs and the agent says so", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "kubectl rollout restart deployment/cart -n shop");
    await page.waitForURL(/\/c\//);
    await waitTurn(page, "awaiting_approval");
    const card = page.locator('[data-testid="approval-card"][data-pending="true"]');
    await card.getByRole("button", { name: "Reject…" }).click();
    await card.getByRole("textbox").fill("not during business hours");
    await card.getByRole("button", { name: "Reject", exact: true }).click();

    const decision = page.getByTestId("approval-decision").last();
    await decision.waitFor();
    expect(await decision.textContent()).toMatch(/Rejected\s*by.*not during business hours/);
    await waitTurn(page);
    const said = await readWholeTimeline(page, () =>
      page.getByTestId("assistant-message").allTextContents(),
    );
    // The agent acknowledges the decision about this command, in its own words.
    const answer = said.join("\n");
    expect(answer).toMatch(/not run|reject/i);
    expect(answer).toContain("rollout restart deployment/cart");
    const statuses = await page
      .locator('[data-testid="tool-card"]')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-status")));
    expect(statuses).not.toContain("ok");
    await context.close();
  });

  it("Run on a recommendation asks for approval; one with a placeholder goes to the message box", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "Payments are down — what's wrong in the payments namespace?");
    await page.waitForURL(/\/c\//);
    expect(await waitTurn(page)).toBe("completed");
    await scrollToLatest(page);
    const report = page.getByTestId("report-card").last();
    const rec = report
      .getByTestId("recommendation")
      .filter({ has: page.getByTestId("run-recommendation") })
      .first();
    const command = (await rec.locator(".cmd-line code").textContent()) ?? "";
    expect(command).toMatch(/^kubectl (set image|rollout undo) /);
    await rec.getByTestId("run-recommendation").click();

    // The command goes out as the user's message, and its mutation waits for approval.
    await waitTurn(page, "awaiting_approval");
    const card = page.locator('[data-testid="approval-card"][data-pending="true"]');
    await card.waitFor();
    expect(await card.locator(".cmd-line code").first().textContent()).toBe(command);
    // Focus is back in the message box, and nothing else can run meanwhile.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("composer");
    await scrollToLatest(page);
    const runs = page.getByTestId("run-recommendation");
    expect(await runs.count()).toBeGreaterThan(0);
    for (const button of await runs.all()) expect(await button.isDisabled()).toBe(true);

    await card.getByRole("button", { name: "Reject…" }).click();
    await card.getByRole("textbox").fill("only checking the flow");
    await card.getByRole("button", { name: "Reject", exact: true }).click();
    await waitTurn(page);
    await scrollToLatest(page);
    expect(await page.getByTestId("run-recommendation").first().isDisabled()).toBe(false);

    // shop/checkout's fix needs a value only the user knows: "Edit" puts it in the box.
    await ask(page, "why is checkout failing in shop?");
    expect(await waitTurn(page)).toBe("completed");
    await scrollToLatest(page);
    const edit = page.getByTestId("report-card").last().getByTestId("edit-recommendation").first();
    const line =
      (await page
        .getByTestId("report-card")
        .last()
        .getByTestId("recommendation")
        .filter({ has: page.getByTestId("edit-recommendation") })
        .first()
        .locator(".cmd-line code")
        .textContent()) ?? "";
    expect(line).toMatch(/<\w+>/);
    const sent = await page.getByTestId("user-message").count();
    await edit.click();
    const box = page.getByTestId("composer");
    await expect.poll(() => box.inputValue()).toBe(line);
    // Focus and selection follow the draft by an animation frame (focusComposer).
    await expect
      .poll(() =>
        box.evaluate((el: HTMLTextAreaElement) =>
          document.activeElement === el ? el.value.slice(el.selectionStart, el.selectionEnd) : "",
        ),
      )
      .toMatch(/^<\w+>$/);
    // Nothing was sent: a sent message shows in the outbox at once, before any echo (no
    // waiting needed: the draft and the selection checked above came after the click).
    expect(await page.getByTestId("outbox-message").count()).toBe(0);
    expect(await page.getByTestId("user-message").count()).toBe(sent);
    await context.close();
  });
});
