import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("sign-up, sign-in, sign-out", () => {
  it("signs up, gets an HttpOnly session cookie and a confirmation mail in the outbox", async () => {
    const c = new TestClient(t.url);
    const email = uniqueEmail("alice");
    const r = await c.signUp(email, "secret123", "Alice Smith");
    expect(r.json.user.email).toBe(email);
    const setCookie = r.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    const session = await c.get("/api/auth/get-session");
    expect(session.json.user.name).toBe("Alice Smith");
    const outbox = await fs.readdir(path.join(t.dataDir, "outbox"));
    const mail = outbox.find((f) => f.includes(email.replace("@", "@")));
    expect(mail).toBeDefined();
    const eml = await fs.readFile(path.join(t.dataDir, "outbox", mail!), "utf8");
    expect(eml).toContain("verify-email?token=");

    const out = await c.post("/api/auth/sign-out");
    expect(out.status).toBe(200);
    expect((await c.get("/api/auth/get-session")).json).toBeNull();
  });

  it("refuses an existing e-mail with a clear message", async () => {
    const email = uniqueEmail("dup");
    await new TestClient(t.url).signUp(email);
    const r = await new TestClient(t.url).post("/api/auth/sign-up/email", { email, password: "secret123", name: "B" });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/already exists/i);
  });

  it("refuses missing fields and a short password", async () => {
    const c = new TestClient(t.url);
    const missing = await c.post("/api/auth/sign-up/email", { email: uniqueEmail(), name: "X" });
    expect(missing.status).toBe(400);
    expect(missing.json.error.code).toBeTruthy();
    const short = await c.post("/api/auth/sign-up/email", { email: uniqueEmail(), password: "12345", name: "X" });
    expect(short.status).toBe(400);
    expect(short.json.error.message).toMatch(/password.*short/i);
  });

  it("answers a wrong password with 401 and the server's message", async () => {
    const email = uniqueEmail("wrong");
    await new TestClient(t.url).signUp(email);
    const r = await new TestClient(t.url).signIn(email, "not-the-password");
    expect(r.status).toBe(401);
    expect(r.json.error.message).toMatch(/invalid email or password/i);
  });

  it("refuses a state-changing API call from another origin", async () => {
    const c = new TestClient(t.url);
    const r = await c.request(
      "POST",
      "/api/auth/sign-up/email",
      { email: uniqueEmail(), password: "secret123", name: "E" },
      { origin: "https://evil.example" },
    );
    expect(r.status).toBe(403);
  });
});

describe("rate limit", () => {
  it("rate-limits failed sign-in attempts for one account from one address", async () => {
    const limitedApp = await startTestApp({ AUTH_RATE_LIMIT_MAX: "5" });
    try {
      const c = new TestClient(limitedApp.url);
      const email = uniqueEmail("rl");
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await c.signIn(email, "whatever1")).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      const limited = await c.signIn(email, "whatever1");
      expect(limited.json.error.code).toBe("RATE_LIMITED");
      expect(limited.json.error.message).toMatch(/try again/i);
      // The counters live in PostgreSQL, so every web process sharing the database applies them
      // (security/limits.test.ts runs two).
      const rows = await limitedApp.ctx.database.db.execute(sql`SELECT key, count FROM request_limits`);
      expect(rows.rows).toContainEqual({ key: `sign-in:${email}|127.0.0.1`, count: 5 });
    } finally {
      await limitedApp.close();
    }
  });
});

describe("the server's shape", () => {
  it("answers health, openapi and unknown API routes in the one error shape", async () => {
    const c = new TestClient(t.url);
    expect((await c.get("/api/health")).json).toEqual({ status: "ok" });
    expect((await c.get("/api/health/ready")).json).toEqual({ status: "ok", database: "ok", queue: "ok", storage: "ok" });
    const doc = await c.get("/api/openapi.json");
    expect(doc.json.openapi).toBe("3.1.0");
    expect(Object.keys(doc.json.paths)).toContain("/api/health");
    const nope = await c.get("/api/does-not-exist");
    expect(nope.status).toBe(404);
    expect(nope.json).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
  });

  it("sends security headers", async () => {
    const r = await new TestClient(t.url).get("/api/health");
    expect(r.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("speech models", () => {
  it("lists the catalogue with nothing installed, for signed-in users only", async () => {
    const c = new TestClient(t.url);
    expect((await c.get("/api/models")).status).toBe(401);
    await c.signUp(uniqueEmail("models"));
    const r = await c.get("/api/models");
    expect(r.status).toBe(200);
    expect(r.json.engine).toBe("local");
    expect(r.json.models.length).toBeGreaterThan(3);
    type M = { id: string; installed: boolean; bundled: boolean; sizeBytes: number | null; approxBytes: number | null };
    const models: M[] = r.json.models;
    // Only the VAD, which ships with the app, is there; every download has a size to show but one.
    expect(models.filter((m) => m.installed).map((m) => [m.id, m.bundled])).toEqual([["silero-vad", true]]);
    expect(models.filter((m) => m.sizeBytes === null && m.approxBytes === null).map((m) => m.id)).toEqual(["titanet-small-en"]);
    expect(r.json.models[0]).not.toHaveProperty("dir");
  });
});
