// The footer's pages: each link lands on a short real page (not the 404 page), the API link
// on a reference rendered from the server's own /api/openapi.json, at desktop and phone widths.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { axeViolations, launchBrowser, newUserContext, screenshot } from "./browser";

let t: AppProcess;
let browser: Browser;
beforeAll(async () => {
  [t, browser] = await Promise.all([startAppProcess(), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const footerPages: [link: string, heading: string, text: RegExp][] = [
  ["Features", "Features", /Import a transcript from Teams, Zoom or Google Meet/],
  ["Pricing", "Pricing", /self-hosted: it is free/],
  ["Integrations", "Integrations", /GitHub: an issue per action item/],
  ["Help", "Help", /Retry processing/],
  ["About", "About", /self-hosted web application/],
  ["Contact", "Contact", /Questions about this server/],
  ["Privacy", "Privacy", /What is stored/],
];

it("gives every footer link a real page, and no links to outside placeholders", async () => {
  const ctx = await newUserContext(browser, t.url);
  const page = await ctx.newPage();
  await page.goto("/");
  const footer = page.locator("footer");
  await footer.getByRole("link", { name: "Features" }).waitFor();
  // Only our own pages: the social placeholders are gone.
  const hrefs = await footer.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.filter((h) => /^https?:/.test(h))).toEqual([]);
  for (const [link, heading, text] of footerPages) {
    await page.locator("footer").getByRole("link", { name: link, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    await page.getByText(text).first().waitFor();
    expect(await page.getByText("Oops! Page not found").count()).toBe(0);
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.goto("/pricing");
  await page.getByRole("heading", { level: 1, name: "Pricing" }).waitFor();
  await screenshot(page, "info-pricing-1280");
  await ctx.close();
});

it("renders the API reference from /api/openapi.json, not raw JSON", async () => {
  const spec = await (await fetch(`${t.url}/api/openapi.json`)).json();
  const ctx = await newUserContext(browser, t.url, { width: 390, height: 844 });
  const page = await ctx.newPage();
  await page.goto("/");
  await page.locator("footer").getByRole("link", { name: "API", exact: true }).click();
  await page.waitForURL(/\/api-reference$/);
  await page.getByRole("heading", { level: 1, name: "API reference" }).waitFor();
  const link = page.getByTestId("api-operation").filter({ hasText: "/api/meetings/link" });
  await link.waitFor();
  expect(await link.innerText()).toMatch(/POST/);
  expect(await link.innerText()).toMatch(/url\s*body · string · required/);
  const operations = Object.values(spec.paths as Record<string, object>).reduce(
    (n: number, item) => n + Object.keys(item).filter((m) => ["get", "post", "put", "patch", "delete"].includes(m)).length,
    0,
  );
  expect(await page.getByTestId("api-operation").count()).toBe(operations);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "info-api-reference-390");
  await ctx.close();
});
