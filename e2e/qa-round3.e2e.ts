// QA round three (decision 046), in a real browser: correcting transcript turns with the
// keyboard, a teammate whose access changes while the meeting page is open, Ask on one
// meeting's page (citations open their moment every time), and the texts around them.
// Screenshots go to screenshots/ as the other e2e files' do.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { launchBrowser, newSignedInContext, screenshot } from "./browser";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const stamp = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
// Long enough that the transcript scrolls: filler turns, then the ones the questions are about.
const TURNS: [string, string][] = [
  ["Maria Lopez", "Welcome everyone, let's go through the launch plan for the new release."],
  ["Sam Park", "I'll send the deck to the client by Friday."],
  ...Array.from({ length: 30 }, (_, i): [string, string] => [
    i % 2 ? "Sam Park" : "Maria Lopez",
    `Status note number ${i + 1} about the office plants.`,
  ]),
  ["Maria Lopez", "We agreed the venue for the launch party is the rooftop terrace."],
  ["Sam Park", "The rooftop terrace holds two hundred guests, so the venue works."],
];
const VTT = ["WEBVTT", ...TURNS.map(([who, text], i) => `${stamp(i * 5 + 1)} --> ${stamp(i * 5 + 5)}\n<v ${who}>${text}</v>`)].join("\n\n");

let t: AppProcess;
let browser: Browser;
let owner: TestClient;
let member: TestClient;
let meetingId = "";
let teamId = "";
let memberId = "";

beforeAll(async () => {
  [t, browser] = await Promise.all([startAppProcess(), launchBrowser()]);
  owner = new TestClient(t.url);
  member = new TestClient(t.url);
  await owner.signUp(uniqueEmail("olivia"), "secret123", "Olivia Owner");
  const memberEmail = uniqueEmail("max");
  await member.signUp(memberEmail, "secret123", "Max Member");
  meetingId = await owner.importTranscript("launch.vtt", VTT, "Launch sync");
  await owner.waitCompleted(meetingId);
  const team = await owner.post("/api/auth/organization/create", { name: "Launch Crew", slug: `launch-crew-${Date.now()}` });
  expect(team.status, team.text).toBe(200);
  teamId = team.json.id;
  const inv = await owner.post("/api/auth/organization/invite-member", { organizationId: teamId, email: memberEmail, role: "member" });
  expect(inv.status, inv.text).toBe(200);
  const accepted = await member.post("/api/auth/organization/accept-invitation", { invitationId: inv.json.id });
  expect(accepted.status, accepted.text).toBe(200);
  memberId = accepted.json.member.id;
  expect((await owner.put(`/api/meetings/${meetingId}/shares/${teamId}`)).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function pageOf(client: TestClient, size = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newSignedInContext(browser, t.url, client.cookie, size);
  return { context, page: await context.newPage() };
}

const activeLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName);

describe("correcting a turn with the keyboard", () => {
  it("gives focus back to the turn's edit button after Escape and after saving", async () => {
    const { context, page } = await pageOf(owner);
    try {
      await page.goto(`/meetings/${meetingId}`);
      const edit = page.getByRole("button", { name: "Edit turn 2 (Sam Park)" });
      await edit.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("textbox", { name: "Text" }).waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("textbox", { name: "Text" }).waitFor({ state: "detached" });
      // Focus went to the page's body: a keyboard user had to Tab from the top again.
      expect(await activeLabel(page)).toBe("Edit turn 2 (Sam Park)");

      await page.keyboard.press("Enter");
      const text = page.getByRole("textbox", { name: "Text" });
      await text.fill("I'll send the deck to the client by Thursday.");
      await page.keyboard.press("Control+Enter");
      await page.getByText("Transcript updated").first().waitFor();
      await text.waitFor({ state: "detached" });
      expect(await activeLabel(page)).toBe("Edit turn 2 (Sam Park)");
      await page.getByRole("button", { name: /Undo last transcript edit/ }).click();
      await page.getByText("Edit undone").waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("undoing a turn's correction", () => {
  it("brings the restored turn into view", async () => {
    const { context, page } = await pageOf(owner);
    try {
      await page.goto(`/meetings/${meetingId}`);
      const turn = page.locator("[data-turn]").filter({ hasText: "Status note number 28 " });
      const index = await turn.getAttribute("data-turn");
      await turn.hover();
      await page.getByRole("button", { name: new RegExp(`^Edit turn ${Number(index) + 1} `) }).click();
      await page.getByRole("textbox", { name: "Text" }).fill("Status note number 28 about the office plants, corrected.");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Transcript updated").first().waitFor();
      // The reader scrolls back to the top of the transcript, then undoes.
      const viewport = page.locator('[data-slot="scroll-area-viewport"]').filter({ has: turn });
      await viewport.evaluate((v) => v.scrollTo({ top: 0 }));
      await page.getByRole("button", { name: /Undo last transcript edit/ }).click();
      await page.getByText("Edit undone").waitFor();
      // Before, the restored turn stayed scrolled away: only the toast said anything happened.
      await expect
        .poll(() =>
          turn.evaluate((e) => {
            const area = e.closest('[data-slot="scroll-area-viewport"]')!.getBoundingClientRect();
            const r = e.getBoundingClientRect();
            return r.top >= area.top && r.bottom <= area.bottom;
          }),
        )
        .toBe(true);
      expect(await turn.innerText()).not.toContain("corrected");
    } finally {
      await context.close();
    }
  });
});

describe("correcting a turn on a phone", () => {
  it("shows the whole editor, Save included, inside the transcript's scroll area", async () => {
    const { context, page } = await pageOf(owner, PHONE);
    try {
      await page.goto(`/meetings/${meetingId}`);
      await page.getByRole("heading", { name: "Transcript", exact: true }).scrollIntoViewIfNeeded();
      await page.getByRole("button", { name: /^Edit turn 3 / }).click();
      const save = page.getByRole("button", { name: "Save" });
      await save.waitFor();
      // Before, the focused text field's first line sat at the area's foot and Save was below it.
      await expect
        .poll(() =>
          save.evaluate((button) => {
            const area = button.closest('[data-slot="scroll-area-viewport"]')!.getBoundingClientRect();
            const b = button.getBoundingClientRect();
            return b.top >= area.top && b.bottom <= area.bottom && b.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      await screenshot(page, "qa3-turn-editor-phone");
    } finally {
      await context.close();
    }
  });
});

describe("correcting a turn on a touch tablet", () => {
  it("shows the turns' edit buttons, which a screen with no hover could not reveal", async () => {
    const context = await browser.newContext({ baseURL: t.url, viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });
    try {
      await context.addCookies(
        owner.cookie.split("; ").map((pair) => {
          const i = pair.indexOf("=");
          return { name: pair.slice(0, i), value: pair.slice(i + 1), url: t.url };
        }),
      );
      const page = await context.newPage();
      await page.goto(`/meetings/${meetingId}`);
      const edit = page.getByRole("button", { name: "Edit turn 2 (Sam Park)" });
      await edit.waitFor();
      expect(await page.evaluate(() => matchMedia("(hover: none)").matches)).toBe(true);
      // From 640 px up the button was hidden until hovered: on a tablet it never showed.
      expect(Number(await edit.evaluate((e) => getComputedStyle(e).opacity))).toBeGreaterThan(0.5);
    } finally {
      await context.close();
    }
  });
});

describe("a teammate whose access changes while the meeting is open", () => {
  it("made a guest: the refused save says why and the page turns read-only", async () => {
    const { context, page } = await pageOf(member);
    try {
      await page.goto(`/meetings/${meetingId}`);
      await page.getByRole("button", { name: "Edit turn 1 (Maria Lopez)" }).click();
      await page.getByRole("textbox", { name: "Text" }).fill("Welcome, everyone.");
      const demoted = await owner.post("/api/auth/organization/update-member-role", { organizationId: teamId, memberId, role: "guest" });
      expect(demoted.status, demoted.text).toBe(200);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Ask the team's owner to make you a member.", { exact: false }).waitFor();
      // The page re-read the meeting: no editor, no edit buttons, no Rename speakers left to refuse again.
      await page.getByRole("form", { name: "Edit turn" }).waitFor({ state: "detached" });
      expect(await page.getByRole("button", { name: /^Edit turn/ }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Rename speakers" }).count()).toBe(0);
      await screenshot(page, "qa3-demoted-while-editing");
    } finally {
      await context.close();
    }
  });

  it("removed from the team: the refused save leads to 'Meeting not found', not a page that still offers edits", async () => {
    expect(
      (await owner.post("/api/auth/organization/update-member-role", { organizationId: teamId, memberId, role: "member" })).status,
    ).toBe(200);
    const { context, page } = await pageOf(member);
    try {
      await page.goto(`/meetings/${meetingId}`);
      await page.getByRole("button", { name: "Edit turn 1 (Maria Lopez)" }).click();
      await page.getByRole("textbox", { name: "Text" }).fill("Welcome, everyone.");
      const removed = await owner.post("/api/auth/organization/remove-member", { organizationId: teamId, memberIdOrEmail: memberId });
      expect(removed.status, removed.text).toBe(200);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("heading", { name: "Meeting not found" }).waitFor();
      expect(await page.getByText("Status note number 1").count()).toBe(0);
      await screenshot(page, "qa3-removed-while-editing");
    } finally {
      await context.close();
    }
  });
});

describe("Ask on one meeting's page", () => {
  /** Where the transcript's card is in the window, and the turn shown as opened. */
  const where = async (page: Page) => ({
    top: await page.getByRole("heading", { name: "Transcript", exact: true }).evaluate((e) => e.getBoundingClientRect().top),
    current: await page.locator('[data-turn][aria-current="true"]').getAttribute("data-turn"),
  });

  it("opens a citation's moment each time it is clicked, also after an action item's moment", async () => {
    const { context, page } = await pageOf(owner);
    try {
      await page.goto(`/meetings/${meetingId}`);
      const box = page.getByTestId("ask-box");
      await box.getByLabel("Your question").fill("Which venue did we agree on for the launch party?");
      await box.getByRole("button", { name: "Ask", exact: true }).click();
      const citation = box.getByTestId("ask-citation").filter({ hasText: "We agreed the venue" }).first();
      await citation.waitFor();
      // On the meeting's own page a source does not repeat the meeting's title.
      expect(await citation.innerText()).not.toContain("Launch sync");
      const venueTurn = await page.locator("[data-turn]").filter({ hasText: "We agreed the venue" }).getAttribute("data-turn");

      await citation.click();
      await expect.poll(async () => (await where(page)).current).toBe(venueTurn);
      expect((await where(page)).top).toBeLessThan(DESKTOP.height);

      // Back up to the answer, and the same citation again: it brought nothing into view before.
      await box.scrollIntoViewIfNeeded();
      expect((await where(page)).top).toBeGreaterThan(DESKTOP.height);
      await citation.click();
      await expect.poll(async () => (await where(page)).top).toBeLessThan(DESKTOP.height);

      // An action item's moment, then the citation: the citation's turn is the one opened.
      const item = page.getByRole("button", { name: /00:06/ }).first();
      await item.click();
      await expect.poll(async () => (await where(page)).current).not.toBe(venueTurn);
      await box.scrollIntoViewIfNeeded();
      await citation.click();
      await expect.poll(async () => (await where(page)).current).toBe(venueTurn);
      await screenshot(page, "qa3-citation-opened");
    } finally {
      await context.close();
    }
  });

  it("on a phone: says why a two-letter question is not asked, and a long recent question stays inside its card", async () => {
    const long = `Which venue did we agree on ${"and how many guests fit there ".repeat(12)}`.trim().slice(0, 300);
    expect((await owner.post("/api/ask", { question: long, meetingId })).status).toBe(200);
    const { context, page } = await pageOf(owner, PHONE);
    try {
      await page.goto(`/meetings/${meetingId}`);
      const box = page.getByTestId("ask-box");
      await box.getByLabel("Your question").fill("ok");
      await box.getByLabel("Your question").press("Enter");
      // Before, Enter did nothing and the disabled button said nothing either.
      await box.getByText("Type a question of at least 3 characters.").waitFor();

      const chip = box.getByRole("button", { name: long });
      await chip.waitFor();
      const [chipRight, boxRight] = await Promise.all([
        chip.evaluate((e) => e.getBoundingClientRect().right),
        box.evaluate((e) => e.getBoundingClientRect().right),
      ]);
      expect(chipRight).toBeLessThanOrEqual(boxRight);
      await chip.scrollIntoViewIfNeeded();
      await screenshot(page, "qa3-ask-phone");
    } finally {
      await context.close();
    }
  });
});

describe("teams", () => {
  it("an invitation opened with another account offers to sign out and use the invited address", async () => {
    const other = new TestClient(t.url);
    await other.signUp(uniqueEmail("gina"), "secret123", "Gina Other");
    const inv = await owner.post("/api/auth/organization/invite-member", {
      organizationId: teamId,
      email: uniqueEmail("nina"),
      role: "member",
    });
    expect(inv.status, inv.text).toBe(200);
    const { context, page } = await pageOf(other, PHONE);
    try {
      await page.goto(`/invitation?token=${inv.json.id}`);
      await page.getByText("This invitation was sent to a different e-mail address.", { exact: false }).waitFor();
      // It said to sign in with the invited address but offered only "Go to Dashboard".
      await page.getByRole("button", { name: "Sign out to use the invited address" }).click();
      await page.getByText("Please sign in to accept the invitation").waitFor();
      await page.getByRole("link", { name: "Sign In" }).waitFor();
      expect((await other.get("/api/auth/get-session")).json).toBeNull();
      await screenshot(page, "qa3-invitation-other-account");
    } finally {
      await context.close();
    }
  });

  it("is told how to leave, since an owner has no Leave button", async () => {
    const { context, page } = await pageOf(owner, PHONE);
    try {
      await page.goto("/settings?tab=teams");
      const mine = page.getByTestId("member-row").filter({ hasText: "(you)" });
      await mine.getByText("To leave, first make another member owner.").waitFor();
      expect(await mine.getByRole("button", { name: "Leave" }).count()).toBe(0);
      await screenshot(page, "qa3-owner-leave-hint");
    } finally {
      await context.close();
    }
  });
});

describe("Remove member and Leave team (QA round three, follow-up)", () => {
  /** A fresh team of a fresh owner with Ada (admin), Gina (guest) and Max (member), joined in that order. */
  async function crew() {
    const boss = new TestClient(t.url);
    await boss.signUp(uniqueEmail("olga"), "secret123", "Olga Owner");
    const team = await boss.post("/api/auth/organization/create", { name: "Design Crew", slug: `design-crew-${Date.now()}` });
    expect(team.status, team.text).toBe(200);
    const join = async (name: string, role: "admin" | "member" | "guest") => {
      const c = new TestClient(t.url);
      const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
      await c.signUp(email, "secret123", name);
      const inv = await boss.post("/api/auth/organization/invite-member", { organizationId: team.json.id, email, role });
      expect(inv.status, inv.text).toBe(200);
      const acc = await c.post("/api/auth/organization/accept-invitation", { invitationId: inv.json.id });
      expect(acc.status, acc.text).toBe(200);
      return { c, email, memberId: acc.json.member.id as string };
    };
    const ada = await join("Ada Admin", "admin");
    const gina = await join("Gina Guest", "guest");
    const max = await join("Max Mover", "member");
    const emails = async () =>
      (
        (await boss.get(`/api/auth/organization/list-members?organizationId=${team.json.id}`)).json.members as { user: { email: string } }[]
      ).map((m) => m.user.email);
    return { boss, teamId: team.json.id as string, ada, gina, max, emails };
  }

  const focused = (page: Page) =>
    page.evaluate(() => ({
      label: document.activeElement?.getAttribute("aria-label") ?? null,
      member: document.activeElement?.getAttribute("data-member-id") ?? null,
      tag: document.activeElement?.tagName ?? null,
      text: document.activeElement?.textContent?.trim().slice(0, 40) ?? null,
    }));

  it("Remove asks first (Cancel keeps the member, focus back on Remove); once confirmed, focus goes to the next row", async () => {
    const c = await crew();
    for (const size of [DESKTOP, PHONE]) {
      const { context, page } = await pageOf(c.boss, size);
      try {
        await page.goto("/settings?tab=teams");
        const remove = page.getByRole("button", { name: "Remove Gina Guest" });
        await remove.click();
        const dialog = page.getByRole("alertdialog", { name: "Remove Member" });
        await dialog
          .getByText(`Remove Gina Guest from "Design Crew"? They lose access to the team's meetings, and the meetings they shared`, {
            exact: false,
          })
          .waitFor();
        const box = (await dialog.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        await screenshot(page, `qa4-remove-dialog-${size.width}`);
        // Before: one click removed her, with no way back; and a dialog's Cancel left focus on the page's body.
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
        expect(await c.emails()).toContain(c.gina.email);
        await expect.poll(() => focused(page)).toMatchObject({ label: "Remove Gina Guest" });
      } finally {
        await context.close();
      }
    }

    const { context, page } = await pageOf(c.boss, PHONE);
    try {
      await page.goto("/settings?tab=teams");
      // By keyboard, as a screen reader user would.
      await page.getByRole("button", { name: "Remove Gina Guest" }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("alertdialog", { name: "Remove Member" });
      await dialog.getByRole("button", { name: "Remove Member" }).focus();
      await page.keyboard.press("Enter");
      await page.getByText("Team member removed successfully").waitFor();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => page.getByTestId("member-row").filter({ hasText: c.gina.email }).count()).toBe(0);
      expect(await c.emails()).not.toContain(c.gina.email);
      // Before: focus fell to the page's body with the removed row; now the next row (Max) has it.
      await expect.poll(() => focused(page)).toMatchObject({ member: c.max.memberId });
      await screenshot(page, "qa4-removed-phone");
    } finally {
      await context.close();
    }
  });

  it("Leave asks first; once confirmed, focus goes to 'No Team Selected', and the team's members are not read again", async () => {
    const c = await crew();
    const { context, page } = await pageOf(c.max.c, PHONE);
    try {
      await page.goto("/settings?tab=teams");
      const leave = page.getByTestId("member-row").filter({ hasText: "(you)" }).getByRole("button", { name: "Leave" });
      await leave.click();
      const dialog = page.getByRole("alertdialog", { name: "Leave Team" });
      await dialog.getByText(`Leave "Design Crew"? You lose access to the team's meetings`, { exact: false }).waitFor();
      await screenshot(page, "qa4-leave-dialog-390");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await c.emails()).toContain(c.max.email);

      const refused: string[] = [];
      page.on("response", (r) => {
        if (r.status() === 403) refused.push(r.url());
      });
      await leave.click();
      await dialog.getByRole("button", { name: "Leave Team" }).click();
      await page.getByText("You have left the team").waitFor();
      await page.getByRole("heading", { name: "No Team Selected" }).waitFor();
      expect(await c.emails()).not.toContain(c.max.email);
      // Before: focus went to the page's body, and the members list of the team just left was read once more (403).
      await expect.poll(() => focused(page)).toMatchObject({ tag: "H3", text: "No Team Selected" });
      expect(refused).toEqual([]);
      await screenshot(page, "qa4-left-phone");
    } finally {
      await context.close();
    }
  });

  it("after Leave with another team left, focus goes to the team selector, which shows that team", async () => {
    const c = await crew();
    const other = await c.ada.c.post("/api/auth/organization/create", { name: "Ada's Studio", slug: `ada-studio-${Date.now()}` });
    expect(other.status, other.text).toBe(200);
    const { context, page } = await pageOf(c.ada.c, DESKTOP);
    try {
      await page.goto("/settings?tab=teams");
      // The stored choice: Design Crew, so Leave is on her own row as admin.
      await page.getByRole("combobox", { name: "Select team" }).click();
      await page.getByRole("option", { name: "Design Crew" }).click();
      await page.getByTestId("member-row").filter({ hasText: "(you)" }).getByRole("button", { name: "Leave" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Leave Team" });
      await screenshot(page, "qa4-leave-dialog-1280");
      await dialog.getByRole("button", { name: "Leave Team" }).click();
      await page.getByText("You have left the team").waitFor();
      await expect.poll(() => focused(page)).toMatchObject({ label: "Select team", text: "Ada's Studio" });
      await screenshot(page, "qa4-left-other-team-1280");
    } finally {
      await context.close();
    }
  });
});

describe("Ask on one meeting's page (QA round three, follow-up)", () => {
  it("says nothing in this meeting answers, and credits an action item to who said it, its assignee named apart", async () => {
    const id = await owner.importTranscript("launch.vtt", VTT, "Launch sync again");
    await owner.waitCompleted(id);
    // The notes' item from Sam's "I'll send the deck…" (0:06), handed to Maria: said by Sam, Maria's task.
    const items = (await owner.get(`/api/meetings/${id}/action-items`)).json.actionItems as { id: string; description: string }[];
    const deck = items.find((i) => /deck/i.test(i.description));
    expect(deck, JSON.stringify(items)).toBeDefined();
    expect((await owner.patch(`/api/action-items/${deck!.id}`, { assignee: "Maria Lopez" })).status).toBe(200);
    for (const size of [DESKTOP, PHONE]) {
      const { context, page } = await pageOf(owner, size);
      try {
        await page.goto(`/meetings/${id}`);
        const box = page.getByTestId("ask-box");
        await box.getByLabel("Your question").fill("What about the zeppelin hangar?");
        await box.getByRole("button", { name: "Ask", exact: true }).click();
        // Before: "Nothing in the meetings you can read answers this", on one meeting's page.
        await box.getByText("Nothing in this meeting answers this. Try other words.").waitFor();
        await box.scrollIntoViewIfNeeded();
        await screenshot(page, `qa4-ask-nothing-${size.width}`);

        await box.getByLabel("Your question").fill("Who sends the deck to the client?");
        await box.getByRole("button", { name: "Ask", exact: true }).click();
        const answer = box.getByTestId("ask-answer");
        // Before: "Maria Lopez (0:06): Send the deck…", though Sam Park said it then.
        await answer.getByText(/^Sam Park \(0:06\), action item for Maria Lopez: /).waitFor();
        expect(await answer.innerText()).not.toMatch(/Maria Lopez \(0:06\)/);
        // Case-sensitive: Sam's own turn ("I'll send the deck…") is cited too.
        const source = box
          .getByTestId("ask-citation")
          .filter({ hasText: new RegExp(deck!.description.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
        expect(await source.innerText()).toContain("Sam Park");
        expect(await source.innerText()).not.toContain("Maria Lopez");
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await screenshot(page, `qa4-ask-action-item-${size.width}`);
      } finally {
        await context.close();
      }
    }
  });
});
