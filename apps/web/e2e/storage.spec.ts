import { afterAll, beforeAll, expect, it } from "vitest";
import { ask, openApp, waitTurn, waitLoaded } from "./support/app";
import { collectErrors, describeInChromium, launchChromium, type Browser } from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/** Whatever localStorage holds, the app starts and works. */
describeInChromium("corrupted localStorage", () => {
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

  for (const [name, value] of [
    ["the string null", "null"],
    ["garbage", "{{not json"],
    ["wrong shapes", '[1,"two",{"three":3}]'],
    ["an empty string", ""],
  ] as const) {
    it(`starts and works with ${name} in every key`, async () => {
      const { context, page } = await openApp(browser, server);
      const errors = collectErrors(page);
      await page.evaluate((v) => {
        for (const key of ["kubemedic.theme", "kubemedic.drafts", "kubemedic.scope"])
          localStorage.setItem(key, v);
      }, value);
      await page.reload();
      await waitLoaded(page);
      expect(await page.getByTestId("error-boundary").count()).toBe(0);
      expect(["light", "dark"]).toContain(
        await page.evaluate(() => document.documentElement.dataset.theme),
      );
      expect(await page.getByTestId("composer").inputValue()).toBe("");
      if (name === "garbage") {
        // Not only rendered: usable end to end.
        await ask(page, "can you check the tools namespace for problems?");
        await page.waitForURL(/\/c\//);
        expect(await waitTurn(page)).toBe("completed");
        // And what it writes back is valid again.
        const drafts = await page.evaluate(() => localStorage.getItem("kubemedic.drafts"));
        expect(() => JSON.parse(drafts ?? "{}") as unknown).not.toThrow();
      }
      expect(errors.filter((e) => !e.includes("favicon"))).toEqual([]);
      await context.close();
    });
  }
});
