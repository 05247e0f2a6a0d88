// QA round six (decision 058): the notes' action items used with the keyboard alone, in a real browser against the
// app as `npm start` runs it. Accept, Dismiss, completing, un-completing and deleting an item each remove the pressed
// control from its list (or move it to another); focus went to the page's body, so a keyboard user started again
// from the top of the page. Closing an item's editor (and Escape, which did not close it) lost focus the same way.
// On a phone the control that took focus could sit under the toast at the foot of the screen.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionItems } from "../server/src/db/schema";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { launchBrowser, newSignedInContext, screenshot } from "./browser";

const VTT = [
  "WEBVTT",
  "",
  "00:00:01.000 --> 00:00:06.000",
  "<v Maria Lopez>Thanks for joining. Today we look at the payment provider and the mobile launch date.",
  "",
  "00:00:07.000 --> 00:00:14.000",
  "<v Sam Park>So we'll go with Stripe for the payment provider from next quarter.",
  "",
  "00:00:15.000 --> 00:00:21.000",
  "<v Maria Lopez>I'll send the revised launch plan to the marketing team by Friday.",
  "",
  "00:00:22.000 --> 00:00:28.000",
  "<v Sam Park>I will book the app store review slot for the mobile launch tomorrow.",
  "",
].join("\n");

let t: AppProcess;
let browser: Browser;
let owner: TestClient;
let meetingId: string;

/** What has keyboard focus: its accessible name (aria-label, else its text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return a && a !== document.body ? (a.getAttribute("aria-label") ?? a.textContent ?? a.tagName).trim() : "BODY";
  });

beforeAll(async () => {
  [t, browser] = await Promise.all([startAppProcess(), launchBrowser()]);
  owner = new TestClient(t.url);
  await owner.signUp(uniqueEmail("qa6-owner"), "secret123", "Maria Lopez");
  meetingId = await owner.importTranscript("payments.vtt", VTT, "Payments sync");
  await owner.waitCompleted(meetingId);
  // Three possible items as the summarize step stores them (which ones the engine finds is its own affair).
  await t.db
    .insert(actionItems)
    .values(
      ["Check the refund flow with the new provider", "Tell support about the provider change", "Ask finance about the fees"].map(
        (description, i) => ({ meetingId, description, origin: "extracted" as const, suggested: true, position: 20 + i }),
      ),
    );
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("action items with the keyboard", () => {
  it("keeps focus in the card after accept, dismiss, complete, un-complete, edit and delete", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`/meetings/${meetingId}`);
    const possible = page.getByTestId("possible-action-items");
    await possible.getByText("Possible action items (3)").waitFor();

    // Dismiss, with the button at the foot of the screen: focus goes to the next item's Dismiss, which takes its
    // place, and is brought up from under the toast that then appears there (full width on a phone).
    const first = possible.getByRole("button", { name: "Dismiss: Check the refund flow with the new provider" });
    await first.focus();
    await first.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 30));
    await page.keyboard.press("Enter");
    await possible.getByText("Possible action items (2)").waitFor();
    await expect.poll(() => focused(page)).toBe("Dismiss: Tell support about the provider change");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Possible action item dismissed" });
    await toast.and(page.locator('[data-mounted="true"]')).waitFor();
    // Where the toast comes to rest: once its slide-in has ended.
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const [button, over] = await Promise.all([
      page.evaluate(() => document.activeElement!.getBoundingClientRect().toJSON() as DOMRect),
      toast.boundingBox(),
    ]);
    expect(button.bottom <= over!.y || button.top >= over!.y + over!.height).toBe(true);
    // Accept: focus moves to the next possible item's Accept, so the next one is a key press away.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await possible.getByText("Possible action items (1)").waitFor();
    await expect.poll(() => focused(page)).toBe("Accept: Ask finance about the fees");
    // Accept the only one left: focus follows it into the action items.
    await page.keyboard.press("Enter");
    await possible.waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("Mark as completed: Ask finance about the fees");
    await page.getByText("Added to the action items").last().waitFor();
    await screenshot(page, "qa6-accepted-phone");

    // Complete with Space: the item moves to "Completed", and so does focus; Space again brings both back.
    await page.keyboard.press("Space");
    await page.getByRole("heading", { name: /^Completed \(1\)/ }).waitFor();
    await expect.poll(() => focused(page)).toBe("Mark as pending: Ask finance about the fees");
    await page.keyboard.press("Space");
    await page.getByRole("heading", { name: /^Completed/ }).waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("Mark as completed: Ask finance about the fees");

    // Edit: Escape closes the editor and gives focus back to Edit; so does Save.
    const edit = page.getByRole("button", { name: "Edit: Ask finance about the fees" });
    await edit.focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("form", { name: "Edit action item: Ask finance about the fees" });
    await form.waitFor();
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("Edit: Ask finance about the fees");
    await page.keyboard.press("Enter");
    await form.getByLabel("Task Description").fill("Ask finance and sales about the fees");
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page)).toBe("Edit: Ask finance and sales about the fees");
    await page.getByText("Action item updated").last().waitFor();
    await page.waitForLoadState("networkidle");

    // Delete: focus goes to the next item's checkbox as the list shows it (else the one before it).
    const shown = (await page.getByRole("list", { name: "Pending action items" }).getByRole("checkbox").all()).map((c) =>
      c.getAttribute("aria-label"),
    );
    const labels = await Promise.all(shown);
    const pos = labels.indexOf("Mark as completed: Ask finance and sales about the fees");
    expect(pos).toBeGreaterThanOrEqual(0);
    const expected = labels[pos + 1] ?? labels[pos - 1];
    await page.getByRole("button", { name: "Delete: Ask finance and sales about the fees" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page)).toBe(expected);
    await ctx.close();
  });
  it("Undo after dismissing brings the item back as a possible one, and says so", async () => {
    await t.db
      .insert(actionItems)
      .values({ meetingId, description: "Draft the refund FAQ", origin: "extracted", suggested: true, position: 30 });
    const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`/meetings/${meetingId}`);
    const possible = page.getByTestId("possible-action-items");
    await possible.getByRole("button", { name: "Dismiss: Draft the refund FAQ" }).click();
    await page.getByText("Draft the refund FAQ").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Undo" }).click();
    // Before: "Action item restored", while it came back among the possible ones, not the action items.
    await page.getByText("Possible action item restored").waitFor();
    await possible.getByText("Draft the refund FAQ").waitFor();
    await ctx.close();
  });
});
