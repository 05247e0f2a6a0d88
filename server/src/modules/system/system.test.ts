// Liveness, readiness (including a store that stops answering) and Prometheus metrics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT } from "../../../../test/fixtures";
import { startS3Server, type TestS3 } from "../../../../test/s3-server";

let t: TestApp;
let s3: TestS3;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe("operations endpoints", () => {
  it("reports liveness and readiness, and every answer carries a request id", async () => {
    const c = new TestClient(t.url);
    const live = await c.get("/api/health");
    expect(live.json).toEqual({ status: "ok" });
    expect(live.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await c.get("/api/health/ready")).json).toEqual({ status: "ok", database: "ok", queue: "ok", storage: "ok" });
  });

  it("shows the server's owner which ffmpeg and ffprobe decode uploads, and no one else", async () => {
    const owner = new TestClient(t.url);
    await owner.signUp(uniqueEmail("owner")); // the first account: the owner (no ADMIN_EMAILS)
    const other = new TestClient(t.url);
    await other.signUp(uniqueEmail("other"));
    expect((await new TestClient(t.url).get("/api/health/ready")).json).not.toHaveProperty("details");
    expect((await other.get("/api/health/ready")).json).not.toHaveProperty("details");
    const mine = (await owner.get("/api/health/ready")).json;
    expect(mine).toMatchObject({ status: "ok", database: "ok" });
    for (const tool of ["ffmpeg", "ffprobe"]) {
      expect(["system", "configured", "bundled"]).toContain(mine.details[tool].source);
      expect(mine.details[tool].version).toMatch(/\S/);
      expect(typeof mine.details[tool].newEnough).toBe("boolean");
      expect(mine.details[tool]).not.toHaveProperty("path");
    }
  });

  it("exposes Prometheus metrics: HTTP latency per route, jobs, upload bytes", async () => {
    const c = new TestClient(t.url);
    await c.signUp(uniqueEmail("metrics"));
    const id = await c.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch");
    await c.waitCompleted(id);
    const r = await c.get("/metrics");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/plain");
    expect(r.text).toMatch(/minutes_http_request_duration_seconds_count\{method="GET",route="\/api\/meetings\/:id",status="200"\} \d+/);
    expect(r.text).toMatch(/minutes_jobs_queued\{job="meeting-summarize"\} 0/);
    expect(r.text).toMatch(/minutes_upload_bytes_total [1-9]\d*/);
    expect(r.text).toContain("minutes_process_resident_memory_bytes");
  });

  it("is not ready when the store stops answering, while still alive", async () => {
    await s3.close();
    const c = new TestClient(t.url);
    expect((await c.get("/api/health")).status).toBe(200);
    const ready = await c.get("/api/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.json).toEqual({ status: "error", database: "ok", queue: "ok", storage: "unavailable" });
  });
});
