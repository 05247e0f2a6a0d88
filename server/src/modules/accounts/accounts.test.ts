// Accounts (issue 29): forgot password through the outbox, deleting one's account, two-factor
// sign-in (codes made here per RFC 6238), single sign-on against a loopback OIDC provider, and
// what the server tells about its mail. Every endpoint acts on the caller's own account only.
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { connectThroughFake } from "../../../../test/integrations-helpers";
import { startFakeGithub, type FakeGithub } from "../../../../test/fakes/github";
import { startFakeOidc, type FakeOidc } from "../../../../test/fakes/oidc";
import { secretOf, totp } from "../../../../test/totp";

const ORG = "/api/auth/organization";
const VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Sam Park>I'll send the deck by Friday.</v>\n";

let t: TestApp;
let github: FakeGithub;
beforeAll(async () => {
  github = await startFakeGithub();
  t = await startTestApp({
    GITHUB_CLIENT_ID: "gh-client",
    GITHUB_CLIENT_SECRET: "gh-secret",
    GITHUB_OAUTH_URL: github.url,
    GITHUB_API_URL: github.url,
    PASSWORD_RESET_EXPIRY_MINUTES: "30",
  });
});
afterAll(async () => {
  await t?.close();
  await github?.close();
});

/** The newest mail to `address` in the outbox, quoted-printable decoded; null when none. */
async function lastMailTo(dataDir: string, address: string): Promise<string | null> {
  const dir = path.join(dataDir, "outbox");
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(address)).sort();
  const file = files.pop();
  if (!file) return null;
  const raw = await fs.readFile(path.join(dir, file), "utf8");
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

const userId = async (c: TestClient) => (await c.get("/api/auth/get-session")).json?.user?.id as string | undefined;

describe("forgot password", () => {
  it("mails a link to /reset-password; it sets the new password once, ends every session, and the old password stops working", async () => {
    const email = uniqueEmail("forgot");
    const laptop = new TestClient(t.url);
    await laptop.signUp(email, "old-secret-1");
    const phone = new TestClient(t.url);
    expect((await phone.signIn(email, "old-secret-1")).status).toBe(200);

    const visitor = new TestClient(t.url);
    const asked = await visitor.post("/api/auth/request-password-reset", { email });
    expect(asked.status, asked.text).toBe(200);
    const mail = await lastMailTo(t.dataDir, email);
    expect(mail).toContain("Reset your Minutes password");
    expect(mail).toContain("for 30 minutes");
    const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(mail ?? "")?.[1];
    expect(link, mail ?? "no mail").toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;
    expect(new URL(link!).origin).toBe(t.ctx.config.publicUrl);

    // Too short a password is refused and changes nothing.
    expect((await visitor.post("/api/auth/reset-password", { token, newPassword: "x" })).status).toBe(400);
    const reset = await visitor.post("/api/auth/reset-password", { token, newPassword: "new-secret-2" });
    expect(reset.status, reset.text).toBe(200);

    expect((await laptop.get("/api/auth/get-session")).json).toBeNull();
    expect((await phone.get("/api/auth/get-session")).json).toBeNull();
    expect((await new TestClient(t.url).signIn(email, "old-secret-1")).status).toBe(401);
    expect((await new TestClient(t.url).signIn(email, "new-secret-2")).status).toBe(200);
    // The link works once.
    expect((await visitor.post("/api/auth/reset-password", { token, newPassword: "third-secret-3" })).status).toBe(400);
    expect((await new TestClient(t.url).signIn(email, "new-secret-2")).status).toBe(200);
  });

  it("answers an unknown address the same way and mails nobody", async () => {
    const email = uniqueEmail("nobody");
    const known = uniqueEmail("known");
    await new TestClient(t.url).signUp(known);
    const a = await new TestClient(t.url).post("/api/auth/request-password-reset", { email });
    const b = await new TestClient(t.url).post("/api/auth/request-password-reset", { email: known });
    expect(a.status).toBe(200);
    expect(a.json).toEqual(b.json);
    expect(await lastMailTo(t.dataDir, email)).toBeNull();
  });

  it("refuses an expired link and keeps the password", async () => {
    const email = uniqueEmail("expired");
    const c = new TestClient(t.url);
    await c.signUp(email, "keep-secret-1");
    const id = await userId(c);
    await new TestClient(t.url).post("/api/auth/request-password-reset", { email });
    const token = /reset-password\?token=([\w-]+)/.exec((await lastMailTo(t.dataDir, email)) ?? "")?.[1];
    expect(token).toBeDefined();
    await t.ctx.database.db.execute(sql`UPDATE verification SET expires_at = now() - interval '1 minute' WHERE value = ${id}`);
    const r = await new TestClient(t.url).post("/api/auth/reset-password", { token, newPassword: "new-secret-9" });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("INVALID_TOKEN");
    expect((await new TestClient(t.url).signIn(email, "keep-secret-1")).status).toBe(200);
  });
});

describe("deleting my account", () => {
  it("shows what will happen, checks the password, then removes meetings, recordings, provider tokens and memberships, and hands teams over", async () => {
    const [alice, bob, carol, dave] = [0, 1, 2, 3].map(() => new TestClient(t.url)) as [TestClient, TestClient, TestClient, TestClient];
    const emails = { alice: uniqueEmail("alice"), bob: uniqueEmail("bob"), carol: uniqueEmail("carol"), dave: uniqueEmail("dave") };
    await alice.signUp(emails.alice, "alice-pass-1", "Alice");
    await bob.signUp(emails.bob, "secret123", "Bob");
    await carol.signUp(emails.carol, "secret123", "Carol");
    await dave.signUp(emails.dave, "secret123", "Dave");
    const aliceId = (await userId(alice))!;
    const join = async (teamId: string, email: string, who: TestClient, role: string) => {
      const inv = await alice.post(`${ORG}/invite-member`, { email, role, organizationId: teamId });
      expect(inv.status, inv.text).toBe(200);
      expect((await who.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    };
    const team = async (name: string) =>
      (await alice.post(`${ORG}/create`, { name, slug: `${name.toLowerCase()}-${Date.now()}` })).json.id as string;
    const shared = await team("Shared");
    await join(shared, emails.carol, carol, "member");
    await join(shared, emails.bob, bob, "admin");
    const guests = await team("Guests");
    await join(guests, emails.dave, dave, "guest");
    const alone = await team("Alone");

    const meeting = await alice.importTranscript("m.vtt", VTT, "Alice's meeting");
    await alice.waitCompleted(meeting);
    expect((await alice.put(`/api/meetings/${meeting}/shares/${shared}`, {})).status).toBe(200);
    expect((await bob.get(`/api/meetings/${meeting}`)).status).toBe(200);
    const recordings = path.join(t.dataDir, "files", "recordings", aliceId);
    expect((await fs.readdir(recordings)).length).toBeGreaterThan(0);
    expect((await connectThroughFake(alice, "github")).status).toBe(200);

    const preview = await alice.get("/api/account/deletion");
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ meetings: 1, integrations: 1, hasPassword: true });
    const outcome = Object.fromEntries(preview.json.teams.map((x: any) => [x.name, [x.outcome, x.newOwner?.email ?? null]]));
    // An admin before a member; guests only read, so a team of guests (or nobody) is deleted.
    expect(outcome).toEqual({ Shared: ["handed-over", emails.bob], Guests: ["deleted", null], Alone: ["deleted", null] });

    // Signed out, no password, or the wrong one: refused, nothing deleted.
    expect((await new TestClient(t.url).post("/api/account/delete", { password: "alice-pass-1" })).status).toBe(401);
    expect((await new TestClient(t.url).get("/api/account/deletion")).status).toBe(401);
    expect((await alice.post("/api/account/delete", {})).status).toBe(400);
    const wrong = await alice.post("/api/account/delete", { password: "not-it" });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.message).toMatch(/Nothing was deleted/);
    // Bob's password does not delete Alice's account through his session: his own is the only one he can reach.
    expect((await bob.post("/api/account/delete", { password: "alice-pass-1" })).status).toBe(403);
    expect((await bob.get(`/api/meetings/${meeting}`)).status).toBe(200);

    const other = new TestClient(t.url);
    expect((await other.signIn(emails.alice, "alice-pass-1")).status).toBe(200);
    const done = await alice.post("/api/account/delete", { password: "alice-pass-1" });
    expect(done.status, done.text).toBe(200);
    expect(done.headers.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/i);

    // Cannot sign in; every session ended; the meeting is gone for the former team.
    expect((await new TestClient(t.url).signIn(emails.alice, "alice-pass-1")).status).toBe(401);
    expect((await other.get("/api/auth/get-session")).json).toBeNull();
    expect((await bob.get(`/api/meetings/${meeting}`)).status).toBe(404);
    expect((await carol.get(`/api/meetings/${meeting}`)).status).toBe(404);
    await expect(fs.readdir(recordings)).rejects.toThrow();
    // The authorisation at GitHub was revoked, and the row is gone.
    expect(github.requests.some((r) => r.method === "DELETE" && r.path === "/applications/gh-client/grant")).toBe(true);
    const rows = await t.ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM integrations WHERE user_id = ${aliceId}`);
    expect(rows.rows[0]).toEqual({ n: 0 });
    // Shared: Bob owns it now, Carol is still in it. Guests and Alone are gone.
    const full = await bob.get(`${ORG}/get-full-organization?organizationId=${shared}`);
    expect(full.status).toBe(200);
    const roles = Object.fromEntries(full.json.members.map((m: any) => [m.user.email, m.role]));
    expect(roles).toEqual({ [emails.bob]: "owner", [emails.carol]: "member" });
    const left = await t.ctx.database.db.execute(sql`SELECT id FROM organization WHERE id IN (${guests}, ${alone})`);
    expect(left.rows).toEqual([]);
    expect((await dave.get(`${ORG}/list`)).json).toEqual([]);
  });
});

describe("two-factor sign-in", () => {
  it("turns on with the password and a first code, then asks for a code (or a recovery code once) at sign-in, and turns off with the password", async () => {
    const email = uniqueEmail("twofa");
    const me = new TestClient(t.url);
    await me.signUp(email, "twofa-pass-1");

    expect((await new TestClient(t.url).post("/api/auth/two-factor/enable", { password: "twofa-pass-1" })).status).toBe(401);
    expect((await me.post("/api/auth/two-factor/enable", { password: "wrong" })).status).toBe(400);
    const on = await me.post("/api/auth/two-factor/enable", { password: "twofa-pass-1" });
    expect(on.status, on.text).toBe(200);
    expect(on.json.totpURI).toMatch(/^otpauth:\/\/totp\/Minutes:/);
    expect(on.json.backupCodes).toHaveLength(10);
    const secret = secretOf(on.json.totpURI);
    // Not on until a first code proves the app has the key: sign-in still needs only the password.
    expect((await new TestClient(t.url).signIn(email, "twofa-pass-1")).json.twoFactorRedirect).toBeUndefined();
    expect((await me.post("/api/auth/two-factor/verify-totp", { code: "000000" === totp(secret) ? "111111" : "000000" })).status).toBe(401);
    const verified = await me.post("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect(verified.status, verified.text).toBe(200);
    expect((await me.get("/api/auth/get-session")).json.user.twoFactorEnabled).toBe(true);

    // Sign-in: the password alone gives no session.
    const next = new TestClient(t.url);
    const first = await next.signIn(email, "twofa-pass-1");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect((await next.get("/api/auth/get-session")).json).toBeNull();
    expect((await next.post("/api/auth/two-factor/verify-totp", { code: totp(secret, Date.now() - 10 * 60_000) })).status).toBe(401);
    expect((await next.get("/api/auth/get-session")).json).toBeNull();
    const second = await next.post("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect(second.status, second.text).toBe(200);
    expect((await next.get("/api/auth/get-session")).json.user.email).toBe(email);

    // A code without a pending sign-in (no password given) is refused.
    expect((await new TestClient(t.url).post("/api/auth/two-factor/verify-totp", { code: totp(secret) })).status).toBe(401);

    // A recovery code works once.
    const recovery = on.json.backupCodes[0] as string;
    const viaCode = new TestClient(t.url);
    await viaCode.signIn(email, "twofa-pass-1");
    expect((await viaCode.post("/api/auth/two-factor/verify-backup-code", { code: recovery })).status).toBe(200);
    expect((await viaCode.get("/api/auth/get-session")).json.user.email).toBe(email);
    const again = new TestClient(t.url);
    await again.signIn(email, "twofa-pass-1");
    expect((await again.post("/api/auth/two-factor/verify-backup-code", { code: recovery })).status).toBe(401);

    // Someone else cannot turn it off: their session acts on their own account, with their own password.
    const other = new TestClient(t.url);
    await other.signUp(uniqueEmail("other"), "other-pass-1");
    expect((await other.post("/api/auth/two-factor/disable", { password: "twofa-pass-1" })).status).toBe(400);
    expect((await new TestClient(t.url).signIn(email, "twofa-pass-1")).json.twoFactorRedirect).toBe(true);

    expect((await next.post("/api/auth/two-factor/disable", { password: "wrong" })).status).toBe(400);
    expect((await next.post("/api/auth/two-factor/disable", { password: "twofa-pass-1" })).status).toBe(200);
    const plain = new TestClient(t.url);
    expect((await plain.signIn(email, "twofa-pass-1")).json.twoFactorRedirect).toBeUndefined();
    expect((await plain.get("/api/auth/get-session")).json.user.email).toBe(email);
  });
});

describe("mail honesty and the address change", () => {
  it("says mail is not delivered without SMTP, and shows the server's owner alone where mail goes", async () => {
    expect((await new TestClient(t.url).get("/api/account/options")).json).toEqual({
      mailDelivered: false,
      passwordResetMinutes: 30,
      sso: null,
    });
    // The first account of this test database is the server's owner.
    const first = await t.ctx.database.db.execute(sql`SELECT email FROM "user" ORDER BY created_at, id LIMIT 1`);
    const ownerEmail = (first.rows[0] as { email: string }).email;
    const someone = new TestClient(t.url);
    await someone.signUp(uniqueEmail("someone"));
    expect((await someone.get("/api/account/mail")).status).toBe(403);
    expect((await new TestClient(t.url).get("/api/account/mail")).status).toBe(401);
    const owner = new TestClient(t.url);
    // Reset the owner's password through the outbox to sign in as them (their password is unknown here).
    await owner.post("/api/auth/request-password-reset", { email: ownerEmail });
    const token = /reset-password\?token=([\w-]+)/.exec((await lastMailTo(t.dataDir, ownerEmail)) ?? "")?.[1];
    expect(token).toBeDefined();
    expect((await owner.post("/api/auth/reset-password", { token, newPassword: "owner-pass-1" })).status).toBe(200);
    expect((await owner.signIn(ownerEmail, "owner-pass-1")).status).toBe(200);
    const mail = await owner.get("/api/account/mail");
    expect(mail.status, mail.text).toBe(200);
    expect(mail.json).toEqual({ delivery: "outbox", folder: path.join(t.dataDir, "outbox"), from: "Minutes <no-reply@localhost>" });
  });

  it("shows emailVerified: true once the link mailed to the new address is opened", async () => {
    const c = new TestClient(t.url);
    await c.signUp(uniqueEmail("changer"));
    expect((await c.get("/api/auth/get-session")).json.user.emailVerified).toBe(false);
    const next = uniqueEmail("changed");
    expect((await c.post("/api/auth/change-email", { newEmail: next })).status).toBe(200);
    const link = /(http\S+\/api\/auth\/verify-email\?token=[\w.-]+)/.exec((await lastMailTo(t.dataDir, next)) ?? "")?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const opened = await c.get(url.pathname + url.search);
    expect(opened.status).toBeLessThan(400);
    const session = (await c.get("/api/auth/get-session")).json;
    expect(session.user).toMatchObject({ email: next, emailVerified: true });
  });
});

describe("single sign-on (OIDC)", () => {
  let oidc: FakeOidc;
  let sso: TestApp;
  beforeAll(async () => {
    oidc = await startFakeOidc();
    sso = await startTestApp({
      OIDC_ISSUER: oidc.url,
      OIDC_CLIENT_ID: "minutes-client",
      OIDC_CLIENT_SECRET: "minutes-secret",
      OIDC_NAME: "Acme SSO",
    });
  });
  afterAll(async () => {
    await sso?.close();
    await oidc?.close();
  });

  /** The browser's round trip: our sign-in → the provider's authorize → our callback. */
  async function signInThroughProvider(c: TestClient) {
    const start = await c.post("/api/auth/sign-in/social", { provider: "oidc", callbackURL: "/dashboard", errorCallbackURL: "/auth" });
    expect(start.status, start.text).toBe(200);
    const authorize = new URL(start.json.url);
    expect(authorize.origin).toBe(oidc.url);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const back = await fetch(authorize, { redirect: "manual" });
    const callback = new URL(back.headers.get("location")!);
    expect(callback.pathname).toBe("/api/auth/callback/oidc");
    return c.get(callback.pathname + callback.search);
  }

  it("offers the button and signs a new user in with the provider's verified identity", async () => {
    expect((await new TestClient(sso.url).get("/api/account/options")).json).toEqual({
      mailDelivered: false,
      passwordResetMinutes: 60,
      sso: { providerId: "oidc", name: "Acme SSO" },
    });
    const c = new TestClient(sso.url);
    const done = await signInThroughProvider(c);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toMatch(/\/dashboard$/);
    const session = (await c.get("/api/auth/get-session")).json;
    expect(session.user).toMatchObject({ email: "sso.user@example.com", name: "Sso User", emailVerified: true });
    // The provider told who signed in with a token the JWKS verified, the userinfo agreeing.
    expect(oidc.requests.some((r) => r.path === "/jwks")).toBe(true);
    // Without a password, deleting the account is confirmed with the address.
    expect((await c.get("/api/account/deletion")).json.hasPassword).toBe(false);
  });

  it("refuses an id_token signed with a key the provider does not publish", async () => {
    oidc.user = { sub: "oidc-user-2", email: "forged@example.com", name: "Forged", email_verified: true };
    oidc.forgeNext = true;
    const c = new TestClient(sso.url);
    const done = await signInThroughProvider(c);
    oidc.forgeNext = false;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toMatch(/error=/);
    expect((await c.get("/api/auth/get-session")).json).toBeNull();
  });
});
