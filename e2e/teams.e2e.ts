// Teams, invitations and account settings in a real browser, with two users in two
// browser contexts: create a team, invite by e-mail, accept through the signed-out
// need_login path, change the role, share a meeting, remove the member; profile name,
// password and e-mail changes; axe on every settings tab; screenshots at 1280 and 390.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../test/app";
import { actionItems, meetings } from "../server/src/db/schema";
import { axeViolations, launchBrowser, newUserContext, openPopup, screenshot } from "./browser";

let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  t = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function signUpInBrowser(page: Page, name: string, email: string, password = "secret123") {
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.locator("#signup-name").fill(name);
  await page.locator("#signup-email").fill(email);
  await page.locator("#signup-password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

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

async function apiFrom(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const r = await fetch(url, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, json: await r.json().catch(() => null) };
    },
    { method, url, body },
  );
}

const toast = (page: Page, text: string) => expect.poll(() => page.getByText(text, { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);

describe("teams", () => {
  it("creates a team, invites by e-mail, the invitee joins via sign-up, role change, sharing, removal", async () => {
    const ownerCtx = await newUserContext(browser, t.url);
    const owner = await ownerCtx.newPage();
    const ownerEmail = uniqueEmail("olivia");
    await owner.goto("/auth");
    await signUpInBrowser(owner, "Olivia Owner", ownerEmail);
    await owner.waitForURL("**/dashboard");

    await owner.goto("/settings?tab=teams");
    await owner.getByRole("heading", { name: "No Team Selected" }).waitFor();
    expect(await axeViolations(owner)).toEqual([]);
    await owner.getByRole("button", { name: "Create Team" }).click();
    const create = owner.getByRole("dialog", { name: "Create a New Team" });
    await create.getByLabel("Team Name").fill("   ");
    await create.getByRole("button", { name: "Create Team" }).click();
    await create.getByText("Team name is required").waitFor();
    await create.getByLabel("Team Name").fill("Launch Crew");
    await create.getByLabel("Description (optional)").fill("Everyone shipping the launch");
    await create.getByRole("button", { name: "Create Team" }).click();
    await toast(owner, 'Team "Launch Crew" created successfully');
    await owner.getByRole("list", { name: "Team members" }).getByText(ownerEmail).waitFor();
    expect(await owner.getByTestId("role-badge").first().textContent()).toMatch(/owner/i);

    // Invite: e-mail required, role member by default.
    const bobEmail = uniqueEmail("bob");
    await owner.getByRole("button", { name: "Invite", exact: true }).click();
    const inviteDialog = owner.getByRole("dialog", { name: "Invite to Team" });
    await inviteDialog.getByRole("button", { name: "Send Invitation" }).click();
    await inviteDialog.getByText("Email is required").waitFor();
    expect(await inviteDialog.getByRole("combobox").textContent()).toContain("Member");
    await inviteDialog.getByLabel("Email").fill(bobEmail);
    await inviteDialog.getByRole("button", { name: "Send Invitation" }).click();
    await toast(owner, `Invitation sent to ${bobEmail}`);
    await owner.getByRole("tab", { name: "Invitations" }).click();
    await owner.getByRole("list", { name: "Pending invitations" }).getByText(bobEmail).waitFor();
    expect(await axeViolations(owner)).toEqual([]);
    await screenshot(owner, "settings-teams-invitations-desktop");

    const mail = await lastMailTo(bobEmail);
    const link = mail.match(/https?:\/\/[^\s"]+\/invitation\?token=[\w-]+/)![0];
    const invitePath = link.replace(/^https?:\/\/[^/]+/, "");

    // Bob opens the link signed out: need_login, then signs up on /auth?invitation=… and joins.
    const bobCtx = await newUserContext(browser, t.url);
    const bob = await bobCtx.newPage();
    await bob.goto(invitePath);
    await bob.getByText("Please sign in to accept the invitation").waitFor();
    expect(await axeViolations(bob)).toEqual([]);
    await bob.locator("#main").getByRole("link", { name: "Sign In" }).click();
    await bob.waitForURL("**/auth?invitation=*");
    await signUpInBrowser(bob, "Bob Builder", bobEmail);
    await bob.getByText("You have successfully joined the team!").waitFor({ timeout: 15_000 });
    await bob.getByText("Redirecting to dashboard...").waitFor();
    await toast(bob, "You've been added to Launch Crew");
    await screenshot(bob, "invitation-success-desktop");
    await bob.waitForURL("**/dashboard", { timeout: 10_000 });

    // The used link now says so.
    await bob.goto(invitePath);
    await bob.getByText("You are already a member of this team.").waitFor();
    await bob.getByRole("link", { name: "Go to Dashboard" }).waitFor();

    // Owner sees Bob and makes him a guest.
    await owner.reload();
    const members = owner.getByRole("list", { name: "Team members" });
    await members.getByText(bobEmail).waitFor();
    await openPopup(owner.getByRole("combobox", { name: "Role of Bob Builder" }));
    await owner.getByRole("option", { name: "Guest" }).click();
    await toast(owner, "Team member role updated");
    await expect.poll(() => owner.getByRole("combobox", { name: "Role of Bob Builder" }).textContent()).toContain("Guest");
    expect(await axeViolations(owner)).toEqual([]);
    await screenshot(owner, "settings-teams-desktop");

    // Bob sees the team, his guest badge and a Leave button, but no management.
    await bob.goto("/settings?tab=teams");
    const bobMembers = bob.getByRole("list", { name: "Team members" });
    await bobMembers.getByText(ownerEmail).waitFor();
    expect(await bob.getByRole("button", { name: "Leave" }).count()).toBe(1);
    expect(await bob.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
    expect(await bob.getByRole("button", { name: "Invite", exact: true }).count()).toBe(0);
    await bob.getByRole("tab", { name: "Invitations" }).click();
    await bob.getByText("Only team owners and admins can see invitations.").waitFor();

    // Share a meeting (through the API) with the team: the guest reads it but cannot edit.
    const ownerId = (await apiFrom(owner, "GET", "/api/auth/get-session")).json.user.id as string;
    const teamId = (await apiFrom(owner, "GET", "/api/auth/organization/list")).json[0].id as string;
    const [m] = await t.ctx.database.db.insert(meetings).values({ userId: ownerId, title: "Launch sync", status: "completed", sourceType: "transcript_import" }).returning();
    const [item] = await t.ctx.database.db.insert(actionItems).values({ meetingId: m!.id, description: "Book the venue" }).returning();
    expect((await apiFrom(owner, "PUT", `/api/meetings/${m!.id}/shares/${teamId}`)).status).toBe(200);
    expect((await apiFrom(bob, "GET", `/api/meetings/${m!.id}`)).status).toBe(200);
    expect((await apiFrom(bob, "PATCH", `/api/action-items/${item!.id}`, { status: "completed" })).status).toBe(403);

    // Removing Bob ends his access at once.
    await owner.getByRole("button", { name: "Remove Bob Builder" }).click();
    await toast(owner, "Team member removed successfully");
    await expect.poll(() => members.getByText(bobEmail).count()).toBe(0);
    expect((await apiFrom(bob, "GET", `/api/meetings/${m!.id}`)).status).toBe(404);

    // Team settings: edit and the Danger Zone.
    await owner.getByRole("tab", { name: "Settings" }).click();
    await owner.getByRole("heading", { name: "Danger Zone" }).waitFor();
    expect(await axeViolations(owner)).toEqual([]);
    await owner.getByRole("button", { name: "Edit team name" }).click();
    const edit = owner.getByRole("dialog", { name: "Edit Team" });
    await edit.getByLabel("Team Name").fill("Launch Crew 2");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast(owner, "Team updated successfully");
    await owner.getByRole("button", { name: "Delete Team" }).click();
    await owner.getByText('Are you sure you want to delete "Launch Crew 2"?', { exact: false }).waitFor();
    await owner.getByText(/This action cannot be undone/).waitFor();
    await screenshot(owner, "settings-teams-delete-desktop");
    await owner.getByRole("alertdialog").getByRole("button", { name: "Delete Team" }).click();
    await toast(owner, "Team deleted successfully");
    await owner.getByRole("heading", { name: "No Team Selected" }).waitFor();

    await bobCtx.close();
    await ownerCtx.close();
  });

  it("on a phone: the teams tab and the invitation page fit the screen", async () => {
    const c = new TestClient(t.url);
    const email = uniqueEmail("phone");
    await c.signUp(email, "secret123", "Pat Phone");
    const team = await c.post("/api/auth/organization/create", { name: "Phone Team With A Long Name", slug: `p-${Date.now()}` });
    for (const role of ["admin", "guest"]) await c.post("/api/auth/organization/invite-member", { organizationId: team.json.id, email: uniqueEmail(role), role });
    const ctx = await newUserContext(browser, t.url, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto("/auth");
    await page.locator("#signin-email").fill(email);
    await page.locator("#signin-password").fill("secret123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await page.goto("/settings?tab=teams");
    await page.getByRole("list", { name: "Team members" }).getByText(email).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "settings-teams-phone");
    await page.getByRole("tab", { name: "Invitations" }).click();
    await page.getByRole("list", { name: "Pending invitations" }).waitFor();
    await screenshot(page, "settings-teams-invitations-phone");
    for (const tab of ["Profile", "Security", "Integrations"]) {
      await page.getByRole("tab", { name: tab }).click();
      await page.waitForTimeout(150);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, `settings-${tab.toLowerCase()}-phone`);
    }
    await page.goto("/invitation");
    await page.getByText("Invalid invitation link. The token is missing.").waitFor();
    await screenshot(page, "invitation-missing-token-phone");
    await page.goto("/invitation?token=does-not-exist");
    await page.getByText("Failed to accept invitation. It may have expired or been revoked.").waitFor();
    await ctx.close();
  });
});

describe("account settings", () => {
  it("updates the name (header follows), the password (other sessions end) and the e-mail (by confirmation)", async () => {
    const email = uniqueEmail("ada");
    const ctx = await newUserContext(browser, t.url);
    const page = await ctx.newPage();
    await page.goto("/auth");
    await signUpInBrowser(page, "Ada Lovelace", email);
    await page.waitForURL("**/dashboard");
    const other = await newUserContext(browser, t.url);
    const otherPage = await other.newPage();
    await otherPage.goto("/auth");
    await otherPage.locator("#signin-email").fill(email);
    await otherPage.locator("#signin-password").fill("secret123");
    await otherPage.getByRole("button", { name: "Sign In", exact: true }).click();
    await otherPage.waitForURL("**/dashboard");

    await page.goto("/settings");
    await page.getByLabel("Full Name").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "settings-profile-desktop");
    await page.getByLabel("Full Name").fill("Grace Brewster Hopper");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await toast(page, "Profile updated successfully");
    await expect.poll(() => page.locator("header").getByText("GH").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("profile-name").textContent()).toBe("Grace Brewster Hopper");

    await page.getByRole("tab", { name: "Security" }).click();
    const updateEmail = page.getByRole("button", { name: "Update Email" });
    const updatePassword = page.getByRole("button", { name: "Update Password" });
    expect(await updateEmail.isDisabled()).toBe(true);
    expect(await updatePassword.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Current Password").fill("secret123");
    await page.getByLabel("New Password", { exact: true }).fill("newsecret1");
    await page.getByLabel("Confirm New Password").fill("newsecret2");
    await page.getByText("New passwords do not match").waitFor();
    expect(await updatePassword.isDisabled()).toBe(true);
    await page.getByLabel("Confirm New Password").fill("newsecret1");
    expect(await updatePassword.isDisabled()).toBe(false);
    await screenshot(page, "settings-security-desktop");
    await updatePassword.click();
    await toast(page, "Password updated successfully");
    const otherSession = await apiFrom(otherPage, "GET", "/api/auth/get-session");
    expect(otherSession.json).toBeNull();
    expect((await apiFrom(page, "GET", "/api/auth/get-session")).json.user.email).toBe(email);

    const newEmail = uniqueEmail("ada-new");
    await page.getByLabel("Email", { exact: true }).fill(newEmail);
    expect(await updateEmail.isDisabled()).toBe(false);
    await updateEmail.click();
    await toast(page, "Email update verification sent. Please check your inbox.");
    const mail = await lastMailTo(newEmail);
    const verify = mail.match(/https?:\/\/[^\s"]+\/verify-email\?token=[^\s"]+/)![0];
    expect((await apiFrom(page, "GET", "/api/auth/get-session")).json.user.email).toBe(email);
    await page.goto(verify.replace(/^https?:\/\/[^/]+/, ""));
    await expect.poll(async () => (await apiFrom(page, "GET", "/api/auth/get-session")).json?.user?.email).toBe(newEmail);

    await page.goto("/settings?tab=integrations");
    await expect.poll(() => page.getByTestId("integration-card").count()).toBe(7);
    expect(await page.getByRole("button", { name: /Connect/ }).first().isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "settings-integrations-desktop");

    await other.close();
    await ctx.close();
  });
});
