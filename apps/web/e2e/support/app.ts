import { expect } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import type { KubemedicServer } from "./kubemedicServer";

/** A signed-in browser tab on the app (the cookie comes from `/login?token=`). */
export async function openApp(
  browser: Browser,
  server: KubemedicServer,
  options: {
    width?: number;
    height?: number;
    colorScheme?: "light" | "dark";
    context?: BrowserContext;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context =
    options.context ??
    (await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
      colorScheme: options.colorScheme ?? "light",
      deviceScaleFactor: 1,
    }));
  const page = await context.newPage();
  await page.goto(`${server.url}/login?token=${encodeURIComponent(server.token)}`, {
    timeout: FIRST_LOAD_MS,
  });
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: FIRST_LOAD_MS });
  await waitConnected(page);
  return { context, page };
}

/**
 * The budget of a page's first load (the SPA, its session, the socket): on a CI machine
 * shared by several suites a first load took over 30 s (Playwright's default), while
 * a quiet one takes well under a second. Only a hung load should fail.
 */
const FIRST_LOAD_MS = 90_000;

export async function waitConnected(page: Page, timeout = FIRST_LOAD_MS): Promise<void> {
  await page.waitForSelector('[data-testid="connection-state"][data-status="open"]', { timeout });
}

/** After a `page.reload()`: waits until the app is rendered again (its message box is there). */
export async function waitLoaded(page: Page): Promise<void> {
  await page.getByTestId("composer").waitFor({ timeout: FIRST_LOAD_MS });
}

/**
 * Types a question in the message box, presses Enter, and waits for the server's
 * echo of it (so the new turn exists and `waitTurn` cannot see the previous one).
 */
export async function ask(page: Page, text: string): Promise<void> {
  const box = page.getByTestId("composer");
  const echoes = page.getByTestId("user-message").filter({ hasText: text });
  const before = await echoes.count();
  await box.fill(text);
  await box.press("Enter");
  await expect.poll(() => echoes.count(), { timeout: 30_000 }).toBeGreaterThan(before);
}

/** The tool card whose command contains `command`, opened, and its output text. */
export async function toolOutput(page: Page, command: string): Promise<string> {
  const card = page.getByTestId("tool-card").filter({ hasText: command }).last();
  await card.waitFor();
  if ((await card.locator(".card-head").getAttribute("aria-expanded")) !== "true") {
    await card.locator(".card-head").click();
  }
  const output = card.getByTestId("tool-output");
  await output.waitFor();
  return (await output.textContent()) ?? "";
}

const ENDED = ["completed", "failed", "cancelled", "interrupted"];

/** Waits until the last turn of the open conversation has `status` (or, by default, has ended). */
export async function waitTurn(
  page: Page,
  status: "ended" | "awaiting_approval" | "running" = "ended",
  timeout = 60_000,
): Promise<string> {
  const last = page.locator('[data-testid="timeline"] [data-testid="turn-status"]').last();
  let seen = "";
  await expect
    .poll(
      async () => {
        seen = (await last.count()) > 0 ? ((await last.getAttribute("data-status")) ?? "") : "";
        return status === "ended" ? ENDED.includes(seen) : seen === status;
      },
      { timeout, interval: 100 },
    )
    .toBe(true);
  return seen;
}

/** Scrolls the timeline to the top, then down in steps, collecting what `read` finds at each step. */
export async function readWholeTimeline<T>(page: Page, read: () => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  const timeline = page.getByTestId("timeline");
  await timeline.evaluate((el) => (el.scrollTop = 0));
  for (let i = 0; i < 200; i++) {
    await page.waitForTimeout(60);
    for (const item of await read()) if (!found.includes(item)) found.push(item);
    const done = await timeline.evaluate((el) => {
      const before = el.scrollTop;
      el.scrollTop = before + el.clientHeight * 0.8;
      return el.scrollTop === before;
    });
    if (done) break;
  }
  return found;
}

/** The conversation id from the URL (`/c/:id`). */
export function conversationIdOf(page: Page): string {
  const match = /\/c\/([^/?#]+)/.exec(new URL(page.url()).pathname);
  if (match?.[1] === undefined) throw new Error(`not on a conversation: ${page.url()}`);
  return decodeURIComponent(match[1]);
}

/** Scrolls the (virtualized) timeline to its end, where the latest rows are rendered. */
export async function scrollToLatest(page: Page): Promise<void> {
  const timeline = page.getByTestId("timeline");
  for (let i = 0; i < 5; i++) {
    await timeline.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.waitForTimeout(80);
  }
}

/**
 * Puts the top of an element at the top of the timeline (for a screenshot of a
 * card's head). The virtualized list measures rows as they come into view, which
 * moves what is below them: scroll again until the element stays put.
 */
export async function alignTop(locator: Locator): Promise<void> {
  const page = locator.page();
  for (let i = 0; i < 20; i++) {
    const offset = await locator.evaluate((el) => {
      el.scrollIntoView({ block: "start" });
      const list = el.closest('[data-testid="timeline"]');
      return list === null ? 0 : el.getBoundingClientRect().top - list.getBoundingClientRect().top;
    });
    await page.waitForTimeout(120);
    const after = await locator.evaluate((el) => {
      const list = el.closest('[data-testid="timeline"]');
      return list === null ? 0 : el.getBoundingClientRect().top - list.getBoundingClientRect().top;
    });
    // Settled, and the head is in view (the list may end before the top is reached).
    if (Math.abs(after - offset) < 1 && after >= 0) return;
  }
}

/**
 * Presses Tab `presses` times and, at each stop, checks that the focused
 * element shows a focus ring (an outline or a box-shadow) and that no ancestor
 * that clips (overflow other than visible) cuts the ring off. Returns what failed.
 */
export async function focusRingProblems(page: Page, presses: number): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    const problem = await page.evaluate(() => {
      const el = document.activeElement;
      if (!(el instanceof HTMLElement) || el === document.body) return null;
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 30)}"`;
      if (!el.matches(":focus-visible")) return null;
      const style = getComputedStyle(el);
      const width = style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth);
      if (width < 2) {
        // A ring drawn by a wrapper (the message box's composer) is declared with data-focus-ring.
        const owner = el.closest<HTMLElement>("[data-focus-ring]");
        const shadow = owner === null ? "none" : getComputedStyle(owner).boxShadow;
        return shadow === "none" ? `${name}: no focus ring` : null;
      }
      const reach = parseFloat(style.outlineOffset) + width;
      const box = el.getBoundingClientRect();
      const ring = {
        left: box.left - reach,
        right: box.right + reach,
        top: box.top - reach,
        bottom: box.bottom + reach,
      };
      for (let p = el.parentElement; p !== null && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        const clipX = s.overflowX !== "visible";
        const clipY = s.overflowY !== "visible";
        if (!clipX && !clipY) continue;
        const r = p.getBoundingClientRect();
        const inner = {
          left: r.left + p.clientLeft,
          top: r.top + p.clientTop,
          right: r.left + p.clientLeft + p.clientWidth,
          bottom: r.top + p.clientTop + p.clientHeight,
        };
        const cut =
          (clipX && (ring.left < inner.left - 0.5 || ring.right > inner.right + 0.5)) ||
          (clipY && (ring.top < inner.top - 0.5 || ring.bottom > inner.bottom + 0.5));
        // Only a ring cut off while the element itself is in view is a problem.
        const inView = box.top >= inner.top && box.bottom <= inner.bottom;
        if (cut && inView)
          return `${name}: ring clipped by ${p.tagName.toLowerCase()}.${[...p.classList].join(".")}`;
      }
      return null;
    });
    if (problem !== null && !problems.includes(problem)) problems.push(problem);
  }
  return problems;
}

/**
 * Text whose contrast with its background is under `min` (WCAG AA: 4.5),
 * as `ratio text` strings. The background is the first opaque one up the tree
 * (semi-transparent ones blended over it); disabled controls are exempt (WCAG 1.4.3).
 */
export async function lowContrastText(page: Page, min = 4.5): Promise<string[]> {
  return page.evaluate((min) => {
    const parse = (c: string): [number, number, number, number] => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (m === null) return [0, 0, 0, 0];
      const p = (m[1] ?? "")
        .split(/[,\s/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r ?? 0) + 0.7152 * f(g ?? 0) + 0.0722 * f(b ?? 0);
    };
    const blend = (top: number[], under: number[]) => {
      const a = top[3] ?? 1;
      return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (under[i] ?? 0) * (1 - a));
    };
    const background = (el: Element): number[] => {
      const layers: number[][] = [];
      for (let e: Element | null = el; e !== null; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let color = [255, 255, 255];
      for (const layer of layers.reverse()) color = blend(layer, color);
      return color;
    };
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el === null || seen.has(el) || (n.textContent ?? "").trim() === "") continue;
      seen.add(el);
      if (el.closest(":disabled, [aria-disabled='true'], .sr-only, svg") !== null) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden") continue;
      let opacity = 1;
      for (let e: Element | null = el; e !== null; e = e.parentElement)
        opacity *= Number(getComputedStyle(e).opacity);
      if (opacity === 0) continue;
      const bg = background(el);
      const fg = blend(
        parse(style.color).map((v, i) => (i === 3 ? v * opacity : v)),
        bg,
      );
      const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      if (ratio < min)
        out.push(
          `${ratio.toFixed(2)} ${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(n.textContent ?? "").trim().slice(0, 30)}"`,
        );
    }
    return out;
  }, min);
}
