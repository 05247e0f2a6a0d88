// The bad-input table: inputs that once answered 500 (or `null`) must answer 4xx in the
// one error shape, and create nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";

const NUL = "bad\u0000name";
const LONE = "bad\ud800name";

let t: TestApp;
let alice: TestClient;
let meetingId: string;
let itemId: string;
let teamId: string;

function upload(fields: Record<string, string>, fileName: string, body: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("file", new Blob([body], { type: "text/vtt" }), fileName);
  return alice.request("POST", "/api/meetings", fd);
}

const VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Sam Park>I'll send the deck by Friday.</v>\n";

beforeAll(async () => {
  t = await startTestApp();
  alice = new TestClient(t.url);
  await alice.signUp(uniqueEmail("bad"));
  meetingId = await alice.importTranscript("m.vtt", VTT, "Bad input");
  const m = await alice.waitCompleted(meetingId);
  itemId = m.actionItems[0].id;
  const team = await alice.post("/api/auth/organization/create", { name: "Team", slug: `t-${Date.now()}` });
  teamId = team.json.id;
});
afterAll(async () => {
  await t?.close();
});

describe("bad input answers 4xx in the one error shape", () => {
  const cases: [string, () => Promise<{ status: number; json: any }>][] = [
    ["link title with NUL", () => alice.post("/api/meetings/link", { url: "https://example.com/a.mp3", title: NUL })],
    ["meeting title with NUL", () => alice.patch(`/api/meetings/${meetingId}`, { title: NUL })],
    ["overview with a lone surrogate", () => alice.patch(`/api/meetings/${meetingId}`, { overview: LONE })],
    ["recordedAt in year 0", () => alice.patch(`/api/meetings/${meetingId}`, { recordedAt: "0000-01-01T00:00:00Z" })],
    ["recordedAt in year 275760", () => alice.patch(`/api/meetings/${meetingId}`, { recordedAt: "+275760-09-13T00:00:00Z" })],
    ["action item with NUL", () => alice.post(`/api/meetings/${meetingId}/action-items`, { description: NUL })],
    ["assignee with a lone surrogate", () => alice.patch(`/api/action-items/${itemId}`, { assignee: LONE })],
    ["due date in year 0", () => alice.patch(`/api/action-items/${itemId}`, { dueDate: "0000-01-01" })],
    ["speaker name with NUL", () => alice.patch(`/api/meetings/${meetingId}/speakers`, { names: { "Sam Park": NUL } })],
    ["list query with NUL", () => alice.get(`/api/meetings?q=${encodeURIComponent(NUL)}`)],
    ["search query with NUL", () => alice.get(`/api/search?q=${encodeURIComponent(NUL)}`)],
    [
      "sign-up name with NUL",
      () => new TestClient(t.url).post("/api/auth/sign-up/email", { email: uniqueEmail("nul"), password: "secret123", name: NUL }),
    ],
    ["user name with NUL", () => alice.post("/api/auth/update-user", { name: NUL })],
    ["user name of 10,000 characters", () => alice.post("/api/auth/update-user", { name: "x".repeat(10_000) })],
    ["team name with NUL", () => alice.post("/api/auth/organization/create", { name: NUL, slug: `n-${Date.now()}` })],
    [
      "team name of 10,000 characters",
      () => alice.post("/api/auth/organization/update", { organizationId: teamId, data: { name: "x".repeat(10_000) } }),
    ],
    ["upload title with NUL", () => upload({ title: NUL }, "a.vtt", VTT)],
    ["upload recordedAt in year 0", () => upload({ recordedAt: "0000-01-01T00:00:00Z" }, "a.vtt", VTT)],
    ["VTT hour 99999999999", () => upload({}, "a.vtt", "WEBVTT\n\n99999999999:00:01.000 --> 99999999999:00:04.000\nHello\n")],
    [
      "VTT of 150,000 cues",
      () =>
        upload(
          {},
          "a.vtt",
          "WEBVTT\n\n" +
            Array.from(
              { length: 150_000 },
              (_, i) => `00:00:${String(i % 60).padStart(2, "0")}.000 --> 00:00:${String(i % 60).padStart(2, "0")}.500\nx`,
            ).join("\n\n"),
        ),
    ],
  ];

  it.each(cases)("%s", async (_name, send) => {
    const before = (await alice.get("/api/meetings")).json.meetings.length;
    const r = await send();
    expect(r.status, JSON.stringify(r.json)).toBeGreaterThanOrEqual(400);
    expect(r.status, JSON.stringify(r.json)).toBeLessThan(500);
    expect(r.json?.error?.code, JSON.stringify(r.json)).toEqual(expect.any(String));
    expect(r.json.error.message).toEqual(expect.any(String));
    expect((await alice.get("/api/meetings")).json.meetings.length).toBe(before);
  });
});
