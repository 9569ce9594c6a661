import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { describe } from "vitest";

/** Debian's Chromium (installed by .ci/run); never a browser downloaded by Playwright. */
const CHROMIUM = process.env.KUBEMEDIC_CHROMIUM ?? "/usr/bin/chromium";
const present = existsSync(CHROMIUM);
const required = process.env.KUBEMEDIC_REQUIRE_CHROMIUM === "1";

/**
 * `describe` when Chromium is there. Without it the suite is skipped, loudly,
 * unless KUBEMEDIC_REQUIRE_CHROMIUM=1 (CI), where it fails.
 */
export function describeInChromium(name: string, body: () => void): void {
  if (present) {
    describe(name, body);
    return;
  }
  const why = `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`;
  if (required) {
    describe(name, () => {
      throw new Error(`${why}, and KUBEMEDIC_REQUIRE_CHROMIUM=1`);
    });
    return;
  }
  console.warn(`\n*** SKIPPED browser tests "${name}": ${why} ***\n`);
  describe.skip(name, body);
}

/** Flags that work on these machines (Debian's chromium, no sandbox in containers). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

const SCREENSHOTS = new URL("../screenshots/", import.meta.url).pathname;

/** Writes apps/web/e2e/screenshots/<name>.png (committed: what users see). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: "disabled" });
}

/** Console errors and uncaught exceptions of a page, to assert a clean run. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  return errors;
}

export type { Browser, Page };
