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
  it("signs up without a session, signs in next (HttpOnly cookie), and the confirmation mail is in the outbox", async () => {
    const c = new TestClient(t.url);
    const email = uniqueEmail("alice");
    const up = await new TestClient(t.url).post("/api/auth/sign-up/email", { email, password: "secret123", name: "Alice Smith" });
    expect(up.status).toBe(200);
    // No session from sign-up (it would tell whether the address was new); what the page does next, and that no mail really goes out (no SMTP).
    expect(up.json).toMatchObject({ token: null, user: { email, name: "Alice Smith" }, next: "sign-in", mailDelivered: false });
    expect(up.headers.getSetCookie()).toEqual([]);
    const r = await c.signIn(email, "secret123");
    expect(r.status).toBe(200);
    expect(r.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
    const session = await c.get("/api/auth/get-session");
    expect(session.json.user.name).toBe("Alice Smith");
    const outbox = await fs.readdir(path.join(t.dataDir, "outbox"));
    const mail = outbox.find((f) => f.includes(email));
    expect(mail).toBeDefined();
    const eml = await fs.readFile(path.join(t.dataDir, "outbox", mail!), "utf8");
    expect(eml).toContain("verify-email?token=");

    const out = await c.post("/api/auth/sign-out");
    expect(out.status).toBe(200);
    expect((await c.get("/api/auth/get-session")).json).toBeNull();
  });

  it("answers a sign-up for an address that has an account exactly like a new one, changes nothing, and tells the owner by mail", async () => {
    const email = uniqueEmail("dup");
    const owner = new TestClient(t.url);
    const ownerId = (await owner.signUp(email, "secret123", "Original Owner")).json.user.id;
    const fresh = await new TestClient(t.url).post("/api/auth/sign-up/email", {
      email: uniqueEmail("fresh"),
      password: "other-pass",
      name: "B",
    });
    const dup = await new TestClient(t.url).post("/api/auth/sign-up/email", { email, password: "other-pass", name: "B" });
    // Same status, same shape, same cookies (none).
    expect(dup.status).toBe(fresh.status);
    expect(dup.status).toBe(200);
    const shape = (v: unknown): unknown =>
      v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)])) : v === null ? null : typeof v;
    expect(shape(dup.json)).toEqual(shape(fresh.json));
    expect(dup.json).toMatchObject({
      token: null,
      user: { email, name: "B", emailVerified: false },
      next: "sign-in",
      mailDelivered: false,
    });
    expect(dup.json.user.id).not.toBe(ownerId);
    expect(dup.headers.getSetCookie()).toEqual([]);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    // Nothing about the account changed: its name and password stay.
    expect((await new TestClient(t.url).signIn(email, "other-pass")).status).toBe(401);
    const again = new TestClient(t.url);
    expect((await again.signIn(email, "secret123")).status).toBe(200);
    expect((await again.get("/api/auth/get-session")).json.user).toMatchObject({ id: ownerId, name: "Original Owner" });
    // The owner hears of it (here: the outbox, as there is no SMTP), once an hour at most.
    const notices = async () => {
      const files = (await fs.readdir(path.join(t.dataDir, "outbox"))).filter((f) => f.includes(email));
      const texts = await Promise.all(files.map((f) => fs.readFile(path.join(t.dataDir, "outbox", f), "utf8")));
      return texts.filter((x) => x.includes("Someone tried to create a Minutes account with your address")).length;
    };
    await expect.poll(notices).toBe(1);
    expect((await new TestClient(t.url).post("/api/auth/sign-up/email", { email, password: "third-pass", name: "C" })).status).toBe(200);
    const counted = async () =>
      (await t.ctx.database.db.execute(sql`SELECT count FROM request_limits WHERE key = ${`existing-account-mail:${email}`}`)).rows[0];
    await expect.poll(counted).toEqual({ count: 2 });
    expect(await notices()).toBe(1);
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

describe("sign-up with e-mail verification on", () => {
  it("tells the page to wait for the confirmation link, for a new address and a taken one alike", async () => {
    const verifying = await startTestApp({ REQUIRE_EMAIL_VERIFICATION: "true" });
    try {
      const email = uniqueEmail("verify");
      const first = await new TestClient(verifying.url).post("/api/auth/sign-up/email", { email, password: "secret123", name: "V" });
      const second = await new TestClient(verifying.url).post("/api/auth/sign-up/email", { email, password: "secret456", name: "V" });
      for (const r of [first, second]) {
        expect(r.status).toBe(200);
        expect(r.json).toMatchObject({ token: null, user: { email }, next: "confirm-email", mailDelivered: false });
        expect(r.headers.getSetCookie()).toEqual([]);
      }
    } finally {
      await verifying.close();
    }
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

  it("answers a unique-key race inside better-auth (a team's slug) with a 409 saying what exists; another database error with a 500 in the one shape", async () => {
    // Two 'create team' requests with one slug at once: both pass better-auth's check and the second
    // insert breaks the unique key. The trigger stands in for the other request, deterministically.
    await t.ctx.database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_slug_race() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.slug = 'slug-race' THEN
            RAISE unique_violation USING MESSAGE = 'duplicate key value violates unique constraint "organization_slug_unique"', CONSTRAINT = 'organization_slug_unique';
          END IF;
          RAISE deadlock_detected USING MESSAGE = 'deadlock detected';
        END $$;
        CREATE TRIGGER test_slug_race BEFORE INSERT ON organization FOR EACH ROW WHEN (NEW.slug IN ('slug-race', 'slug-deadlock')) EXECUTE FUNCTION test_slug_race();`),
    );
    try {
      const c = new TestClient(t.url);
      await c.signUp(uniqueEmail("race"));
      const r = await c.post("/api/auth/organization/create", { name: "Race", slug: "slug-race" });
      expect(r.status).toBe(409);
      expect(r.json).toMatchObject({ error: { code: "CONFLICT", message: expect.stringContaining("slug already exists") } });
      const other = await c.post("/api/auth/organization/create", { name: "Deadlock", slug: "slug-deadlock" });
      expect(other.status).toBe(500);
      expect(other.json).toMatchObject({ error: { code: "INTERNAL", message: expect.stringContaining("try again") } });
    } finally {
      await t.ctx.database.db.execute(sql.raw(`DROP TRIGGER test_slug_race ON organization; DROP FUNCTION test_slug_race();`));
    }
  });

  it("answers a JSON body with a __proto__ key with a 400 naming the key, not 'not valid JSON'; invalid JSON stays invalid", async () => {
    const send = (path: string, body: string) =>
      fetch(t.url + path, { method: "POST", headers: { "content-type": "application/json" }, body });
    for (const path of ["/api/auth/sign-in/email", "/api/meetings/link"]) {
      for (const [body, key] of [
        ['{"url":"https://example.com/a.mp3","__proto__":{"admin":true}}', "__proto__"],
        ['{"a":{"\\u005f_proto__":1}}', "__proto__"],
        ['{"constructor":{"prototype":{"x":1}}}', "constructor.prototype"],
      ] as const) {
        const r = await send(path, body);
        expect(r.status).toBe(400);
        expect(await r.json()).toEqual({
          error: { code: "VALIDATION_FAILED", message: expect.stringContaining(`a key named ${key} is not allowed`) },
        });
      }
      const broken = await send(path, '{"url": ');
      expect(broken.status).toBe(400);
      expect(await broken.json()).toMatchObject({ error: { message: expect.stringMatching(/not valid JSON/) } });
    }
  });

  it("answers a deeply nested JSON body with a 400 naming the limit, on better-auth's routes too (a 500 before)", async () => {
    const nested = "[".repeat(200_000) + "]".repeat(200_000);
    for (const path of ["/api/auth/sign-in/email", "/api/meetings/link"]) {
      const r = await fetch(t.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: nested });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", message: expect.stringContaining("nested more than") } });
    }
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
    // Only the VAD, which ships with the app, is there; every download has a size to show.
    expect(models.filter((m) => m.installed).map((m) => [m.id, m.bundled])).toEqual([["silero-vad", true]]);
    expect(models.filter((m) => m.sizeBytes === null && m.approxBytes === null).map((m) => m.id)).toEqual([]);
    expect(r.json.models[0]).not.toHaveProperty("dir");
  });
});
