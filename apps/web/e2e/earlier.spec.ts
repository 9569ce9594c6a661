import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { alignTop, ask, openApp, readWholeTimeline, waitTurn } from "./support/app";
import { describeInChromium, launchChromium, screenshot, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/**
 * Issue #17 item 6: turns that no longer fit the assistant's history budget are summarized,
 * and the UI shows where: a folded "Earlier in this conversation" note above the turn that
 * started from the summary, the same after a reload. The server runs with the smallest
 * history budget the graph config allows, so a diagnosis is summarized a turn or two later.
 */
describeInChromium("summary of earlier turns", () => {
  let server: KubemedicServer;
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "kubemedic-earlier-"));
    const config = join(dir, "graph.yaml");
    writeFileSync(config, "budgets:\n  historyTokens: 500\n");
    server = await startKubemedic({ KUBEMEDIC_GRAPH_CONFIG: config });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const notes = (page: Parameters<typeof readWholeTimeline>[0]) =>
    readWholeTimeline(page, () => page.getByTestId("earlier-summary").allTextContents());

  it("a folded note above the turn that summarized, with what was found; kept after a reload", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "why is checkout failing in shop?");
    await page.waitForURL(/\/c\//);
    expect(await waitTurn(page)).toBe("completed");
    for (const q of ["list pods in shop", "list deployments in shop"]) {
      await ask(page, q);
      expect(await waitTurn(page)).toBe("completed");
    }
    const live = await notes(page);
    expect(live.length).toBeGreaterThanOrEqual(1);
    expect(live[0]).toContain("Earlier in this conversation");

    // Folded: the summary's text shows once opened.
    const note = page.getByTestId("earlier-summary").first();
    await alignTop(note);
    expect(await note.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await note.locator("summary").click();
    await expect
      .poll(() => note.textContent())
      .toMatch(/why is checkout failing in shop\?.*CrashLoop on Deployment\/shop\/checkout/s);
    await screenshot(page, "earlier-summary");

    await page.reload();
    await page.getByTestId("turn-status").first().waitFor();
    expect(await notes(page)).toEqual(live);
    await context.close();
  });
});
