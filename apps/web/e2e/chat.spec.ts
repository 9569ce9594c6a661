import { afterAll, beforeAll, expect, it } from "vitest";
import {
  alignTop,
  ask,
  conversationIdOf,
  focusRingProblems,
  lowContrastText,
  openApp,
  readWholeTimeline,
  scrollToLatest,
  waitTurn,
} from "./support/app";
import {
  collectErrors,
  describeInChromium,
  launchChromium,
  screenshot,
  type Browser,
} from "./support/browser";
import { startKubemedic, type KubemedicServer } from "./support/kubemedicServer";

/**
 * The main path against the real server (demo cluster, offline diagnostician):
 * ask, watch the answer stream with its tool calls, read the report, come back
 * to an old conversation.
 */
describeInChromium("chat", () => {
  let server: KubemedicServer;
  let browser: Browser;
  beforeAll(async () => {
    // A demo cluster 30 ms away, like a nearby real one: every tool call then stays "running"
    // for a few frames, so the spinner is seen however fast the machine is.
    server = await startKubemedic({ KUBEMEDIC_DEMO_LATENCY_MS: "30" });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("streams an investigation: tool cards while it runs, then a report", async () => {
    // The app runs under its Content-Security-Policy: record every violation from the first byte.
    const strict = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      colorScheme: "light",
      deviceScaleFactor: 1,
    });
    await strict.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
    const { context, page } = await openApp(browser, server, { context: strict });
    const errors = collectErrors(page);
    const shell = await page.request.get(`${server.url}/`, { headers: { accept: "text/html" } });
    expect(shell.headers()["content-security-policy"]).toMatch(
      /default-src 'self';.*script-src 'self';.*connect-src 'self'/,
    );
    // theme.js (no inline script any more) ran before the first paint.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    // Issue #15 (6): the badge says what answers, not "offline" (read as "you are offline").
    expect(await page.getByTestId("model-badge").textContent()).toBe("No LLM · playbook");
    expect(await page.getByTestId("approval-policy").textContent()).toBe(
      "Changes run only after you approve them",
    );
    expect(await page.getByTestId("empty-state").isVisible()).toBe(true);

    // Record how the assistant's text grows, straight from the DOM.
    await page.evaluate(() => {
      const w = window as unknown as {
        __seen: { streaming: number; lengths: number[]; runningTools: number };
      };
      w.__seen = { streaming: 0, lengths: [], runningTools: 0 };
      new MutationObserver(() => {
        const streaming = document.querySelector(
          '[data-testid="assistant-message"][data-streaming="true"]',
        );
        if (streaming !== null) {
          w.__seen.streaming++;
          w.__seen.lengths.push(streaming.textContent?.length ?? 0);
        }
        if (document.querySelector('[data-testid="tool-card"][data-status="running"]') !== null)
          w.__seen.runningTools++;
      }).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });

    await ask(page, "why is checkout failing in shop?");
    await page.waitForURL(/\/c\/[^/]+$/);
    expect(await waitTurn(page)).toBe("completed");

    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            __seen: { streaming: number; lengths: number[]; runningTools: number };
          }
        ).__seen,
    );
    expect(seen.streaming, "the answer was shown while it streamed").toBeGreaterThan(1);
    expect(new Set(seen.lengths).size, "the streamed text grew").toBeGreaterThan(1);
    expect(seen.runningTools, "a tool card showed its spinner while running").toBeGreaterThan(0);

    const commands = await readWholeTimeline(page, () =>
      page.locator('[data-testid="tool-card"] .tool-cmd').allTextContents(),
    );
    expect(commands.length).toBeGreaterThanOrEqual(2);
    expect(commands.every((c) => c.includes("kubectl") || c.includes("k8sgpt"))).toBe(true);

    const report = page.getByTestId("report-card");
    await report.scrollIntoViewIfNeeded();
    expect(await report.getByTestId("report-category").textContent()).toBe("CrashLoop");
    expect((await report.getByTestId("report-root-cause").textContent())?.length).toBeGreaterThan(
      10,
    );
    expect(await report.getByTestId("resource-chip").count()).toBeGreaterThan(0);
    await alignTop(report);
    // Issue #15 (1): the answer is said once, the fix sits under the root cause, evidence is folded.
    const lead = page.locator('[data-testid="assistant-message"][data-lead="true"]');
    expect(await lead.count()).toBe(1);
    expect((await lead.locator(".md").textContent())?.length ?? 999).toBeLessThanOrEqual(220);
    expect(await lead.textContent()).not.toContain("Fixes, safest first");
    const rootCause = await report.getByTestId("report-root-cause").boundingBox();
    const firstFix = await report.getByTestId("recommendation").first().boundingBox();
    expect(rootCause !== null && firstFix !== null).toBe(true);
    expect((firstFix?.y ?? 1e9) - ((rootCause?.y ?? 0) + (rootCause?.height ?? 0))).toBeLessThan(
      80,
    );
    const evidence = report.getByTestId("report-evidence");
    expect(await evidence.getAttribute("open")).toBeNull();
    expect(await report.getByTestId("evidence-item").first().isVisible()).toBe(false);
    const lines = await report.getByTestId("evidence-command").allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines).size).toBe(lines.length);
    await screenshot(page, "report-card");
    await lead.getByTestId("full-answer-toggle").click();
    expect(await lead.textContent()).toContain("Fixes, safest first");
    await evidence.locator("summary").click();
    expect(await report.getByTestId("evidence-item").first().isVisible()).toBe(true);

    // Open the first tool card and show its output, as a user would.
    await page.getByTestId("timeline").evaluate((el) => (el.scrollTop = 0));
    await page.getByTestId("user-message").first().waitFor();
    const first = commands[0] ?? "";
    const card = page.getByTestId("tool-card").filter({ hasText: first }).first();
    if ((await card.getAttribute("data-status")) !== "error")
      await card.locator(".card-head").click();
    await card.getByTestId("tool-output").waitFor();
    expect(await card.locator(".card-head").getAttribute("aria-expanded")).toBe("true");
    await screenshot(page, "chat-tool-cards");
    // Scrolled up: "Jump to latest" sits under the list, never over what is being read.
    const jump = await page.getByTestId("jump-to-latest").boundingBox();
    const list = await page.getByTestId("timeline").boundingBox();
    expect(jump !== null && list !== null && jump.y >= list.y + list.height).toBe(true);

    // A chip asks about one resource: the composer gets the question and the resource.
    await scrollToLatest(page);
    await report.scrollIntoViewIfNeeded();
    await report.getByTestId("resource-chip").first().click();
    expect(await page.getByTestId("composer").inputValue()).toMatch(/^Tell me more about /);
    expect(await page.locator(".about-chip").count()).toBe(1);

    // Nothing pushes the page sideways at desktop width (a long header, a wide output).
    expect(
      await page.evaluate(() => [
        document.documentElement.scrollWidth - window.innerWidth,
        document.documentElement.scrollLeft,
      ]),
    ).toEqual([0, 0]);
    expect(await page.getByTestId("connection-state").isVisible()).toBe(true);

    // The conversation is in the sidebar, selected.
    const item = page.locator('[data-testid="conversation-item"][aria-current="page"]');
    expect(await item.textContent()).toContain("why is checkout failing in shop?");
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    await context.close();
  });

  it("keeps the selected conversation in the URL across a reload, and opens an old one from the sidebar", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "why does report-worker in analytics keep restarting?");
    await page.waitForURL(/\/c\//);
    await waitTurn(page);
    const second = conversationIdOf(page);

    await page.reload();
    expect(conversationIdOf(page)).toBe(second);
    await page.getByTestId("report-card").waitFor();
    expect(await page.getByTestId("report-category").textContent()).toBe("OOMKilled");

    // The first test's conversation is older: open it from the list.
    await page
      .locator('[data-testid="conversation-item"]')
      .filter({ hasText: "why is checkout failing in shop?" })
      .locator("a")
      .click();
    await page.waitForURL((url) => !url.pathname.endsWith(second));
    await page.getByTestId("report-card").waitFor();
    expect(await page.getByTestId("report-category").textContent()).toBe("CrashLoop");
    expect(await page.getByTestId("page-title").textContent()).toContain("checkout");

    // Back goes to the second conversation again.
    await page.goBack();
    expect(conversationIdOf(page)).toBe(second);
    await context.close();
  });

  it("scrolls to a message sent while scrolled up, and follows the answer (issue #15)", async () => {
    const { context, page } = await openApp(browser, server);
    await page
      .locator('[data-testid="conversation-item"]')
      .filter({ hasText: "why is checkout failing in shop?" })
      .locator("a")
      .click();
    await page.getByTestId("report-card").waitFor();
    const timeline = page.getByTestId("timeline");
    await timeline.evaluate((el) => (el.scrollTop = 0));
    await page.getByTestId("jump-to-latest").waitFor();
    await ask(page, "what about the cart service in shop?");
    await waitTurn(page);
    await page.waitForTimeout(300);
    const gap = await timeline.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    expect(gap, "the view followed the answer to its end").toBeLessThan(64);
    expect(await page.getByTestId("jump-to-latest").count()).toBe(0);
    expect(await page.getByTestId("turn-status").last().isVisible()).toBe(true);
    await context.close();
  });

  it("shows a whole focus ring on every element Tab reaches, at desktop and phone width (issue #15)", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await openApp(browser, server, { width });
      expect(await focusRingProblems(page, 30), `start screen at ${width}px`).toEqual([]);
      await page.goto(`${server.url}/`);
      if (width < 400) await page.getByRole("button", { name: "Conversations" }).click();
      await page
        .locator('[data-testid="conversation-item"]')
        .filter({ hasText: "why is checkout failing in shop?" })
        .locator("a")
        .click();
      await page.getByTestId("report-card").waitFor();
      // The drawer slides out (0.2 s) before it stops taking focus: check the settled page.
      await page.waitForFunction(
        () =>
          getComputedStyle(document.querySelector('[data-testid="sidebar"]')!).visibility !==
            "visible" || window.innerWidth > 820,
      );
      await page.getByTestId("timeline").evaluate((el) => (el.scrollTop = 0));
      expect(await focusRingProblems(page, 80), `conversation at ${width}px`).toEqual([]);
      await context.close();
    }
  });

  it("small things: tab title, Enter while running, the scan's skip link, contrast, sign out (issue #15)", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { context, page } = await openApp(browser, server, { colorScheme });
      expect(await page.title()).toBe("kubemedic");
      expect(await lowContrastText(page), `start screen, ${colorScheme}`).toEqual([]);
      await page
        .locator('[data-testid="conversation-item"]')
        .filter({ hasText: "why is checkout failing in shop?" })
        .locator("a")
        .click();
      await page.getByTestId("report-card").waitFor();
      await expect.poll(() => page.title()).toBe("why is checkout failing in shop? · kubemedic");
      await page.getByTestId("full-answer-toggle").waitFor();
      const low = await readWholeTimeline(page, () => lowContrastText(page));
      expect(low, `conversation, ${colorScheme}`).toEqual([]);
      await page.goto(`${server.url}/scan`);
      await page.getByTestId("finding").first().waitFor({ timeout: 60_000 });
      expect(await page.title()).toBe("Cluster scan · kubemedic");
      expect(await lowContrastText(page), `scan, ${colorScheme}`).toEqual([]);
      await context.close();
    }

    const { context, page } = await openApp(browser, server);
    // The scan has no message box: its skip link leads to the findings.
    await page.goto(`${server.url}/scan`);
    await page.getByTestId("scan-view").waitFor();
    await page.keyboard.press("Tab");
    const skip = page.locator(".skip-link");
    expect(await skip.textContent()).toBe("Skip to the findings");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "scan-view",
    );

    // Enter while the answer is coming says why nothing was sent.
    await page.goto(`${server.url}/`);
    await ask(page, "why is the trainer pod in ml stuck in Pending?");
    await waitTurn(page, "running");
    const box = page.getByTestId("composer");
    await box.fill("and the cart?");
    await box.press("Enter");
    expect(await page.getByTestId("composer-hint").textContent()).toContain("Not sent yet");
    expect(await box.inputValue()).toBe("and the cart?");
    await waitTurn(page);
    expect(await page.getByTestId("composer-hint").textContent()).toBe("");

    // Sign out ends the session: the sign-in form, and the API answers 401.
    await page.getByTestId("sign-out").click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect((await page.request.get(`${server.url}/api/session`)).status()).toBe(401);
    await context.close();
  });

  it("sends with Enter, adds a line with Shift+Enter, and keeps a draft per conversation", async () => {
    const { context, page } = await openApp(browser, server);
    const box = page.getByTestId("composer");
    await box.click();
    await page.keyboard.type("first line");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("second line");
    expect(await box.inputValue()).toBe("first line\nsecond line");
    await page.reload();
    expect(await page.getByTestId("composer").inputValue()).toBe("first line\nsecond line");
    await page.getByTestId("composer").fill("");
    expect(await page.getByTestId("send").isDisabled()).toBe(true);
    await context.close();
  });

  it("renames and deletes a conversation from the sidebar", async () => {
    const { context, page } = await openApp(browser, server);
    await ask(page, "is anything wrong in the storefront namespace?");
    await page.waitForURL(/\/c\//);
    await waitTurn(page);
    const id = conversationIdOf(page);
    const item = page.locator('[data-testid="conversation-item"][aria-current="page"]');
    await item.hover();
    await item.getByRole("button", { name: /Rename/ }).click();
    const input = page.getByRole("textbox", { name: "Conversation title" });
    await input.fill("storefront health");
    await input.press("Enter");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("storefront health");
    const stored = (await (
      await page.request.get(`${server.url}/api/conversations/${id}`)
    ).json()) as {
      conversation: { title: string };
    };
    expect(stored.conversation.title).toBe("storefront health");

    const renamed = page
      .locator('[data-testid="conversation-item"]')
      .filter({ hasText: "storefront health" });
    await renamed.hover();
    await renamed.getByRole("button", { name: /Delete/ }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect((await page.request.get(`${server.url}/api/conversations/${id}`)).status()).toBe(404);
    await context.close();
  });

  it("looks right at 375 px and in the dark theme", async () => {
    // Issue #15 (5): on a short phone screen the start screen scrolls, from its logo down.
    const home = await openApp(browser, server, { width: 375, height: 667 });
    const empty = home.page.getByTestId("empty-state");
    await empty.evaluate((el) => (el.scrollTop = 0));
    const top = await empty.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const mark = el.querySelector(".brand-mark")?.getBoundingClientRect();
      const h1 = el.querySelector("h1")?.getBoundingClientRect();
      return {
        box: box.top,
        mark: mark?.top ?? -1,
        h1: h1?.top ?? -1,
        scrolls: el.scrollHeight > el.clientHeight,
      };
    });
    expect(top.scrolls).toBe(true);
    expect(top.mark).toBeGreaterThanOrEqual(top.box);
    expect(top.h1).toBeGreaterThan(top.mark);
    await screenshot(home.page, "mobile-375-start");
    await home.context.close();

    const mobile = await openApp(browser, server, { width: 375, height: 780 });
    await mobile.page.getByRole("button", { name: "Conversations" }).click();
    await mobile.page
      .locator('[data-testid="conversation-item"]')
      .filter({ hasText: "checkout" })
      .locator("a")
      .click();
    await mobile.page.getByTestId("report-card").waitFor();
    // Nothing overflows sideways at phone width.
    const overflow = await mobile.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The model badge keeps a word on a phone, and says it all to a tooltip and a screen reader.
    const badge = mobile.page.getByTestId("model-badge");
    expect(await badge.locator(".model-name").isVisible()).toBe(true);
    // " · playbook" is there for screen readers only: it takes no room on a phone.
    expect((await badge.locator(".model-rest").boundingBox())?.width).toBeLessThanOrEqual(1);
    expect(await badge.textContent()).toBe("No LLM · playbook");
    expect(await badge.getAttribute("title")).toContain("No LLM is configured");
    await screenshot(mobile.page, "mobile-375");
    await mobile.context.close();

    const dark = await openApp(browser, server, { colorScheme: "dark" });
    expect(await dark.page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await dark.page
      .locator('[data-testid="conversation-item"]')
      .filter({ hasText: "checkout" })
      .locator("a")
      .click();
    await dark.page.getByTestId("report-card").waitFor();
    await alignTop(dark.page.getByTestId("report-card"));
    await screenshot(dark.page, "dark-theme");
    // The toggle switches and is remembered.
    await dark.page.getByTestId("theme-toggle").click();
    await dark.page.reload();
    expect(await dark.page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await dark.context.close();
  });
});
