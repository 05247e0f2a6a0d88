import fs from "node:fs/promises";
import { SAMPLE_TEAMS_VTT as VTT } from "../../../../test/fixtures";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { startFakeServer } from "../../../../test/fake-http";
import { makeWav, makeSilentVideoNoAudio } from "../../media/test-fixtures";
import { inArray } from "drizzle-orm";
import { meetings } from "../../db/schema";

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let tmp: string;

function form(fields: Record<string, string>, file?: { name: string; body: Buffer | string; type?: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append("file", new Blob([file.body], { type: file.type ?? "application/octet-stream" }), file.name);
  return fd;
}

async function filesOf(userId: string) {
  try {
    return await fs.readdir(path.join(t.dataDir, "files", "recordings", userId), { recursive: true });
  } catch {
    return [];
  }
}

beforeAll(async () => {
  t = await startTestApp({ MAX_UPLOAD_MB: "2" }, { allowPrivateLinks: true });
  alice = new TestClient(t.url);
  bob = new TestClient(t.url);
  await alice.signUp(uniqueEmail("alice"), "secret123", "Alice Smith");
  await bob.signUp(uniqueEmail("bob"), "secret123", "Bob Jones");
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "minutes-meetings-"));
});
afterAll(async () => {
  await t.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

describe("transcript import end to end", () => {
  it("imports a Teams VTT, summarizes it and finds action items with owners and dates", async () => {
    const r = await alice.post(
      "/api/meetings",
      form({ title: "Launch sync", recordedAt: "2025-06-11T15:00:00Z" }, { name: "launch.vtt", body: VTT, type: "text/vtt" }),
    );
    expect(r.status).toBe(201);
    const m = await alice.waitForMeeting(r.json.id, (m) => m.status === "completed" || m.status === "failed");
    expect(m.error).toBeNull();
    expect(m.status).toBe("completed");
    expect(m.title).toBe("Launch sync");
    expect(m.utterances.map((u: any) => u.speaker)).toEqual(["Maria Lopez", "Sam Park", "Maria Lopez", "Sam Park"]);
    expect(m.utterances[1].start).toBe(4.5);
    expect(m.speakers).toEqual(["Maria Lopez", "Sam Park"]);
    expect(m.notes).toMatchObject({ overview: expect.any(String), keyPoints: expect.any(Array), decisions: expect.any(Array) });
    expect(m.transcriptEngine).toBe("import");
    expect(m.summaryEngine).toBeTruthy();
    const deck = m.actionItems.find((a: any) => /deck/i.test(a.description));
    expect(deck).toMatchObject({ assignee: "Sam Park", dueDate: "2025-06-13", status: "pending" });
    const venue = m.actionItems.find((a: any) => /venue/i.test(a.description));
    expect(venue).toMatchObject({ assignee: "Sam Park", dueDate: "2025-06-12" });
    // The request (9.5 s) or its acceptance (14.5 s): either is where the page should jump.
    expect([9.5, 14.5]).toContain(venue.sourceStart);

    const list = await alice.get("/api/meetings");
    const entry = list.json.meetings.find((x: any) => x.id === m.id);
    expect(entry.pendingCount).toBe(m.actionItems.filter((a: any) => !a.suggested).length);
  });

  it("titles an upload without a title by its file name, or by a date when the name is generic (decision 038)", async () => {
    const titleOf = async (fields: Record<string, string>, name: string) => {
      const r = await alice.post("/api/meetings", form(fields, { name, body: VTT, type: "text/vtt" }));
      expect(r.status, r.text).toBe(201);
      return (await alice.get(`/api/meetings/${r.json.id}`)).json.title;
    };
    expect(await titleOf({}, "Q3 budget review.vtt")).toBe("Q3 budget review");
    expect(await titleOf({ recordedAt: "2025-06-11T15:00:00Z" }, "transcript.vtt")).toBe("Meeting on Jun 11, 2025, 15:00 UTC");
    expect(await titleOf({}, "GMT20250312-140000_Recording.transcript.vtt")).toBe("Meeting on Mar 12, 2025, 14:00 UTC");
    expect(await titleOf({ title: "Typed title" }, "transcript.vtt")).toBe("Typed title");
  });

  it("numbers a title the user did not type when one of their meetings has it (walkthrough finding 4)", async () => {
    const titleOf = async (fields: Record<string, string>, name: string) => {
      const r = await alice.post("/api/meetings", form(fields, { name, body: VTT, type: "text/vtt" }));
      expect(r.status, r.text).toBe(201);
      // The answer carries the title, so the meeting page can show it at once.
      expect(r.json.title).toBe((await alice.get(`/api/meetings/${r.json.id}`)).json.title);
      return r.json.title;
    };
    const at = { recordedAt: "2024-02-29T09:30:00Z" };
    expect(await titleOf(at, "teams.vtt")).toBe("Meeting on Feb 29, 2024, 09:30 UTC");
    expect(await titleOf(at, "transcript.vtt")).toBe("Meeting on Feb 29, 2024, 09:30 UTC (2)");
    expect(await titleOf(at, "captions.vtt")).toBe("Meeting on Feb 29, 2024, 09:30 UTC (3)");
    // A typed title is the user's choice, repeated or not; another user's titles do not count.
    expect(await titleOf({ ...at, title: "Meeting on Feb 29, 2024, 09:30 UTC" }, "teams.vtt")).toBe("Meeting on Feb 29, 2024, 09:30 UTC");
    const r = await bob.post("/api/meetings", form(at, { name: "teams.vtt", body: VTT, type: "text/vtt" }));
    expect(r.json.title).toBe("Meeting on Feb 29, 2024, 09:30 UTC");
  });

  it("gives a timed TXT transcript, whose lines carry only a start, a duration; an untimed one none", async () => {
    const durationOf = async (name: string, body: string) => {
      const r = await alice.post("/api/meetings", form({}, { name, body, type: "text/plain" }));
      expect(r.status, r.text).toBe(201);
      return (await alice.get(`/api/meetings/${r.json.id}`)).json.durationSeconds;
    };
    expect(await durationOf("timed.txt", "[00:00:05] Maria Lopez: Let's start.\n[00:12:30] Sam Park: That's all from me.\n")).toBe(750);
    expect(await durationOf("untimed.txt", "Maria Lopez: Let's start.\nSam Park: That's all from me.\n")).toBeNull();
  });

  it("refuses a transcript file with nothing readable in it", async () => {
    const r = await alice.post("/api/meetings", form({}, { name: "empty.vtt", body: "WEBVTT\n\n" }));
    expect(r.status).toBe(422);
    expect(r.json.error.message).toBeTruthy();
  });
});

describe("recordings", () => {
  it("fails an audio meeting cleanly when no speech model is installed, and offers retry", async () => {
    const wav = await makeWav(path.join(tmp, "tone.wav"), 2);
    const r = await alice.post("/api/meetings", form({}, { name: "Standup notes.wav", body: await fs.readFile(wav), type: "audio/wav" }));
    expect(r.status).toBe(201);
    const m = await alice.waitForMeeting(r.json.id, (m) => m.status === "failed" || m.status === "completed");
    expect(m.status).toBe("failed");
    expect(m.title).toBe("Standup notes");
    expect(m.durationSeconds).toBe(2);
    expect(m.error).toContain("Settings → Models");
    expect(m.transcript).toBeNull();
    expect(m.canRetry).toBe(true); // installing the model fixes it
    const retry = await alice.post(`/api/meetings/${m.id}/retry`);
    expect(retry.json.status).toBe("processing");
    await alice.waitForMeeting(m.id, (x) => x.status === "failed");
  });

  it("serves the recording with range requests", async () => {
    const wav = await makeWav(path.join(tmp, "tone2.wav"), 1);
    const r = await alice.post("/api/meetings", form({}, { name: "range.wav", body: await fs.readFile(wav) }));
    const res = await alice.request("GET", `/api/meetings/${r.json.id}/media`, undefined, { range: "bytes=0-99" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toMatch(/^bytes 0-99\/\d+$/);
    expect(res.text.length).toBeGreaterThan(0);
    const bad = await alice.request("GET", `/api/meetings/${r.json.id}/media`, undefined, { range: "bytes=99999999-" });
    expect(bad.status).toBe(416);
  });

  it("refuses wrong types, mismatched content, empty files, video without audio, and oversize files, leaving nothing behind", async () => {
    const me = (await alice.get("/api/auth/get-session")).json.user.id;
    const before = (await alice.get("/api/meetings")).json.meetings.length;
    const exe = await alice.post("/api/meetings", form({}, { name: "setup.exe", body: "MZ..." }));
    expect(exe.status).toBe(415);
    expect(exe.json.error.message).toMatch(/File type must be one of/);
    const fake = await alice.post(
      "/api/meetings",
      form({}, { name: "notes.mp3", body: "These are my notes, not audio at all.\n".repeat(50) }),
    );
    expect(fake.status).toBe(422);
    expect(fake.json.error.message).toMatch(/not an MP3|text/i);
    const empty = await alice.post("/api/meetings", form({}, { name: "empty.wav", body: "" }));
    expect(empty.status).toBe(422);
    const video = await makeSilentVideoNoAudio(path.join(tmp, "noaudio.mp4"), 1);
    const noAudio = await alice.post("/api/meetings", form({}, { name: "noaudio.mp4", body: await fs.readFile(video) }));
    expect(noAudio.status).toBe(422);
    expect(noAudio.json.error.message).toMatch(/no audio/i);
    const truncatedWav = (await fs.readFile(await makeWav(path.join(tmp, "t.wav"), 2))).subarray(0, 40);
    const truncated = await alice.post("/api/meetings", form({}, { name: "cut.wav", body: truncatedWav }));
    expect(truncated.status).toBe(422);
    const big = await alice.post("/api/meetings", form({}, { name: "big.wav", body: Buffer.alloc(3 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.json.error.message).toBe("The file exceeds the 2MB limit. Please compress it or use a direct link instead.");
    expect((await alice.get("/api/meetings")).json.meetings.length).toBe(before);
    const leftovers = (await filesOf(me)).filter((f) => f.includes("."));
    const meetingsNow = (await alice.get("/api/meetings")).json.meetings.map((m: any) => m.id);
    expect(leftovers.every((f) => meetingsNow.some((id: string) => f.startsWith(id)))).toBe(true);
  });

  it("refuses a language the speech models do not know with the list of codes, and stores a valid one normalised", async () => {
    const wav = await fs.readFile(await makeWav(path.join(tmp, "lang.wav"), 1));
    const before = (await alice.get("/api/meetings")).json.meetings.length;
    for (const language of ["de-DE", "German", "xx"]) {
      const r = await alice.post("/api/meetings", form({ language }, { name: "lang.wav", body: wav }));
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe("VALIDATION_FAILED");
      expect(r.json.error.message).toContain(`"${language}" is not a language the speech models support`);
      expect(r.json.error.message).toMatch(/one of: af, am, .*\bde\b.*\ben\b.*zh; or "auto"/);
    }
    expect((await alice.get("/api/meetings")).json.meetings.length).toBe(before);
    const upper = await alice.post("/api/meetings", form({ language: "DE" }, { name: "lang.wav", body: wav }));
    expect(upper.status).toBe(201);
    const auto = await alice.post("/api/meetings", form({ language: "auto" }, { name: "lang.wav", body: wav }));
    expect(auto.status).toBe(201);
    const rows = await t.ctx.database.db
      .select({ id: meetings.id, language: meetings.language })
      .from(meetings)
      .where(inArray(meetings.id, [upper.json.id, auto.json.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.language]))).toEqual({
      [upper.json.id]: "de",
      [auto.json.id]: "auto",
    });
  });

  it("leaves no record and no file when the client aborts mid-upload", async () => {
    const me = (await alice.get("/api/auth/get-session")).json.user.id;
    const before = (await alice.get("/api/meetings")).json.meetings.map((m: any) => m.id);
    const boundary = "----minutes-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const req = http.request(`${t.url}/api/meetings`, {
        method: "POST",
        headers: {
          cookie: alice.cookie,
          origin: t.url,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(1_500_000),
        },
      });
      req.on("error", () => resolve());
      req.write(head);
      req.write(Buffer.alloc(400_000, 1));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((r) => setTimeout(r, 800));
    const after = (await alice.get("/api/meetings")).json.meetings.map((m: any) => m.id);
    expect(after).toEqual(before);
    const files = await filesOf(me);
    expect(files.filter((f) => f.includes("long"))).toEqual([]);
  });
});

describe("links", () => {
  it("fails a dead link with a clear message; a retry may help, so it is offered", async () => {
    const r = await alice.post("/api/meetings/link", { url: "http://127.0.0.1:9/recording.mp3", title: "Dead link" });
    expect(r.status).toBe(201);
    const m = await alice.waitForMeeting(r.json.id, (m) => m.status === "failed");
    expect(m.error).toMatch(/could not|download|connect/i);
    expect(m.canRetry).toBe(true);
  });

  it("offers no retry for a link no retry can fix (a web page), and refuses one", async () => {
    const page = await startFakeServer((_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>Zoom</title>");
    });
    try {
      const r = await alice.post("/api/meetings/link", { url: `${page.url}/rec/share/abc`, title: "Share page" });
      expect(r.status).toBe(201);
      const m = await alice.waitForMeeting(r.json.id, (m) => m.status === "failed");
      expect(m.error).toMatch(/web page, not a recording/);
      expect(m.canRetry).toBe(false);
      const retry = await alice.post(`/api/meetings/${m.id}/retry`);
      expect(retry.status).toBe(409);
      expect(retry.json.error.message).toMatch(/cannot fix/);
      const listed = (await alice.get("/api/meetings")).json.meetings.find((x: any) => x.id === m.id);
      expect(listed.canRetry).toBe(false);
    } finally {
      await page.close();
    }
  });

  it("validates the link form", async () => {
    const r = await alice.post("/api/meetings/link", { url: "ftp://example.com/a.mp3", title: "x" });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toMatch(/valid URL starting with http/);
    const noTitle = await alice.post("/api/meetings/link", { url: "https://example.com/a.mp3", title: " " });
    expect(noTitle.json.error.message).toMatch(/Please enter a meeting title/);
  });
});

describe("one date per meeting", () => {
  it("dates an imported transcript by the day it was held, in the list and on the page, and resolves due dates against it", async () => {
    const text = [
      "Copier lease renewal: call with ClearPrint Solutions (2025-09-15 11:00 GMT-4) - Transcript",
      "",
      "Rachel Kim: Steve, can you send the revised quote by Friday?",
      "Steve Marchetti: Sure, I'll send the revised quote by Friday.",
      "Daniel Osei: I'll review the contract next week.",
      "",
    ].join("\n");
    const fd = new FormData();
    fd.append("file", new Blob([text], { type: "text/plain" }), "copier-lease.txt");
    const r = await alice.post("/api/meetings", fd);
    expect(r.status).toBe(201);
    const m = await alice.waitCompleted(r.json.id);
    expect(m.recordedAt.slice(0, 10)).toBe("2025-09-15");
    const listed = (await alice.get("/api/meetings")).json.meetings.find((x: any) => x.id === m.id);
    expect(listed.recordedAt).toBe(m.recordedAt);
    const quote = m.actionItems.find((a: any) => /quote/i.test(a.description));
    expect(quote?.dueDate).toBe("2025-09-19"); // the Friday after Monday 15 September 2025, not after the upload day
    // Held in 2025: it sorts below meetings held since, though uploaded last.
    const order = (await alice.get("/api/meetings?sort=recent")).json.meetings.map((x: any) => x.id);
    const older = (await alice.get("/api/meetings")).json.meetings.filter((x: any) => x.recordedAt > m.recordedAt).map((x: any) => x.id);
    expect(order.indexOf(m.id)).toBeGreaterThanOrEqual(older.length);
  });
});

describe("other users and guests", () => {
  it("answers 404 on every route for another user's meeting, and 401 for a guest", async () => {
    const r = await alice.post("/api/meetings", form({ title: "Private" }, { name: "p.vtt", body: VTT }));
    const id = r.json.id;
    const m = await alice.waitForMeeting(id, (m) => m.status === "completed");
    const itemId = m.actionItems[0].id;
    const checks = [
      () => bob.get(`/api/meetings/${id}`),
      () => bob.patch(`/api/meetings/${id}`, { title: "mine" }),
      () => bob.delete(`/api/meetings/${id}`),
      () => bob.post(`/api/meetings/${id}/retry`),
      () => bob.post(`/api/meetings/${id}/summarize`),
      () => bob.get(`/api/meetings/${id}/events`),
      () => bob.get(`/api/meetings/${id}/media`),
      () => bob.get(`/api/meetings/${id}/export.pdf`),
      () => bob.post(`/api/meetings/${id}/action-items`, { description: "x" }),
      () => bob.patch(`/api/action-items/${itemId}`, { status: "completed" }),
      () => bob.delete(`/api/action-items/${itemId}`),
    ];
    for (const check of checks) {
      const res = await check();
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("NOT_FOUND");
    }
    expect((await bob.get("/api/meetings")).json.meetings.map((x: any) => x.id)).not.toContain(id);
    const guest = new TestClient(t.url);
    expect((await guest.get(`/api/meetings/${id}`)).status).toBe(401);
    expect((await guest.get(`/api/meetings`)).status).toBe(401);
    expect((await guest.post(`/api/meetings/link`, { url: "https://x.org/a.mp3", title: "t" })).status).toBe(401);
    // Nothing changed.
    const again = await alice.get(`/api/meetings/${id}`);
    expect(again.json.title).toBe("Private");
    expect(again.json.actionItems[0].status).toBe("pending");
  });
});

describe("editing, listing, exporting, deleting", () => {
  it("edits, sorts, filters, searches, exports a PDF and deletes with the stored file", async () => {
    const c = new TestClient(t.url);
    await c.signUp(uniqueEmail("carol"));
    const a = (await c.post("/api/meetings", form({ title: "Zebra review" }, { name: "z.vtt", body: VTT }))).json.id;
    const b = (await c.post("/api/meetings", form({ title: "alpha planning" }, { name: "a.vtt", body: VTT }))).json.id;
    await c.waitForMeeting(a, (m) => m.status === "completed");
    await c.waitForMeeting(b, (m) => m.status === "completed");
    const before = (await c.get(`/api/meetings/${a}`)).json.notes;
    const edited = await c.patch(`/api/meetings/${a}`, { title: "Apple review", overview: "Custom overview" });
    expect(edited.json.title).toBe("Apple review");
    // The overview changes; the key points and decisions stay as the notes wrote them.
    expect(edited.json.notes).toEqual({ ...before, overview: "Custom overview" });
    const alpha = (await c.get("/api/meetings?sort=alpha")).json.meetings.map((m: any) => m.title);
    expect(alpha).toEqual(["alpha planning", "Apple review"]);
    const oldest = (await c.get("/api/meetings?sort=oldest")).json.meetings.map((m: any) => m.id);
    expect(oldest).toEqual([a, b]);
    expect((await c.get("/api/meetings?q=APPLE")).json.meetings.map((m: any) => m.id)).toEqual([a]);
    expect((await c.get("/api/meetings?q=venue")).json.meetings.length).toBe(2); // transcript search
    expect((await c.get("/api/meetings?status=failed")).json.meetings).toEqual([]);

    const pdf = await fetch(`${t.url}/api/meetings/${a}/export.pdf`, { headers: { cookie: c.cookie } });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const me = (await c.get("/api/auth/get-session")).json.user.id;
    expect((await filesOf(me)).some((f) => f.startsWith(a))).toBe(true);
    expect((await c.delete(`/api/meetings/${a}`)).status).toBe(204);
    expect((await c.get(`/api/meetings/${a}`)).status).toBe(404);
    expect((await filesOf(me)).some((f) => f.startsWith(a))).toBe(false);
  });

  it("imports and exports a long transcript through the CPU task process (over 200,000 characters)", async () => {
    const cues = Array.from({ length: 2500 }, (_, i) => {
      const t0 = `${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`;
      return `00:${t0}.000 --> 00:${t0}.900\n<v ${["Sam Park", "Li Wei"][i % 2]}>Line ${i}: we keep the rollout on track and review the launch figures again next week.</v>`;
    });
    const r = await alice.post("/api/meetings", form({ title: "Long" }, { name: "long.vtt", body: `WEBVTT\n\n${cues.join("\n\n")}\n` }));
    expect(r.status, r.text).toBe(201);
    const m = await alice.waitCompleted(r.json.id);
    expect(m.utterances.length).toBe(2500);
    const pdf = await fetch(`${t.url}/api/meetings/${r.json.id}/export.pdf`, { headers: { cookie: alice.cookie } });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("streams status changes as server-sent events", async () => {
    const r = await alice.post("/api/meetings", form({ title: "SSE" }, { name: "s.vtt", body: VTT }));
    const res = await fetch(`${t.url}/api/meetings/${r.json.id}/events`, { headers: { cookie: alice.cookie } });
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const reader = res.body!.getReader();
    let text = "";
    const until = Date.now() + 20_000;
    while (!text.includes('"completed"') && Date.now() < until) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
    expect(text).toContain("event: status");
    expect(text).toContain('"status":"completed"');
  });
});

describe("action items", () => {
  it("adds, edits, completes, reopens and deletes items; validates descriptions", async () => {
    const r = await alice.post("/api/meetings", form({ title: "Items" }, { name: "i.vtt", body: VTT }));
    const id = r.json.id;
    await alice.waitForMeeting(id, (m) => m.status === "completed");
    const empty = await alice.post(`/api/meetings/${id}/action-items`, { description: "  " });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toMatch(/Task description is required/);
    const add = await alice.post(`/api/meetings/${id}/action-items`, {
      description: "Write the recap",
      assignee: "Alice",
      dueDate: "2025-07-01",
    });
    expect(add.status).toBe(201);
    expect(add.json).toMatchObject({ description: "Write the recap", assignee: "Alice", dueDate: "2025-07-01", status: "pending" });
    const done = await alice.patch(`/api/action-items/${add.json.id}`, { status: "completed" });
    expect(done.json.status).toBe("completed");
    const reopened = await alice.patch(`/api/action-items/${add.json.id}`, { status: "pending", assignee: null, dueDate: null });
    expect(reopened.json).toMatchObject({ status: "pending", assignee: null, dueDate: null });
    const blank = await alice.patch(`/api/action-items/${add.json.id}`, { description: "" });
    expect(blank.status).toBe(400);
    const badDate = await alice.patch(`/api/action-items/${add.json.id}`, { dueDate: "next friday" });
    expect(badDate.status).toBe(400);
    // Regenerating the summary keeps items people added.
    await alice.post(`/api/meetings/${id}/summarize`);
    const m = await alice.waitForMeeting(id, (m) => m.status === "completed");
    expect(m.actionItems.map((a: any) => a.description)).toContain("Write the recap");
    expect((await alice.delete(`/api/action-items/${add.json.id}`)).status).toBe(204);
    expect((await alice.get(`/api/meetings/${id}`)).json.actionItems.map((a: any) => a.id)).not.toContain(add.json.id);
  });
});
