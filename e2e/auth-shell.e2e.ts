// Foundation in a real browser: landing, sign up / out / in, wrong password, the route
// guard, 404, header links for both states, the mobile menu, axe on every page, and
// screenshots at desktop and phone widths (screenshots/).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { axeViolations, launchBrowser, newUserContext, openPopup, screenshot, submitSignUpForm } from "./browser";

let t: AppProcess;
let browser: Browser;

beforeAll(async () => {
  t = await startAppProcess();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function expectNoA11yProblems(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function signUpInBrowser(page: Page, name: string, email: string, password: string) {
  await page.goto("/auth");
  await submitSignUpForm(page, name, email, password);
}

describe("signed-out visitor", () => {
  it("sees the landing page with the six features and sign-in-dependent calls to action", async () => {
    const ctx = await newUserContext(browser, t.url);
    const page = await ctx.newPage();
    await page.goto("/");
    for (const f of ["Easy Uploads", "Smart Summaries", "Action Item Tracking", "Fast Processing", "Full Transcripts", "Integrations"])
      await expect.poll(() => page.getByRole("heading", { name: f }).count()).toBeGreaterThan(0);
    const cta = page.getByRole("link", { name: "Get Started" }).first();
    expect(await cta.getAttribute("href")).toBe("/auth");
    expect(await page.getByText(`© ${new Date().getFullYear()}`).count()).toBeGreaterThan(0);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Dashboard" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Settings" }).count()).toBe(0);
    await expectNoA11yProblems(page);
    await screenshot(page, "landing-desktop");
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect.poll(() => page.locator("header").first().getAttribute("class")).toMatch(/backdrop-blur|bg-background\/|translucent/);
    await ctx.close();
  });

  it("is sent from a protected page to /auth with the guard's toast", async () => {
    const ctx = await newUserContext(browser, t.url);
    const page = await ctx.newPage();
    await page.goto("/dashboard");
    await page.waitForURL("**/auth");
    await expect.poll(() => page.getByText("Authentication required").count()).toBeGreaterThan(0);
    expect(await page.getByText("Please sign in to access this page").count()).toBeGreaterThan(0);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    await expectNoA11yProblems(page);
    await screenshot(page, "auth-desktop");
    await ctx.close();
  });

  it("sees the 404 page for an unknown path, with a link home", async () => {
    const ctx = await newUserContext(browser, t.url);
    const page = await ctx.newPage();
    await page.goto("/no/such/page");
    await expect.poll(() => page.getByText("Oops! Page not found").count()).toBe(1);
    await expectNoA11yProblems(page);
    await page.getByRole("link", { name: /home/i }).last().click();
    await page.waitForURL(t.url + "/");
    await ctx.close();
  });
});

describe("account flows", () => {
  it("signs up, signs out, fails with a wrong password, and signs in", async () => {
    const ctx = await newUserContext(browser, t.url);
    const page = await ctx.newPage();
    const email = uniqueEmail("e2e");
    await signUpInBrowser(page, "Grace Hopper", email, "secret123");
    await page.waitForURL("**/dashboard");
    await expect.poll(() => page.getByText("Account created!", { exact: true }).count()).toBeGreaterThan(0);
    // No SMTP here: mail goes to the server's outbox, so the page claims no e-mail.
    expect(await page.getByText(/check your email/i).count()).toBe(0);
    // Header for a signed-in user: Home, Dashboard, Upload and the avatar with initials.
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Dashboard", "Upload"]) expect(await nav.getByRole("link", { name }).count()).toBe(1);
    const avatarButton = page.getByRole("button", { name: /account|user menu|GH/i }).first();
    expect(await avatarButton.textContent()).toContain("GH");
    await page.getByRole("heading", { name: "Your Meetings", exact: true }).waitFor();
    await expectNoA11yProblems(page);
    await screenshot(page, "dashboard-desktop");

    await page.goto("/");
    expect(await page.getByRole("link", { name: "Upload Meeting" }).first().getAttribute("href")).toBe("/upload");

    await openPopup(avatarButton);
    await expect.poll(() => page.getByRole("menuitem", { name: /sign out/i }).count()).toBe(1);
    expect(await page.getByText(email).count()).toBeGreaterThan(0);
    await page.getByRole("menuitem", { name: /sign out/i }).click();
    await expect.poll(() => page.getByText("Signed out successfully").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole("link", { name: "Dashboard" }).count()).toBe(0);

    await page.goto("/auth");
    await page.locator("#signin-email").fill(email);
    await page.locator("#signin-password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => page.getByText(/invalid email or password/i).count()).toBeGreaterThan(0);
    expect(page.url()).toContain("/auth");

    await page.locator("#signin-password").fill("secret123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await expect.poll(() => page.getByText("Signed in successfully").count()).toBeGreaterThan(0);
    // A signed-in user who opens /auth goes to the dashboard.
    await page.goto("/auth");
    await page.waitForURL("**/dashboard");
    // Settings → Models (the first account owns the server) lists the local speech models and how to install a missing one.
    await page.goto("/settings?tab=models");
    await page.getByRole("heading", { name: "Speech models" }).waitFor();
    await expect.poll(() => page.getByText("npm run models -- pull", { exact: false }).count()).toBeGreaterThan(0);
    await expectNoA11yProblems(page);
    await ctx.close();
  });

  it("on a phone: the menu toggles and closes on every route change; screenshots", async () => {
    const ctx = await newUserContext(browser, t.url, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto("/");
    await screenshot(page, "landing-phone");
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    await toggle.click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    expect(await mobile.getByRole("link", { name: "Dashboard" }).count()).toBe(0);
    await mobile.getByRole("link", { name: /sign in/i }).click();
    await page.waitForURL("**/auth");
    await expect.poll(() => mobile.count()).toBe(0);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    await screenshot(page, "auth-phone");

    await signUpInBrowser(page, "Ada Lovelace", uniqueEmail("phone"), "secret123");
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Your Meetings", exact: true }).waitFor();
    await screenshot(page, "dashboard-phone");
    await toggle.click();
    for (const name of ["Home", "Dashboard", "Upload", "Settings"]) expect(await mobile.getByRole("link", { name }).count()).toBe(1);
    await mobile.getByRole("link", { name: "Upload" }).click();
    await page.waitForURL("**/upload");
    await expect.poll(() => mobile.count()).toBe(0);
    await expectNoA11yProblems(page);
    await ctx.close();
  });

  it("renders the dark theme when the system asks for it", async () => {
    const ctx = await newUserContext(browser, t.url, { dark: true });
    const page = await ctx.newPage();
    await page.goto("/");
    // Colours come from prefers-color-scheme in CSS: the page background must be dark.
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = (bg.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    expect(r! + g! + b!).toBeLessThan(200);
    await expectNoA11yProblems(page);
    await screenshot(page, "landing-dark");
    await ctx.close();
  });
});
