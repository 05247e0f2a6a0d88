// Teams, invitations and account settings in a real browser, with two users in two
// browser contexts: create a team, invite by e-mail, accept through the signed-out
// need_login path, change the role, share a meeting (the guest sees it read-only), remove
// the member (after a confirmation); ownership transfer (the former owner can then leave, after one too); profile name, password
// and e-mail changes; axe on every settings tab; screenshots at 1280 and 390.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { actionItems, meetings } from "../server/src/db/schema";
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

const signUpInBrowser = (page: Page, name: string, email: string, password = "secret123") => submitSignUpForm(page, name, email, password);

async function signInInBrowser(page: Page, email: string, password = "secret123") {
  await page.goto("/auth");
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL("**/dashboard");
}

/** A user signed up through the API who joined `teamId` as `role` (invited by `owner`). */
async function joinedUser(owner: TestClient, teamId: string, name: string, role: "admin" | "member" | "guest") {
  const c = new TestClient(t.url);
  const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
  await c.signUp(email, "secret123", name);
  const inv = await owner.post("/api/auth/organization/invite-member", { organizationId: teamId, email, role });
  expect(inv.status, inv.text).toBe(200);
  const acc = await c.post("/api/auth/organization/accept-invitation", { invitationId: inv.json.id });
  expect(acc.status, acc.text).toBe(200);
  return { c, email, memberId: acc.json.member.id as string };
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

/**
 * Before a full-page screenshot: toasts gone (sonner keeps one while the pointer rests on it,
 * so the pointer moves away) and scrolled to the top (else the fixed header is painted mid-page).
 */
async function settleForScreenshot(page: Page) {
  await page.mouse.move(1, 1);
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

const toast = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);

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
    // No SMTP here: no "Invitation sent" claim; the inviter gets the link to copy (decision 018).
    const linkDialog = owner.getByRole("dialog", { name: "Mail is not set up on this server" });
    await linkDialog.getByText(`The invitation for ${bobEmail} was created, but no e-mail was sent.`).waitFor();
    const copied = await linkDialog.getByRole("textbox", { name: "Invitation link" }).inputValue();
    expect(copied).toMatch(/\/invitation\?token=[\w-]+$/);
    expect(await owner.getByText(`Invitation sent to ${bobEmail}`).count()).toBe(0);
    await screenshot(owner, "settings-teams-invitation-link-desktop");
    await linkDialog.getByRole("button", { name: "Done" }).click();
    await owner.getByRole("tab", { name: "Invitations" }).click();
    await owner.getByRole("list", { name: "Pending invitations" }).getByText(bobEmail).waitFor();
    expect(await axeViolations(owner)).toEqual([]);
    await screenshot(owner, "settings-teams-invitations-desktop");

    const mail = await lastMailTo(bobEmail);
    const link = mail.match(/https?:\/\/[^\s"]+\/invitation\?token=[\w-]+/)![0];
    const invitePath = link.replace(/^https?:\/\/[^/]+/, "");
    expect(copied.replace(/^https?:\/\/[^/]+/, "")).toBe(invitePath);

    // Bob opens the link signed out: need_login, then signs up on /auth?invitation=… and joins.
    const bobCtx = await newUserContext(browser, t.url);
    const bob = await bobCtx.newPage();
    await bob.goto(invitePath);
    await bob.getByText("Please sign in to accept the invitation").waitFor();
    expect(await axeViolations(bob)).toEqual([]);
    await bob.locator("#main").getByRole("link", { name: "Sign In" }).click();
    await bob.waitForURL("**/auth?invitation=*");
    await signUpInBrowser(bob, "Bob Builder", bobEmail);
    // Nothing happens until Bob chooses: Accept or Decline.
    await bob.getByText("You are invited to join Launch Crew").waitFor({ timeout: 15_000 });
    await bob.getByRole("button", { name: "Decline" }).waitFor();
    await screenshot(bob, "invitation-accept-decline-desktop");
    await bob.getByRole("button", { name: "Accept" }).click();
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
    const [m] = await t.db
      .insert(meetings)
      .values({ userId: ownerId, title: "Launch sync", status: "completed", sourceType: "transcript_import" })
      .returning();
    const [item] = await t.db.insert(actionItems).values({ meetingId: m!.id, description: "Book the venue" }).returning();
    expect((await apiFrom(owner, "PUT", `/api/meetings/${m!.id}/shares/${teamId}`)).status).toBe(200);
    expect((await apiFrom(bob, "GET", `/api/meetings/${m!.id}`)).status).toBe(200);
    expect((await apiFrom(bob, "PATCH", `/api/action-items/${item!.id}`, { status: "completed" })).status).toBe(403);

    // In his browser the guest sees the shared meeting read-only: no adding, ticking, editing
    // or deleting; of the actions only Export as PDF.
    await bob.goto(`/meetings/${m!.id}`);
    await bob.getByRole("heading", { name: "Launch sync", level: 1 }).waitFor();
    await bob.getByText("Shared by Olivia Owner · Launch Crew").waitFor();
    const bobItem = bob.getByTestId("action-item").filter({ hasText: "Book the venue" });
    await bobItem.waitFor();
    expect(await bob.getByRole("button", { name: "Add Item" }).count()).toBe(0);
    expect(await bobItem.getByRole("checkbox").isDisabled()).toBe(true);
    await bobItem.hover();
    expect(await bob.getByRole("button", { name: /^(Edit|Delete): / }).count()).toBe(0);
    await openPopup(bob.getByRole("button", { name: "Meeting actions" }));
    await bob.getByRole("menuitem", { name: "Export as PDF" }).waitFor();
    // A guest may read and export, nothing else (no edit, rename, regenerate or delete).
    const guestActions = await bob.getByRole("menuitem").allTextContents();
    expect(guestActions).toContain("Export as PDF");
    expect(guestActions.filter((a) => !a.startsWith("Export as"))).toEqual([]);
    await bob.keyboard.press("Escape");
    expect(await axeViolations(bob)).toEqual([]);
    await screenshot(bob, "meeting-guest-read-only-desktop");

    // Removing Bob, once confirmed, ends his access at once.
    await owner.getByRole("button", { name: "Remove Bob Builder" }).click();
    const removeDialog = owner.getByRole("alertdialog", { name: "Remove Member" });
    await removeDialog
      .getByText('Remove Bob Builder from "Launch Crew"? They lose access to the team\'s meetings', { exact: false })
      .waitFor();
    await removeDialog.getByRole("button", { name: "Remove Member" }).click();
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

  it("transfers ownership after confirmation: the member becomes owner, the former owner an admin who can leave", async () => {
    const ownerApi = new TestClient(t.url);
    const ownerEmail = uniqueEmail("tess");
    await ownerApi.signUp(ownerEmail, "secret123", "Tess Transfer");
    const team = await ownerApi.post("/api/auth/organization/create", { name: "Handover Team", slug: `h-${Date.now()}` });
    expect(team.status, team.text).toBe(200);
    const teamId = team.json.id as string;
    const max = await joinedUser(ownerApi, teamId, "Max Member", "member");
    const gina = await joinedUser(ownerApi, teamId, "Gina Guest", "guest");
    const rolesFromApi = async (page: Page) => {
      const r = await apiFrom(page, "GET", `/api/auth/organization/list-members?organizationId=${teamId}`);
      return Object.fromEntries((r.json.members as { role: string; user: { email: string } }[]).map((m) => [m.user.email, m.role]));
    };

    const ctx = await newUserContext(browser, t.url);
    const page = await ctx.newPage();
    await signInInBrowser(page, ownerEmail);
    await page.goto("/settings?tab=teams");
    const members = page.getByRole("list", { name: "Team members" });
    const rowOf = (email: string) => members.getByTestId("member-row").filter({ hasText: email });
    await rowOf(gina.email).waitFor();

    // Only the owner's rows for others offer it; the owner has no Leave.
    expect(await page.getByRole("button", { name: /^Make owner: / }).count()).toBe(2);
    expect(await rowOf(ownerEmail).getByRole("button").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Cancel changes nothing.
    await page.getByRole("button", { name: "Make owner: Max Member" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Transfer Ownership" });
    await dialog
      .getByText('Make Max Member the owner of "Handover Team"? Max Member becomes the owner and you become an admin.', { exact: false })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "settings-teams-transfer-dialog-desktop");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await rolesFromApi(page)).toEqual({ [ownerEmail]: "owner", [max.email]: "member", [gina.email]: "guest" });

    // The server's refusal reaches the user: Gina is removed while the dialog is open.
    await page.getByRole("button", { name: "Make owner: Gina Guest" }).click();
    await dialog.getByText("Gina Guest becomes the owner", { exact: false }).waitFor();
    expect(
      (await ownerApi.post("/api/auth/organization/remove-member", { organizationId: teamId, memberIdOrEmail: gina.memberId })).status,
    ).toBe(200);
    await dialog.getByRole("button", { name: "Transfer Ownership" }).click();
    await toast(page, "Failed to transfer ownership");
    await toast(page, "Team member not found");
    await expect.poll(() => rowOf(gina.email).count()).toBe(0);
    expect((await rolesFromApi(page))[ownerEmail]).toBe("owner");

    // On a phone the row and the dialog fit the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await settleForScreenshot(page);
    await screenshot(page, "settings-teams-members-owner-phone");
    await page.getByRole("button", { name: "Make owner: Max Member" }).click();
    await dialog.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, "settings-teams-transfer-dialog-phone");

    // Confirm: Max owns the team, Tess is an admin and now has Leave on her own row.
    await dialog.getByRole("button", { name: "Transfer Ownership" }).click();
    await toast(page, "Ownership transferred to Max Member");
    await dialog.waitFor({ state: "detached" });
    expect(await rolesFromApi(page)).toEqual({ [ownerEmail]: "admin", [max.email]: "owner" });
    await rowOf(ownerEmail).getByRole("button", { name: "Leave" }).waitFor();
    expect(await rowOf(ownerEmail).getByTestId("role-badge").textContent()).toMatch(/admin/i);
    expect(await rowOf(max.email).getByTestId("role-badge").textContent()).toMatch(/owner/i);
    expect(await page.getByRole("button", { name: /^Make owner: / }).count()).toBe(0);
    expect(await page.getByRole("combobox", { name: /^Role of / }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await settleForScreenshot(page);
    await screenshot(page, "settings-teams-after-transfer-phone");
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "settings-teams-after-transfer-desktop");

    // Transfer first, then leave: the team stays with Max.
    await rowOf(ownerEmail).getByRole("button", { name: "Leave" }).click();
    const leaveDialog = page.getByRole("alertdialog", { name: "Leave Team" });
    await leaveDialog.getByText('Leave "Handover Team"? You lose access to the team\'s meetings', { exact: false }).waitFor();
    await leaveDialog.getByRole("button", { name: "Leave Team" }).click();
    await toast(page, "You have left the team");
    await page.getByRole("heading", { name: "No Team Selected" }).waitFor();
    expect((await max.c.get(`/api/auth/organization/list-members?organizationId=${teamId}`)).json.members).toHaveLength(1);
    await ctx.close();
  });

  it("on a phone: the teams tab and the invitation page fit the screen", async () => {
    const c = new TestClient(t.url);
    const email = uniqueEmail("phone");
    await c.signUp(email, "secret123", "Pat Phone");
    const team = await c.post("/api/auth/organization/create", { name: "Phone Team With A Long Name", slug: `p-${Date.now()}` });
    for (const role of ["admin", "guest"])
      await c.post("/api/auth/organization/invite-member", { organizationId: team.json.id, email: uniqueEmail(role), role });
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
    // No SMTP here: the toast says where the link is, not "check your inbox".
    await toast(page, "Mail is not set up on this server");
    expect(await page.getByText("Email update verification sent. Please check your inbox.").count()).toBe(0);
    const mail = await lastMailTo(newEmail);
    const verify = mail.match(/https?:\/\/[^\s"]+\/verify-email\?token=[^\s"]+/)![0];
    expect((await apiFrom(page, "GET", "/api/auth/get-session")).json.user.email).toBe(email);
    await page.goto(verify.replace(/^https?:\/\/[^/]+/, ""));
    await expect.poll(async () => (await apiFrom(page, "GET", "/api/auth/get-session")).json?.user?.email).toBe(newEmail);
    // Opening the link proved the new address (decision 018).
    expect((await apiFrom(page, "GET", "/api/auth/get-session")).json.user.emailVerified).toBe(true);

    await page.goto("/settings?tab=integrations");
    await expect.poll(() => page.getByTestId("integration-card").count()).toBe(7);
    // No provider is configured on this server: each card says so instead of offering Connect.
    await expect.poll(() => page.getByText("Not set up on this server").count()).toBe(7);
    expect(await page.getByRole("button", { name: /Connect/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "settings-integrations-desktop");

    await other.close();
    await ctx.close();
  });
});
