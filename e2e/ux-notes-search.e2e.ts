// The meeting page, search and ask as a user finds them (issues 30 and 32), in a real browser against the app as
// `npm start` runs it. A transcript import has no player, yet an action item's time (and a possible one's) still
// opens its moment in the transcript; on a phone an item's task keeps the row's width and its buttons show; a failed
// motion is marked failed; the search page narrows by kind, speaker and dates (kept in the address), says what to
// try when nothing is found, and clears its filters. Screenshots at 1280x800 and 390x844.
import type { Browser, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionItems, meetings } from "../server/src/db/schema";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { axeViolations, launchBrowser, newSignedInContext, openPopup, screenshot } from "./browser";

const cue = (from: string, to: string, speaker: string, text: string) => `${from} --> ${to}\n<v ${speaker}>${text}</v>\n`;
const vtt = (...cues: string[]) => `WEBVTT\n\n${cues.join("\n")}`;

const BOARD = vtt(
  cue("00:00:02.000", "00:00:09.000", "Eleanor Whitfield", "I call this meeting to order. First, the Riverside branch budget."),
  cue("00:00:10.000", "00:00:18.000", "Gregory Walsh", "I move that we approve the Riverside budget of one point two million."),
  cue("00:00:19.000", "00:00:27.000", "Eleanor Whitfield", "All in favour? One. Opposed? Three. The budget motion fails."),
  cue("00:00:41.000", "00:00:49.000", "Susan Park", "I will send the revised minutes to all directors by Friday."),
  cue("00:00:52.000", "00:00:58.000", "Gregory Walsh", "Maybe someone should look at the hall booking at some point."),
);
const SYNC = vtt(
  cue("00:00:01.000", "00:00:08.000", "Kasia Nowak", "The budget for the mobile launch is fine, Stripe stays."),
  cue("00:00:09.000", "00:00:15.000", "Omar Haddad", "Then I set up the Stripe sandbox this week."),
);

// Teams names every export "transcript.vtt"; one long turn, so its search snippet is an excerpt.
const filler = (word: string) => Array.from({ length: 30 }, (_, i) => `${word}${i}`).join(" ");
const GENERIC = vtt(
  cue(
    "00:00:01.000",
    "00:00:40.000",
    "Ann Lee",
    `We started late. ${filler("alpha")} the zanzibar budget was done actually. Let me recap. ${filler("omega")} Thanks.`,
  ),
);

let t: AppProcess;
let browser: Browser;
let owner: TestClient;
let boardId = "";
let syncId = "";

beforeAll(async () => {
  [t, browser] = await Promise.all([startAppProcess(), launchBrowser()]);
  owner = new TestClient(t.url);
  await owner.signUp(uniqueEmail("ux"), "secret123", "Uma User");
  boardId = await owner.importTranscript("board.vtt", BOARD, "Board meeting", "2026-03-10T18:00:00Z");
  syncId = await owner.importTranscript("sync.vtt", SYNC, "Product sync", "2026-05-05T09:00:00Z");
  await Promise.all([owner.waitCompleted(boardId), owner.waitCompleted(syncId)]);
  // The notes and items as the summarize step stores them, so this test does not hang on what the engine finds.
  await t.db
    .update(meetings)
    .set({
      notes: {
        overview: "The board voted on the Riverside budget.",
        keyPoints: [{ text: "The Riverside budget was put to a vote.", speaker: "Eleanor Whitfield", start: 2 }],
        decisions: [
          { text: "Motion failed: Approve the Riverside budget of one point two million.", speaker: "Gregory Walsh", start: 10 },
          { text: "Motion carried: The minutes are approved.", speaker: "Eleanor Whitfield", start: 19 },
        ],
      },
    })
    .where(eq(meetings.id, boardId));
  await t.db.delete(actionItems).where(eq(actionItems.meetingId, boardId));
  await t.db.insert(actionItems).values([
    {
      meetingId: boardId,
      description: "Send the revised minutes to all directors after the board has approved them",
      assignee: "Susan Park",
      dueDate: "2026-03-13",
      sourceStart: 41,
      origin: "extracted",
      extractedTask: "Send the revised minutes to all directors",
      position: 0,
    },
    {
      meetingId: boardId,
      description: "Book the hall",
      assignee: "Maximilian Alexander von Hohenzollern-Sigmaringen",
      origin: "extracted",
      extractedTask: "Book the hall",
      position: 2,
    },
    {
      meetingId: boardId,
      description: "Look at the hall booking",
      assignee: null,
      sourceStart: 52,
      origin: "extracted",
      extractedTask: "Look at the hall booking",
      suggested: true,
      position: 1,
    },
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const current = (page: Page) => page.locator('[data-turn][aria-current="true"]');

describe("the meeting page of a transcript import", () => {
  it("opens an action item's moment, and a possible one's, in the transcript though there is no player", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width: 1280, height: 800 });
    const page = await ctx.newPage();
    await page.goto(`/meetings/${boardId}`);
    const item = page.getByTestId("action-item").filter({ hasText: "Send the revised minutes" });
    await item.getByRole("button", { name: "Open the moment at 00:41" }).click();
    await current(page).filter({ hasText: "I will send the revised minutes" }).waitFor();
    const possible = page.getByTestId("possible-action-items");
    // A possible item's date reads as a due date, and its time opens where it was said.
    await possible.getByRole("button", { name: "Open the moment at 00:52" }).click();
    await current(page).filter({ hasText: "hall booking" }).waitFor();
    expect(await current(page).count()).toBe(1);

    // A failed motion is marked failed, a carried one carried.
    const decisions = page.getByTestId("meeting-notes").getByRole("region", { name: "Decisions" });
    const failed = decisions.getByTestId("motion").filter({ hasText: "Riverside" });
    expect(await failed.getAttribute("data-outcome")).toBe("failed");
    expect(await failed.innerText()).toMatch(/^Motion failed\s*:?\s*Approve the Riverside budget/);
    expect(await decisions.getByTestId("motion").filter({ hasText: "minutes" }).getAttribute("data-outcome")).toBe("carried");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId("meeting-notes").screenshot({ path: "screenshots/ux-notes-motions-1280.png" });
    await ctx.close();
  });

  it("keeps an item's task the row's width on a phone, with its buttons shown", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`/meetings/${boardId}`);
    const item = page.getByTestId("action-item").filter({ hasText: "Send the revised minutes" });
    await item.waitFor();
    const row = (await item.boundingBox())!;
    const task = (await item.locator("label").boundingBox())!;
    // The hidden Edit/Delete buttons beside it left the task under half the row (it wrapped every two words).
    expect(task.width / row.width).toBeGreaterThan(0.7);
    const edit = item.getByRole("button", { name: /^Edit: Send the revised minutes/ });
    expect(await edit.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe("1");
    const editBox = (await edit.boundingBox())!;
    expect(editBox.x + editBox.width).toBeLessThanOrEqual(390);
    // The due date on one line.
    const due = item.getByText("March 13, 2026");
    expect((await due.boundingBox())!.height).toBeLessThan(30);
    // A long owner's name ends in "…" inside the card instead of running off it; the person icon keeps its size.
    const long = page.getByTestId("action-item").filter({ hasText: "Book the hall" });
    const longRow = (await long.boundingBox())!;
    for (const part of [long.getByTestId("owner-picker"), long.getByTestId("action-item-owner")]) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(longRow.x + longRow.width);
    }
    expect(await long.getByTestId("action-item-owner").evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true); // cut, with "…"
    expect((await long.getByTestId("owner-picker").locator("svg").first().boundingBox())!.width).toBeGreaterThanOrEqual(13);
    await screenshot(page, "ux-meeting-phone");
    await ctx.close();
  });
});

describe("the search page and the Ask box", () => {
  it("narrows by kind, speaker and dates, kept in the address, and clears them", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width: 1280, height: 800 });
    const page = await ctx.newPage();
    const results = page.getByRole("region", { name: "Search results" });
    const titles = () => results.locator("li > div > span > a").allInnerTexts();
    await page.goto("/search?q=budget");
    await results.waitFor();
    expect(new Set(await titles())).toEqual(new Set(["Board meeting", "Product sync"]));

    // Kind: decisions only.
    await openPopup(page.getByRole("combobox", { name: "Kind" }));
    await page.getByRole("option", { name: "Decisions" }).click();
    await page.waitForURL(/kind=decision/);
    await expect.poll(titles).toEqual(["Board meeting"]);
    for (const moment of await results.getByTestId("search-moment").allInnerTexts()) expect(moment).toMatch(/^Decision/);
    await screenshot(page, "ux-search-kind-1280");

    // Speaker, applied on Enter; the kind stays.
    await page.getByLabel("Speaker").fill("Kasia Nowak");
    await page.getByLabel("Speaker").press("Enter");
    await page.waitForURL(/speaker=Kasia/);
    expect(page.url()).toMatch(/kind=decision/);
    await openPopup(page.getByRole("combobox", { name: "Kind" }));
    await page.getByRole("option", { name: "Everything" }).click();
    await expect.poll(titles).toEqual(["Product sync"]);

    // Dates: the sync was held in May, so none before April.
    await page.getByLabel("Held until").fill("2026-04-01");
    await page.getByText("Nothing found for “budget” with these filters.").waitFor();
    await page.getByText(/Clear the filters \(above\) to search everything/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(titles).toEqual(expect.arrayContaining(["Board meeting", "Product sync"]));
    expect(page.url()).not.toMatch(/speaker=|to=|kind=/);
    expect(await page.getByLabel("Speaker").inputValue()).toBe("");
    await ctx.close();
  });

  it("says what to try when a misspelt word finds nothing, on a phone", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto("/search?q=stirpe");
    await page.getByText("Nothing found for “stirpe”.").waitFor();
    await page.getByText(/Check the spelling/).waitFor();
    // The filters fit the phone's width.
    const group = (await page.getByRole("group", { name: "Filters" }).boundingBox())!;
    expect(group.x + group.width).toBeLessThanOrEqual(390);
    await screenshot(page, "ux-search-typo-390");
    await ctx.close();
  });

  it("gives the Ask box an example question that fits a phone", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto("/dashboard");
    const input = page.getByTestId("ask-box").getByLabel("Your question");
    await input.waitFor();
    // The placeholder's width in the input's own font, against the room inside it ("…about the budg" was cut off).
    const { needed, room } = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const ctx2d = document.createElement("canvas").getContext("2d")!;
      ctx2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { needed: ctx2d.measureText(el.placeholder).width, room };
    });
    expect(needed).toBeLessThanOrEqual(room);
    await ctx.close();
  });
});

describe("what tells meetings and passages apart (decision 038)", () => {
  it("titles a generic transcript.vtt by date, marks a cut snippet with …, and ticks only a meeting with nothing pending", async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width, height });
      const page = await ctx.newPage();
      await page.goto("/upload");
      await page
        .getByTestId("upload-dropzone")
        .locator('input[type="file"]')
        .setInputFiles({ name: "transcript.vtt", mimeType: "text/vtt", buffer: Buffer.from(GENERIC) });
      // Not "transcript": the time it was chosen, in the browser's zone.
      expect(await page.getByLabel("Meeting Title").inputValue()).toMatch(/^Meeting on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
      await screenshot(page, `ux2-upload-title-${width}`);
      if (width === 1280) {
        await page.getByRole("button", { name: "Upload and process" }).click();
        await page.waitForURL(/\/meetings\/[^/]+$/, { timeout: 20_000 });
        const id = /\/meetings\/([^/?#]+)/.exec(page.url())![1]!;
        await owner.waitCompleted(id);
        // Nothing left to do in this one: the tick is for it alone.
        await t.db.delete(actionItems).where(eq(actionItems.meetingId, id));
      }

      await page.goto("/search?q=zanzibar");
      const passages = page.getByTestId("search-passage");
      await passages.first().waitFor();
      // The turn is cut on both sides; the page shows the server's marks.
      expect(await passages.allInnerTexts()).toContainEqual(expect.stringMatching(/^… .*zanzibar budget was done actually.* …$/));
      await screenshot(page, `ux2-search-cut-${width}`);

      await page.goto("/dashboard");
      const entry = (title: RegExp) => page.locator("li > button").filter({ hasText: title });
      await entry(/Board meeting/).waitFor();
      expect(
        await entry(/Board meeting/)
          .locator("[data-icon]")
          .getAttribute("data-icon"),
      ).toBe("pending");
      expect(
        await entry(/^Meeting on /)
          .locator("[data-icon]")
          .getAttribute("data-icon"),
      ).toBe("done");
      await screenshot(page, `ux2-dashboard-${width}`);
      await ctx.close();
    }
  });
});
