// Links are checked when submitted, with the app's real rule (no private addresses).
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  alice = new TestClient(t.url);
  await alice.signUp(uniqueEmail("alice"));
});
afterAll(() => t.close());

it("answers 400 with the reason for a private address, an unknown host or another scheme, and creates no meeting", async () => {
  const cases: [string, RegExp][] = [
    ["http://127.0.0.1:8080/recording.mp3", /private or internal network address/],
    ["http://169.254.169.254/latest/meta-data", /private or internal network address/],
    ["http://[::1]/a.mp3", /private or internal network address/],
    // Online: the host is not found; on a machine without internet (as some test machines are): it says so.
    ["https://no-such-host.invalid/recording.mp3", /could not be found|^This server cannot reach the internet/],
    ["https://us02web.zoom.us/rec/share/AbCdEf", /^This is a Zoom page.*Download.*'Upload File' tab/],
    ["https://meet.google.com/abc-defg-hij", /Google Drive/],
    ["ftp://example.com/a.mp3", /valid URL starting with http/],
  ];
  for (const [url, reason] of cases) {
    const r = await alice.post("/api/meetings/link", { url, title: "Bad link" });
    expect(r.status, url).toBe(400);
    expect(r.json.error.message, url).toMatch(reason);
  }
  expect((await alice.get("/api/meetings")).json.meetings).toEqual([]);
});
