// Accounts in a real browser (issue 29): forgot password through the outbox link, two-factor
// set-up and sign-in with codes made here (RFC 6238), deleting an account with its teams
// handed over; screenshots of the new pages at 1280x800 and 390x844.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { startFakeOidc } from "../test/fakes/oidc";
import { base32Decode, secretOf, totp } from "../test/totp";
import { axeViolations, launchBrowser, newSignedInContext, newUserContext, screenshot } from "./browser";

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

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Sam Park>I'll send the deck by Friday.</v>\n";

/** The last mail to `to` in the outbox, quoted-printable undone. */
async function lastMailTo(to: string): Promise<string> {
  const dir = path.join(t.dataDir, "outbox");
  let file: string | undefined;
  await expect
    .poll(async () => {
      const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
      file = files.at(-1);
      return !!file;
    })
    .toBe(true);
  const eml = await fs.readFile(path.join(dir, file!), "utf8");
  return eml.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
}

/** Toasts gone and scrolled to the top before a full-page screenshot. */
async function settle(page: Page) {
  await page.mouse.move(1, 1);
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function shoot(page: Page, name: string) {
  await settle(page);
  await screenshot(page, name);
}

async function signInForm(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("accounts in the browser", () => {
  it("forgot password: the page is honest about mail, the outbox link resets the password and ends the old sessions", async () => {
    const email = uniqueEmail("forgetful");
    const api = new TestClient(t.url);
    await api.signUp(email, "first-pass-1", "Fern Forgetful");
    expect((await api.get("/api/auth/get-session")).json.user.email).toBe(email);

    for (const size of [DESKTOP, PHONE]) {
      const ctx = await newUserContext(browser, t.url, size);
      const page = await ctx.newPage();
      await page.goto("/auth");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.waitForURL("**/forgot-password");
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      const tag = size === DESKTOP ? "desktop" : "phone";
      await shoot(page, `forgot-password-${tag}`);
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      // No SMTP in tests: the page must not say "check your inbox".
      await page.getByText("Mail is not set up on this server").waitFor();
      await page.getByText(/its reset link was saved in the server's outbox folder/).waitFor();
      expect(await page.getByText("Check your inbox").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `forgot-password-sent-${tag}`);
      await ctx.close();
    }

    const link = /https?:\/\/[^\s"]+\/reset-password\?token=[\w-]+/.exec(await lastMailTo(email))![0];
    const resetPath = link.replace(/^https?:\/\/[^/]+/, "");
    const phone = await (await newUserContext(browser, t.url, PHONE)).newPage();
    await phone.goto(resetPath);
    await phone.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await shoot(phone, "reset-password-phone");
    const page = await (await newUserContext(browser, t.url, DESKTOP)).newPage();
    await page.goto(resetPath);
    await page.getByLabel("New Password", { exact: true }).fill("second-pass-2");
    await page.getByLabel("Confirm New Password").fill("second-pass-3");
    await page.getByText("Passwords do not match").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "reset-password-desktop");
    await page.getByLabel("Confirm New Password").fill("second-pass-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed").waitFor();
    await page.getByText("You were signed out on every device.").waitFor();

    // The old session ended; the old password no longer works, the new one does.
    expect((await api.get("/api/auth/get-session")).json).toBeNull();
    expect((await new TestClient(t.url).signIn(email, "first-pass-1")).status).toBe(401);
    // The same link again: dead.
    await phone.goto(resetPath);
    await phone.getByLabel("New Password", { exact: true }).fill("third-pass-3");
    await phone.getByLabel("Confirm New Password").fill("third-pass-3");
    await phone.getByRole("button", { name: "Change password" }).click();
    await phone.getByText("This reset link has expired or was already used. Ask for a new one.").waitFor();
    await shoot(phone, "reset-password-dead-link-phone");

    await page.locator("#main").getByRole("link", { name: "Sign in", exact: true }).click();
    await signInForm(page, email, "second-pass-2");
    await page.waitForURL("**/dashboard");

    // The first account owns this server: Settings → Security says where its mail goes.
    await page.goto("/settings?tab=security");
    const mailCard = page.getByText("Mail from this server").locator("xpath=ancestor::*[@data-slot='card'][1]");
    await mailCard.getByText("Mail is not set up on this server.").waitFor();
    await mailCard.getByText(path.join(t.dataDir, "outbox")).waitFor();
    await shoot(page, "settings-security-owner-mail-desktop");
  });

  it("two-factor: set up in Settings → Security, then sign-in asks for the code", async () => {
    const email = uniqueEmail("secure");
    const api = new TestClient(t.url);
    await api.signUp(email, "twofa-pass-1", "Sam Secure");
    const ctx = await newSignedInContext(browser, t.url, api.cookie, DESKTOP);
    const page = await ctx.newPage();
    await page.goto("/settings?tab=security");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await page.getByLabel("Your password").fill("wrong-password");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("That is not your current password.").waitFor();
    await page.getByLabel("Your password").fill("twofa-pass-1");
    await page.getByRole("button", { name: "Continue" }).click();
    const keyText = (await page.getByTestId("totp-key").textContent())!.replace(/\s+/g, "");
    const href = await page.getByRole("link", { name: "open this link in your authenticator app" }).getAttribute("href");
    expect(href).toMatch(/^otpauth:\/\/totp\/Minutes:/);
    expect(secretOf(href!).equals(base32Decode(keyText))).toBe(true);
    await shoot(page, "settings-two-factor-setup-desktop");
    await page.getByLabel("Code from the app").fill(totp(base32Decode(keyText)));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByText("Your recovery codes").waitFor();
    const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "settings-two-factor-recovery-codes-desktop");
    await page.getByRole("button", { name: "I saved them" }).click();
    await page.getByText("On", { exact: true }).waitFor();
    await ctx.close();

    for (const size of [DESKTOP, PHONE]) {
      const tag = size === DESKTOP ? "desktop" : "phone";
      const p = await (await newUserContext(browser, t.url, size)).newPage();
      await signInForm(p, email, "twofa-pass-1");
      await p.getByText("Two-factor authentication").waitFor();
      expect(p.url()).toMatch(/\/auth$/);
      await shoot(p, `sign-in-two-factor-${tag}`);
      await p.getByLabel("Authentication code").fill("12345");
      await p.getByRole("button", { name: "Verify" }).click();
      await p.getByText("Enter the 6-digit code from your authenticator app", { exact: false }).first().waitFor();
      if (size === DESKTOP) {
        await p.getByLabel("Authentication code").fill(totp(base32Decode(keyText)));
        await p.getByRole("button", { name: "Verify" }).click();
      } else {
        await p.getByRole("button", { name: "Use a recovery code instead" }).click();
        await p.getByLabel("Recovery code").fill(codes[0]!);
        await p.getByRole("button", { name: "Verify" }).click();
      }
      await p.waitForURL("**/dashboard");
    }
  });

  it("deletes the account after showing which team is handed over; the former team gets 404 and the password no longer signs in", async () => {
    const owner = new TestClient(t.url);
    const ownerEmail = uniqueEmail("leaver");
    await owner.signUp(ownerEmail, "leaver-pass-1", "Lee Leaver");
    const mate = new TestClient(t.url);
    const mateEmail = uniqueEmail("mate");
    await mate.signUp(mateEmail, "secret123", "Mia Mate");
    const team = await owner.post("/api/auth/organization/create", { name: "Leaving Crew", slug: `leaving-${Date.now()}` });
    const inv = await owner.post("/api/auth/organization/invite-member", {
      organizationId: team.json.id,
      email: mateEmail,
      role: "member",
    });
    expect((await mate.post("/api/auth/organization/accept-invitation", { invitationId: inv.json.id })).status).toBe(200);
    const fd = new FormData();
    fd.append("title", "Goodbye meeting");
    fd.append("recordedAt", "2025-06-11T15:00:00Z");
    fd.append("file", new Blob([VTT], { type: "text/vtt" }), "m.vtt");
    const meeting = (await owner.request("POST", "/api/meetings", fd)).json.id as string;
    await owner.waitCompleted(meeting);
    expect((await owner.put(`/api/meetings/${meeting}/shares/${team.json.id}`, {})).status).toBe(200);
    expect((await mate.get(`/api/meetings/${meeting}`)).status).toBe(200);

    for (const size of [PHONE, DESKTOP]) {
      const tag = size === DESKTOP ? "desktop" : "phone";
      const ctx = await newSignedInContext(browser, t.url, owner.cookie, size);
      const page = await ctx.newPage();
      await page.goto("/settings?tab=security");
      await page.getByRole("button", { name: "Delete my account" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      await dialog.getByText("1 meeting is deleted, with recordings, transcripts and action items.").waitFor();
      const teams = dialog.getByRole("list", { name: "Teams you own" });
      await teams.getByText(`handed over to Mia Mate (${mateEmail}), who becomes its owner.`).waitFor();
      await dialog.getByLabel("Your password").fill("not-my-password");
      await dialog.getByRole("button", { name: "Delete account" }).click();
      await dialog.getByText("That is not your current password. Nothing was deleted.").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `settings-delete-account-${tag}`);
      if (size === PHONE) {
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await ctx.close();
        continue;
      }
      await dialog.getByLabel("Your password").fill("leaver-pass-1");
      await dialog.getByRole("button", { name: "Delete account" }).click();
      await page.waitForURL((u) => u.pathname === "/");
      await page.getByText("Your account was deleted").waitFor();
      await ctx.close();
    }

    expect((await new TestClient(t.url).signIn(ownerEmail, "leaver-pass-1")).status).toBe(401);
    expect((await mate.get(`/api/meetings/${meeting}`)).status).toBe(404);
    const members = await mate.get(`/api/auth/organization/get-full-organization?organizationId=${team.json.id}`);
    expect(members.json.members.map((m: { role: string; user: { email: string } }) => [m.user.email, m.role])).toEqual([
      [mateEmail, "owner"],
    ]);
  });
});

describe("single sign-on in the browser", () => {
  it('shows "Sign in with <name>" and signs in through the OIDC provider', async () => {
    const oidc = await startFakeOidc();
    oidc.user = { sub: "browser-sso-1", email: uniqueEmail("sso"), name: "Sasha Sso", email_verified: true };
    const app = await startAppProcess({
      OIDC_ISSUER: oidc.url,
      OIDC_CLIENT_ID: "minutes-client",
      OIDC_CLIENT_SECRET: "minutes-secret",
      OIDC_NAME: "Acme SSO",
    });
    try {
      for (const size of [DESKTOP, PHONE]) {
        const tag = size === DESKTOP ? "desktop" : "phone";
        const page = await (await newUserContext(browser, app.url, size)).newPage();
        await page.goto("/auth");
        const button = page.getByRole("button", { name: "Sign in with Acme SSO" });
        await button.waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await shoot(page, `sign-in-sso-${tag}`);
        if (size === PHONE) continue;
        await button.click();
        await page.waitForURL("**/dashboard");
        expect(
          await page.evaluate(
            async () => ((await (await fetch("/api/auth/get-session")).json()) as { user: { email: string } }).user.email,
          ),
        ).toBe(oidc.user.email);
      }
    } finally {
      await app.close();
      await oidc.close();
    }
  });
});
