// The app as a user runs it: `npm start`'s bundle in its own process, NODE_ENV unset, real
// security headers. A new user signs up, signs out (the old session cookie stops working),
// signs in again; a sign-out that cannot reach the server says so and keeps the session.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { launchBrowser, newUserContext, openPopup, submitSignUpForm } from "./browser";

let t: AppProcess;
let browser: Browser;

beforeAll(async () => {
  [t, browser] = await Promise.all([startAppProcess(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function sessionCookie(ctx: BrowserContext): Promise<string> {
  const cookies = await ctx.cookies(t.url);
  const session = cookies.filter((c) => c.name.includes("session_token"));
  expect(session.length).toBeGreaterThan(0);
  return session.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** What the server says of a session cookie: the user's e-mail, or null for no session. */
async function sessionOwner(cookie: string): Promise<string | null> {
  const client = new TestClient(t.url);
  client.cookie = cookie;
  const r = await client.get("/api/auth/get-session");
  expect(r.status).toBe(200);
  return r.json?.user?.email ?? null;
}

async function signOutFromHeader(page: import("playwright-core").Page) {
  await openPopup(page.getByRole("button", { name: /account|user menu/i }).first());
  await page.getByRole("menuitem", { name: /sign out/i }).click();
}

describe("production mode (npm start's bundle, NODE_ENV unset)", () => {
  it("sends the headers that keep same-origin requests working", async () => {
    const r = await fetch(`${t.url}/auth`);
    expect(r.status).toBe(200);
    expect(r.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(r.headers.get("content-security-policy")).toContain("default-src 'self'");
    // The process under test is the built bundle, not the TypeScript sources.
    expect(t.output()).toContain("ready on");
  });

  it("sign up → sign out (old cookie refused) → sign in, in Chromium", async () => {
    const ctx = await newUserContext(browser, t.url);
    const page = await ctx.newPage();
    const email = uniqueEmail("prod");
    await page.goto("/auth");
    await submitSignUpForm(page, "Nadia Prod", email, "secret123");
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Your Meetings", exact: true }).waitFor();
    const oldCookie = await sessionCookie(ctx);
    expect(await sessionOwner(oldCookie)).toBe(email);

    await signOutFromHeader(page);
    await expect.poll(() => page.getByText("Signed out successfully").count()).toBeGreaterThan(0);
    // The session ended on the server: the cookie the browser held no longer signs anyone in.
    expect(await sessionOwner(oldCookie)).toBeNull();
    const replay = new TestClient(t.url);
    replay.cookie = oldCookie;
    expect((await replay.get("/api/meetings")).status).toBe(401);

    await page.goto("/auth");
    await page.locator("#signin-email").fill(email);
    await page.locator("#signin-password").fill("secret123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await expect.poll(() => page.getByText("Signed in successfully").count()).toBeGreaterThan(0);
    expect(await sessionOwner(await sessionCookie(ctx))).toBe(email);
    await ctx.close();
  });

  it("a sign-out that cannot reach the server says so, and the user stays signed in", async () => {
    const ctx = await newUserContext(browser, t.url);
    const page = await ctx.newPage();
    const email = uniqueEmail("offline");
    await page.goto("/auth");
    await submitSignUpForm(page, "Omar Offline", email, "secret123");
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Your Meetings", exact: true }).waitFor();

    await ctx.setOffline(true);
    await signOutFromHeader(page);
    await expect.poll(() => page.getByText(/Could not sign out/).count()).toBeGreaterThan(0);
    expect(await page.getByText("Signed out successfully").count()).toBe(0);
    expect(page.url()).toContain("/dashboard");
    await ctx.setOffline(false);
    expect(await sessionOwner(await sessionCookie(ctx))).toBe(email);
    // The header still shows the signed-in user, who can sign out now that the server answers.
    await signOutFromHeader(page);
    await expect.poll(() => page.getByText("Signed out successfully").count()).toBeGreaterThan(0);
    await ctx.close();
  });

  it("refuses state-changing requests from another origin or an opaque one", async () => {
    for (const origin of ["http://evil.example", "null"]) {
      const r = await fetch(`${t.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify({ email: uniqueEmail("csrf"), password: "secret123", name: "Mallory" }),
      });
      expect(r.status).toBe(403);
      expect((await r.json()).error.code).toBe("FORBIDDEN");
    }
    // The same origin written another way (localhost for 127.0.0.1, explicit port case) is ours.
    const local = t.url.replace("127.0.0.1", "localhost");
    const ok = await fetch(`${t.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: local, "content-type": "application/json" },
      body: JSON.stringify({ email: uniqueEmail("alias"), password: "secret123", name: "Lee Local" }),
    });
    expect(ok.status).toBe(200);
  });
});
