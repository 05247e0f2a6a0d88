// Limits keyed by account, by user and by the real client address, counted in PostgreSQL so
// that two web processes on one database apply them together (two apps here, one database).
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_TEAMS_VTT } from "../../../test/fixtures";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";
import { user as userTable } from "../db/schema";

const ORG = "/api/auth/organization";
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  const env = {
    TRUST_PROXY: "true",
    AUTH_RATE_LIMIT_MAX: "3",
    AUTH_RATE_LIMIT_ADDRESS_MAX: "6",
    AUTH_API_RATE_LIMIT_MAX: "8",
    INVITATIONS_PER_HOUR: "3",
    MAX_UPLOADS_PER_USER: "2",
    // One secret, so that a session cookie works on both processes.
    AUTH_SECRET: "limits-test-secret-limits-test-secret-0123",
  };
  a = await startTestApp(env);
  // A second web process on the same database.
  b = await startTestApp({ ...env, DATABASE_URL: a.ctx.databaseUrl });
});
afterAll(async () => {
  for (const abort of openUploads) abort();
  await b?.close();
  await a?.close();
});

const openUploads: (() => void)[] = [];
let addressCounter = 0;
/** A client address of its own, as the reverse proxy reports it (TRUST_PROXY=true). */
const newAddress = () => `198.51.100.${++addressCounter}`;

async function signUp(app: TestApp, prefix: string): Promise<{ c: TestClient; email: string; id: string }> {
  const c = new TestClient(app.url);
  const email = uniqueEmail(prefix);
  const address = newAddress();
  const r = await c.request(
    "POST",
    "/api/auth/sign-up/email",
    { email, password: "secret123", name: prefix },
    { "x-forwarded-for": address },
  );
  expect(r.status, r.text).toBe(200);
  // Sign-up never signs in (it would tell whether the address had an account): sign in next.
  const s = await c.request("POST", "/api/auth/sign-in/email", { email, password: "secret123" }, { "x-forwarded-for": address });
  expect(s.status, s.text).toBe(200);
  return { c, email, id: r.json.user.id };
}

const signIn = (app: TestApp, email: string, password: string, from: string) =>
  new TestClient(app.url).request("POST", "/api/auth/sign-in/email", { email, password }, { "x-forwarded-for": from });

function expectRefusal(r: { status: number; json: any; headers: Headers }, status: number, code: string, message: RegExp) {
  expect(r.status).toBe(status);
  expect(r.json.error).toEqual({ code, message: expect.stringMatching(message) });
}

describe("sign-in attempts", () => {
  it("failed sign-ins for one account do not lock out other users behind the same proxy address", async () => {
    const victim = await signUp(a, "victim");
    const colleague = await signUp(a, "colleague");
    const office = newAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(a, victim.email, "wrong-password", office)).status).toBe(401);
    const limited = await signIn(a, victim.email, "wrong-password", office);
    expectRefusal(limited, 429, "RATE_LIMITED", /failed sign-ins for this account.*try again in \d+ seconds/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Better-auth's client reads the top-level message too.
    expect(limited.json.message).toBe(limited.json.error.message);
    // Everyone else behind that address signs in, again and again (successes do not count).
    for (let i = 0; i < 5; i++) expect((await signIn(a, colleague.email, "secret123", office)).status).toBe(200);
    // The account's owner, from their own address, is not locked out either.
    expect((await signIn(a, victim.email, "secret123", newAddress())).status).toBe(200);
  });

  it("guessing across many accounts from one address meets the address's cap; other addresses do not", async () => {
    const attacker = newAddress();
    for (let i = 0; i < 6; i++) expect((await signIn(a, uniqueEmail("guess"), "guess123", attacker)).status).toBe(401);
    expectRefusal(await signIn(a, uniqueEmail("guess"), "guess123", attacker), 429, "RATE_LIMITED", /from your network/);
    expect((await signIn(a, uniqueEmail("guess"), "guess123", newAddress())).status).toBe(401);
  });

  it("counts in the database: a second web process refuses what the first one counted", async () => {
    const target = await signUp(a, "target");
    const from = newAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(a, target.email, "nope-nope", from)).status).toBe(401);
    expectRefusal(await signIn(b, target.email, "nope-nope", from), 429, "RATE_LIMITED", /this account/);
    const rows = await a.ctx.database.db.execute(
      // (count > 0: the sign-in right after sign-up left its own row, taken back to 0)
      sql`SELECT key, count FROM request_limits WHERE key LIKE ${"sign-in:" + target.email + "%"} AND count > 0`,
    );
    // The refused attempt was given back: the count stays at the cap.
    expect(rows.rows).toEqual([{ key: `sign-in:${target.email}|${from}`, count: 3 }]);
  });
});

describe("a signed-in user's limit is their own", () => {
  it("keys /api/auth requests by user id, not by the shared address", async () => {
    const busy = await signUp(a, "busy");
    const calm = await signUp(a, "calm");
    const shared = newAddress();
    const session = (c: TestClient) => c.request("GET", "/api/auth/get-session", undefined, { "x-forwarded-for": shared });
    for (let i = 0; i < 8; i++) expect((await session(busy.c)).status).toBe(200);
    expectRefusal(await session(busy.c), 429, "RATE_LIMITED", /Too many requests.*try again in/);
    // Another user, and a signed-out visitor, at the same address are not affected.
    expect((await session(calm.c)).json.user.id).toBe(calm.id);
    expect((await session(new TestClient(a.url))).status).toBe(200);
  });
});

describe("invitations", () => {
  async function ownerWithTeam(app: TestApp, prefix: string) {
    const u = await signUp(app, prefix);
    const team = await u.c.post(`${ORG}/create`, { name: "Team", slug: `t-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` });
    expect(team.status, team.text).toBe(200);
    return { ...u, teamId: team.json.id as string };
  }
  const invite = (u: { c: TestClient; teamId: string }, email = uniqueEmail("invitee"), role = "member") =>
    u.c.post(`${ORG}/invite-member`, { email, role, organizationId: u.teamId });

  it("INVITATIONS_PER_HOUR per user across processes; refused invitations do not count; other users are not affected", async () => {
    const sender = await ownerWithTeam(a, "sender");
    expect((await invite(sender, uniqueEmail("x"), "owner")).status).toBe(400);
    expect((await invite(sender)).status).toBe(200);
    expect((await invite(sender)).status).toBe(200);
    // The third through the other process: still one count.
    const onB = new TestClient(b.url);
    onB.cookie = sender.c.cookie;
    expect((await invite({ c: onB, teamId: sender.teamId })).status).toBe(200);
    const refused = await invite(sender);
    expectRefusal(refused, 429, "RATE_LIMITED", /sent 3 invitations in the last hour.*Send more in \d+ minutes/);
    expect(refused.json.message).toBe(refused.json.error.message);
    const other = await ownerWithTeam(a, "other");
    expect((await invite(other)).status).toBe(200);
  });
});

describe("invitations with e-mail verification on", () => {
  it("only a verified address may invite", async () => {
    const app = await startTestApp({ REQUIRE_EMAIL_VERIFICATION: "true" });
    try {
      const c = new TestClient(app.url);
      const email = uniqueEmail("unverified");
      expect((await c.post("/api/auth/sign-up/email", { email, password: "secret123", name: "U" })).status).toBe(200);
      const db = app.ctx.database.db;
      const setVerified = (v: boolean) => db.update(userTable).set({ emailVerified: v }).where(eq(userTable.email, email));
      await setVerified(true);
      expect((await c.signIn(email)).status).toBe(200);
      const team = await c.post(`${ORG}/create`, { name: "T", slug: `t-${Date.now()}` });
      // An account from before verification was turned on, still unverified.
      await setVerified(false);
      const refused = await c.post(`${ORG}/invite-member`, { email: uniqueEmail("x"), role: "member", organizationId: team.json.id });
      expectRefusal(
        refused,
        403,
        "FORBIDDEN",
        new RegExp(`Confirm your e-mail address before inviting people: open the link we sent to ${email}`),
      );
      await setVerified(true);
      expect((await c.post(`${ORG}/invite-member`, { email: uniqueEmail("x"), role: "member", organizationId: team.json.id })).status).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });
});

describe("uploads in flight", () => {
  /** Starts an upload whose body stays open until `abort()`: the server holds it in flight. */
  function slowUpload(app: TestApp, c: TestClient) {
    const boundary = "----minutes-slow-upload";
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.vtt"\r\nContent-Type: text/vtt\r\n\r\nWEBVTT\r\n\r\n`;
    const url = new URL(app.url);
    // node:http, so that abort() closes the connection itself (the server then sees the client go).
    const req = http.request({
      host: "127.0.0.1",
      port: url.port,
      path: "/api/meetings",
      method: "POST",
      headers: {
        cookie: c.cookie,
        origin: app.url,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "transfer-encoding": "chunked",
      },
    });
    const done = new Promise<void>((resolve) => {
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.on("response", (res) => res.resume().on("end", resolve));
    });
    req.write(head); // the rest of the file never comes
    const abort = () => req.destroy();
    openUploads.push(abort);
    return { abort, done };
  }
  const inFlight = async (userId: string) =>
    Number((await a.ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads_in_flight WHERE user_id = ${userId}`)).rows[0]!.n);

  it("MAX_UPLOADS_PER_USER at once over every web process; others upload meanwhile; a finished one frees its place", async () => {
    const uploader = await signUp(a, "uploader");
    const first = slowUpload(a, uploader.c);
    const second = slowUpload(b, uploader.c);
    await expect.poll(() => inFlight(uploader.id), { timeout: 10_000 }).toBe(2);
    const onB = new TestClient(b.url);
    onB.cookie = uploader.c.cookie;
    const fd = new FormData();
    fd.append("title", "Third");
    fd.append("file", new Blob([SAMPLE_TEAMS_VTT], { type: "text/vtt" }), "third.vtt");
    const third = await onB.request("POST", "/api/meetings", fd);
    expectRefusal(third, 429, "RATE_LIMITED", /already have 2 uploads in progress.*Wait for one to finish/);
    // Another user is not affected.
    const other = await signUp(b, "other-uploader");
    expect(await other.c.importTranscript("o.vtt", SAMPLE_TEAMS_VTT, "Other's")).toMatch(/-/);
    // One upload ends (here: the client gives up); its place is free at once.
    first.abort();
    await first.done;
    await expect.poll(() => inFlight(uploader.id), { timeout: 10_000 }).toBe(1);
    expect(await onB.importTranscript("t.vtt", SAMPLE_TEAMS_VTT, "Third, later")).toMatch(/-/);
    second.abort();
    await second.done;
    await expect.poll(() => inFlight(uploader.id), { timeout: 10_000 }).toBe(0);
  });
});
