import { afterAll, beforeAll, expect, it } from "vitest";
import { focusRingProblems, lowContrastText, openApp, waitTurn, waitLoaded } from "./support/app";
import {
  collectErrors,
  describeInChromium,
  launchChromium,
  screenshot,
  type Browser,
} from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/**
 * The UI in English and Chinese: chosen from the browser's language, switched in the sidebar,
 * remembered across reloads; the agent answers a Chinese question in Chinese by itself.
 */
describeInChromium("languages", () => {
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

  it("switches to 中文 with real visible texts, keeps it after a reload, and back", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      locale: "en-US",
      colorScheme: "light",
    });
    const { page } = await openApp(browser, server, { context });
    const errors = collectErrors(page);
    const newButton = page.getByTestId("new-conversation");
    expect((await newButton.textContent())?.trim()).toBe("New conversation");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");

    await page.getByTestId("language-switch").selectOption("zh-CN");
    await expect.poll(() => newButton.textContent()).toContain("新对话");
    const chinese = async () => {
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
      expect(await page.locator("h1", { hasText: "你的集群出了什么问题？" }).count()).toBe(1);
      expect(await page.getByTestId("composer").getAttribute("placeholder")).toBe(
        "询问关于你的集群的问题…",
      );
      expect(await page.getByTestId("connection-state").textContent()).toContain("已连接");
      expect(await page.getByTestId("start-scan").textContent()).toContain("扫描集群");
      expect(await page.getByTestId("sign-out").textContent()).toBe("退出登录");
      expect(await page.getByTestId("conversation-search").getAttribute("placeholder")).toBe(
        "搜索对话",
      );
    };
    await chinese();
    await screenshot(page, "home-zh-CN");

    await page.reload();
    await waitLoaded(page);
    await chinese();
    expect(await page.evaluate(() => localStorage.getItem("kubemedic.locale"))).toBe('"zh-CN"');

    // A Chinese example question: the turn's UI and the agent's answer are both Chinese.
    await page.getByTestId("example").first().click();
    await page.waitForURL(/\/c\//);
    expect(await waitTurn(page)).toBe("completed");
    const status = page.locator('[data-testid="turn-status"][data-status="completed"]').last();
    expect(await status.textContent()).toMatch(/用时 .+ 完成/);
    expect(await page.getByTestId("report-card").last().textContent()).toContain("根因");
    expect(await page.getByTestId("assistant-message").last().textContent()).toMatch(
      /[\u4e00-\u9fff]/,
    );
    await screenshot(page, "report-card-zh-CN");

    await page.getByTestId("language-switch").selectOption("en");
    await expect.poll(() => newButton.textContent()).toContain("New conversation");
    expect(await page.getByTestId("report-card").last().textContent()).toContain("Root cause");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(errors.filter((e) => !e.includes("favicon"))).toEqual([]);
    await context.close();
  });

  it("starts in Chinese when the browser's language is Chinese and nothing was chosen", async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      locale: "zh-CN",
      colorScheme: "dark",
    });
    const { page } = await openApp(browser, server, { context });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    expect(await page.locator("h1", { hasText: "你的集群出了什么问题？" }).count()).toBe(1);
    await screenshot(page, "home-zh-CN-375-dark");
    // The language switch and the Chinese texts keep the contrast and focus rules.
    expect(await lowContrastText(page), "start screen, zh-CN, dark").toEqual([]);
    expect(await focusRingProblems(page, 30), "start screen, zh-CN, 375 px").toEqual([]);
    await context.close();
  });
});
