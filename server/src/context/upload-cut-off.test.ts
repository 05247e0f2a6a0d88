// Decision 041: a multipart body that ends inside the file part (the HTTP request complete, the
// form not) got no answer at all and kept the user's upload slot; now a 400 that says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";

let t: TestApp;
let c: TestClient;
beforeAll(async () => {
  // One upload at a time, so a slot that was not given back refuses the next upload.
  t = await startTestApp({ UPLOAD_IDLE_TIMEOUT_SECONDS: "1", MAX_UPLOADS_PER_USER: "1" });
  c = new TestClient(t.url);
  await c.signUp(uniqueEmail("cutoff"));
});
afterAll(() => t.close());

const boundary = "----minutes-cut-off";
const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>We ship on Friday.</v>\n";
const head = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut off\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.vtt"\r\nContent-Type: text/vtt\r\n\r\n`;

const send = (body: string) =>
  fetch(`${t.url}/api/meetings`, {
    method: "POST",
    headers: { cookie: c.cookie, origin: t.url, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    // Without the fix no answer ever came: fail the test rather than wait for ever.
    signal: AbortSignal.timeout(30_000),
  });

describe("an upload whose form is cut off inside the file", () => {
  it("answers 400 in the one error shape, and the upload slot is free again", async () => {
    const r = await send(head + vtt);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: { code: "BAD_REQUEST", message: expect.stringContaining("cut off") } });
    // A large file: the store is already writing it when the body ends.
    const big = await send(head + vtt + "<v Ann>More words.</v>\n".repeat(100_000));
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual({ error: { code: "BAD_REQUEST", message: expect.stringContaining("cut off") } });
    const ok = await send(`${head}${vtt}\r\n--${boundary}--\r\n`);
    expect(ok.status).toBe(201);
  });
});
