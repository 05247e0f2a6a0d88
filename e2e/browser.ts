// Real Chromium for browser tests: @sparticuz/chromium ships a headless build inside the
// npm package, so tests need no system packages; CHROMIUM_PATH picks a system one instead.
import chromium from "@sparticuz/chromium";
import { chromium as pw, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import AxeBuilder from "axe-core";
import fs from "node:fs/promises";
import path from "node:path";

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH || (await chromium.executablePath());
  return pw.launch({
    executablePath,
    headless: true,
    // --single-process breaks a second browser context (two users at once).
    args: [
      ...chromium.args.filter((a) => a !== "--single-process"),
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

export async function newUserContext(
  browser: Browser,
  baseURL: string,
  opts: { width?: number; height?: number; dark?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    colorScheme: opts.dark ? "dark" : "light",
    acceptDownloads: true,
    // Lets axe-core be injected past our strict script-src CSP.
    bypassCSP: true,
  });
}

/** A browser context with an API session copied in: `cookie` is a Cookie header (TestClient.cookie). */
export async function newSignedInContext(
  browser: Browser,
  baseURL: string,
  cookie: string,
  opts: { width?: number; height?: number; dark?: boolean } = {},
): Promise<BrowserContext> {
  const ctx = await newUserContext(browser, baseURL, opts);
  await ctx.addCookies(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => {
        const i = pair.indexOf("=");
        return { name: pair.slice(0, i), value: pair.slice(i + 1), url: baseURL };
      }),
  );
  return ctx;
}

/** Fills and sends the Sign Up tab of the /auth page the browser is on. */
export async function submitSignUpForm(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full Name").fill(name);
  await page.locator("#signup-email").fill(email);
  await page.locator("#signup-password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

export const SHOTS_DIR = path.resolve("screenshots");

export async function screenshot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Runs axe-core in the page; returns serious and critical violations. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: (AxeBuilder as unknown as { source: string }).source });
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    // Toasts fade in and out; axe reads their colours mid-animation and reports false
    // contrast failures, so the toaster region is left out.
    const r = await window.axe.run({ exclude: [["[data-sonner-toaster]"]] }, { resultTypes: ["violations"] });
    return r.violations.map((v: { id: string; impact: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 3),
    }));
  });
  return (result as { id: string; impact: string; targets: string[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.targets.join(", ")}`);
}

/**
 * Opens a Radix menu or select from its trigger. These open on pointerdown; on a loaded
 * machine a click can be lost or close the popup again at once (radix-ui/primitives#2288),
 * so this clicks again until the trigger reports aria-expanded="true".
 */
export async function openPopup(trigger: Locator, attempts = 3): Promise<void> {
  // A handle, not the locator: a modal select hides its trigger from role queries once open.
  const handle = await trigger.elementHandle();
  if (!handle) throw new Error(`no element for ${trigger}`);
  for (let attempt = 1; ; attempt++) {
    await handle.click();
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      if ((await handle.getAttribute("aria-expanded")) === "true") return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (attempt >= attempts) throw new Error(`the popup of ${trigger} did not open after ${attempts} clicks`);
  }
}
