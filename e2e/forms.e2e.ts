// Forms validate with the contract's zod schemas (react-hook-form + zodResolver) and show
// each message in the one Field component: under the field, linked by aria-describedby,
// with aria-invalid on the control. The server's refusal shows on the form too. Sign-up
// and the team dialogs, with screenshots at 1280 and 390 wide.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { invitationSchema, signUpSchema, teamSchema } from "../contract/accounts";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
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

/** The message the contract's schema gives for `field` of `values` (its first issue there). */
function contractMessage<S extends z.ZodType>(schema: S, values: unknown, field: string): string {
  const result = schema.safeParse(values);
  const issue = result.error?.issues.find((i) => i.path.join(".") === field);
  if (!issue) throw new Error(`the contract accepts ${field} in ${JSON.stringify(values)}`);
  return issue.message;
}

/** The control shows `message` as its error: visible, aria-invalid, and named by aria-describedby. */
async function expectFieldError(scope: Page | Locator, control: Locator, message: string) {
  await scope.getByText(message, { exact: true }).first().waitFor();
  expect(await control.getAttribute("aria-invalid")).toBe("true");
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const described = await Promise.all(ids.map((id) => control.page().locator(`[id="${id}"]`).innerText()));
  expect(described).toContain(message);
}

describe("forms validated by the contract", () => {
  it("sign-up shows the contract's messages on each field, then the server's refusal on the form", async () => {
    const taken = uniqueEmail("taken");
    await new TestClient(t.url).signUp(taken, "secret123", "Already Here");

    for (const width of [1280, 390]) {
      const ctx = await newUserContext(browser, t.url, { width, height: width > 500 ? 860 : 844 });
      const page = await ctx.newPage();
      await page.goto("/auth");
      await page.getByRole("tab", { name: "Sign Up" }).click();
      const name = page.getByLabel("Full Name");
      const email = page.locator("#signup-email");
      const password = page.locator("#signup-password");
      const create = page.getByRole("button", { name: "Create Account" });

      await create.click();
      const empty = { name: "", email: "", password: "" };
      await expectFieldError(page, name, contractMessage(signUpSchema, empty, "name"));
      await expectFieldError(page, email, contractMessage(signUpSchema, empty, "email"));
      await expectFieldError(page, password, contractMessage(signUpSchema, empty, "password"));
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `forms-sign-up-errors-${width}`);

      const bad = { name: "Ada", email: "not-an-email", password: "abc" };
      await name.fill(bad.name);
      await email.fill(bad.email);
      await password.fill(bad.password);
      await create.click();
      await expectFieldError(page, email, contractMessage(signUpSchema, bad, "email"));
      await expectFieldError(page, password, contractMessage(signUpSchema, bad, "password"));
      expect(await name.getAttribute("aria-invalid")).toBeNull();

      // Valid to the contract, but the address has an account: sign-up answers as for a new
      // one (no account enumeration), and the sign-in that follows it fails with this password.
      await email.fill(taken);
      await password.fill("another-password");
      await create.click();
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Create Account" }) });
      await form
        .getByRole("alert")
        .filter({ hasText: /If this address already has an account, sign in with its password/ })
        .waitFor();
      expect(page.url()).toMatch(/\/auth$/);
      await screenshot(page, `forms-sign-up-server-error-${width}`);
      await ctx.close();
    }
  });

  it("the team dialogs show the contract's messages and the server's refusal", async () => {
    const owner = new TestClient(t.url);
    const ownerEmail = uniqueEmail("forms-owner");
    await owner.signUp(ownerEmail, "secret123", "Fran Forms");
    const team = await owner.post("/api/auth/organization/create", { name: "Form Testers", slug: `form-testers-${Date.now()}` });
    expect(team.status, team.text).toBe(200);

    for (const width of [1280, 390]) {
      const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width, height: width > 500 ? 860 : 844 });
      const page = await ctx.newPage();
      await page.goto("/settings?tab=teams");
      await page.getByRole("list", { name: "Team members" }).getByText(ownerEmail).waitFor();

      // New team: a name longer than the contract allows.
      await page.getByRole("button", { name: "New Team" }).click();
      const create = page.getByRole("dialog", { name: "Create a New Team" });
      const longName = "x".repeat(101);
      await create.getByLabel("Team Name").fill(longName);
      await create.getByRole("button", { name: "Create Team" }).click();
      await expectFieldError(
        create,
        create.getByLabel("Team Name"),
        contractMessage(teamSchema, { name: longName, description: "" }, "name"),
      );
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `forms-team-dialog-error-${width}`);
      await create.getByRole("button", { name: "Cancel" }).click();
      await create.waitFor({ state: "detached" });

      // Invite: an address the contract refuses, then one the server refuses (already a member).
      await page.getByRole("button", { name: "Invite", exact: true }).click();
      const invite = page.getByRole("dialog", { name: "Invite to Team" });
      const inviteEmail = invite.getByLabel("Email");
      await inviteEmail.fill("colleague@");
      await invite.getByRole("button", { name: "Send Invitation" }).click();
      await expectFieldError(invite, inviteEmail, contractMessage(invitationSchema, { email: "colleague@", role: "member" }, "email"));

      await inviteEmail.fill(ownerEmail);
      await invite.getByRole("button", { name: "Send Invitation" }).click();
      const refused = await owner.post("/api/auth/organization/invite-member", {
        organizationId: team.json.id,
        email: ownerEmail,
        role: "member",
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      await invite.getByRole("alert").filter({ hasText: refused.json.error.message }).waitFor();
      expect(await invite.isVisible()).toBe(true);
      await screenshot(page, `forms-invite-server-error-${width}`);
      await ctx.close();
    }
  });
});
