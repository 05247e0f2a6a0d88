// GitHub end to end against a loopback fake: connect (OAuth + PKCE, state checks), pick a
// repository, send (queued, deduplicated, 429, refresh, revoked), completion both ways by
// signed webhooks and by polling, other users, disconnect, and no token in clear anywhere.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { deliver, hmac } from "../../../../test/fakes/fake-provider";
import { startFakeGithub, type FakeGithub } from "../../../../test/fakes/github";
import {
  RecordingClient,
  connectThroughFake,
  databaseText,
  integrationOf,
  itemStatus,
  meetingWithItems,
  waitForLink,
} from "../../../../test/integrations-helpers";
import { createGithub } from "./providers/github";

let fake: FakeGithub;
let app: TestApp;
const responses: string[] = [];
const logs: string[] = [];

let alice: TestClient;
let bob: TestClient;
let integrationId: string;
let meetingId: string;
let itemIds: string[];

beforeAll(async () => {
  fake = await startFakeGithub();
  app = await startTestApp({
    GITHUB_CLIENT_ID: "gh-client",
    GITHUB_CLIENT_SECRET: "gh-secret",
    GITHUB_OAUTH_URL: fake.url,
    GITHUB_API_URL: fake.url,
    INTEGRATIONS_WEBHOOKS: "on",
  });
  app.ctx.log = (m) => logs.push(m);
  alice = new RecordingClient(app.url, responses);
  bob = new RecordingClient(app.url, responses);
  await alice.signUp(uniqueEmail("alice"));
  await bob.signUp(uniqueEmail("bob"));
  ({ meetingId, itemIds } = await meetingWithItems(alice));
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

describe("GitHub integration", () => {
  it("lists seven providers; unconfigured ones say what to set and cannot start", async () => {
    const r = await alice.get("/api/integrations");
    expect(r.json.providers.map((p: any) => p.key)).toEqual([
      "github",
      "asana",
      "trello",
      "slack",
      "google-calendar",
      "microsoft-todo",
      "notion",
    ]);
    const slack = r.json.providers.find((p: any) => p.key === "slack");
    expect(slack).toMatchObject({ configured: false, requiredEnv: ["SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET"], integration: null });
    expect(r.json.providers[0].configured).toBe(true);
    const start = await alice.post("/api/integrations/slack/authorize");
    expect(start.status).toBe(503);
    expect(start.json.error.message).toMatch(/not set up on this server.*SLACK_CLIENT_ID/);
    expect((await alice.post("/api/integrations/gitlab/authorize")).json.error.message).toBe("Unsupported provider: gitlab");
    expect((await new TestClient(app.url).get("/api/integrations")).status).toBe(401);
  });

  it("refuses forged, tampered, reused and other-session states", async () => {
    expect((await alice.post("/api/integrations/oauth/callback", { state: "github,someone", code: "x" })).status).toBe(400);
    // A real state, but completed by another user: refused (and spent).
    const start = await alice.post("/api/integrations/github/authorize");
    const state = new URL(start.json.url).searchParams.get("state")!;
    expect((await bob.post("/api/integrations/oauth/callback", { state, code: "x" })).status).toBe(400);
    expect((await alice.post("/api/integrations/oauth/callback", { state, code: "x" })).status).toBe(400);
    // Same user, another session (e.g. a stolen link opened elsewhere): refused.
    const start2 = await alice.post("/api/integrations/github/authorize");
    const state2 = new URL(start2.json.url).searchParams.get("state")!;
    const otherSession = new RecordingClient(app.url, responses);
    const email = (await alice.get("/api/auth/get-session")).json.user.email;
    await otherSession.signIn(email);
    expect((await otherSession.post("/api/integrations/oauth/callback", { state: state2, code: "x" })).status).toBe(400);
    // A tampered signature with a valid-looking nonce.
    const start3 = await alice.post("/api/integrations/github/authorize");
    const state3 = new URL(start3.json.url).searchParams.get("state")!;
    const tampered = `${state3.split(".")[0]}.${"A".repeat(43)}`;
    expect((await alice.post("/api/integrations/oauth/callback", { state: tampered, code: "x" })).status).toBe(400);
    expect(await integrationOf(alice, "github")).toBeNull();
  });

  it("connects through authorize (PKCE) and the callback, without returning tokens", async () => {
    fake.oauth.lifetime = 3600;
    const r = await connectThroughFake(alice, "github");
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ provider: "github" });
    const authorize = fake.requests.find((q) => q.path === "/login/oauth/authorize")!;
    expect(authorize.query.get("code_challenge_method")).toBe("S256");
    const integration = await integrationOf(alice, "github");
    expect(integration).toMatchObject({ provider: "github", accountName: "octo-user", isActive: true, destination: null });
    integrationId = integration.id;
  });

  it("needs a repository before sending; picking one registers the webhook", async () => {
    const early = await alice.post(`/api/action-items/${itemIds[0]}/send`, { integrationId });
    expect(early.status).toBe(409);
    expect(early.json.error.message).toMatch(/Choose where GitHub items go/);
    const fields = await alice.post(`/api/integrations/${integrationId}/destination-fields`, { values: {} });
    expect(fields.json.fields[0].options.map((o: any) => o.value)).toContain("octo-user/planning");
    const bad = await alice.put(`/api/integrations/${integrationId}/destination`, { values: { repo: "evil/repo" } });
    expect(bad.status).toBe(400);
    const set = await alice.put(`/api/integrations/${integrationId}/destination`, { values: { repo: "octo-user/planning" } });
    expect(set.json).toMatchObject({ destinationLabel: "octo-user/planning", syncMode: "webhooks" });
    expect([...fake.hooks.values()]).toEqual([
      expect.objectContaining({ repo: "octo-user/planning", url: `${app.url}/api/integrations/webhooks/${integrationId}` }),
    ]);
  });

  it("sends an item once, however often it is asked", async () => {
    const [a, b] = await Promise.all([
      alice.post(`/api/action-items/${itemIds[0]}/send`, { integrationId }),
      alice.post(`/api/action-items/${itemIds[0]}/send`, { integrationId }),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.json.id).toBe(b.json.id);
    const link = await waitForLink(alice, meetingId, itemIds[0]!);
    expect(link).toMatchObject({
      status: "sent",
      provider: "github",
      url: "https://github.example/octo-user/planning/issues/1",
      error: null,
    });
    const again = await alice.post(`/api/action-items/${itemIds[0]}/send`, { integrationId });
    expect(again.json).toMatchObject({ id: link.id, status: "sent" });
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.issues.size).toBe(1);
    const issue = fake.issues.get(1)!;
    expect(issue.title).toBe("Write the release notes");
    expect(issue.assignees).toEqual(["octo-user"]);
    expect(issue.body).toContain(`${app.url}/meetings/${meetingId}`);
    expect(issue.body).toContain("Due: 2026-12-01");
  });

  it("closing the issue completes the item; reopening makes it pending", async () => {
    expect((await fake.setIssueState(1, "closed"))[0]!.status).toBe(200);
    expect(await itemStatus(alice, meetingId, itemIds[0]!)).toBe("completed");
    await fake.setIssueState(1, "open");
    expect(await itemStatus(alice, meetingId, itemIds[0]!)).toBe("pending");
    const logsR = await alice.get(`/api/integrations/${integrationId}/webhook-logs`);
    expect(logsR.json.logs.map((l: any) => `${l.eventType}:${l.status}`)).toEqual(["issues.reopened:accepted", "issues.closed:accepted"]);
  });

  it("rejects unsigned, tampered and unknown-item deliveries, ignores replays, and logs them", async () => {
    const hook = [...fake.hooks.values()][0]!;
    const body = JSON.stringify({ action: "closed", issue: { number: 1 }, repository: { full_name: "octo-user/planning" } });
    const headers = { "x-github-event": "issues", "x-github-delivery": crypto.randomUUID() };
    expect((await deliver(hook.url, body, headers)).status).toBe(401);
    expect((await deliver(hook.url, body, { ...headers, "x-hub-signature-256": `sha256=${hmac("sha256", "wrong", body)}` })).status).toBe(
      401,
    );
    const tampered = body.replace("closed", "closed ");
    expect(
      (await deliver(hook.url, tampered, { ...headers, "x-hub-signature-256": `sha256=${hmac("sha256", hook.secret, body)}` })).status,
    ).toBe(401);
    expect(await itemStatus(alice, meetingId, itemIds[0]!)).toBe("pending");
    // Replaying a delivery that was accepted before changes nothing; it is answered 200, as a
    // provider's redelivery must be (else it keeps retrying).
    const signed = { ...headers, "x-hub-signature-256": `sha256=${hmac("sha256", hook.secret, body)}` };
    expect((await deliver(hook.url, body, signed)).status).toBe(200);
    await alice.patch(`/api/action-items/${itemIds[0]}`, { status: "pending" });
    await app.ctx.database.pool.query("update integration_items set remote_completed = false");
    expect((await deliver(hook.url, body, signed)).status).toBe(200);
    expect(await itemStatus(alice, meetingId, itemIds[0]!)).toBe("pending");
    const unknown = JSON.stringify({ action: "closed", issue: { number: 999 }, repository: { full_name: "octo-user/planning" } });
    expect(
      (
        await deliver(hook.url, unknown, {
          ...headers,
          "x-github-delivery": crypto.randomUUID(),
          "x-hub-signature-256": `sha256=${hmac("sha256", hook.secret, unknown)}`,
        })
      ).status,
    ).toBe(404);
    expect((await deliver(`${app.url}/api/integrations/webhooks/${crypto.randomUUID()}`, body, signed)).status).toBe(404);
    const logsR = await alice.get(`/api/integrations/${integrationId}/webhook-logs`);
    const rejected = logsR.json.logs.filter((l: any) => l.status === "rejected").map((l: any) => l.reason);
    expect(rejected).toEqual(
      expect.arrayContaining(["missing X-Hub-Signature-256", "signature does not match", "unknown item octo-user/planning#999"]),
    );
    expect(logsR.json.logs.filter((l: any) => l.reason === "already received")).toHaveLength(1);
    expect(rejected.filter((r: string) => r === "signature does not match")).toHaveLength(2);
  });

  it("the published GitHub signature test vector verifies", () => {
    const adapter = createGithub({ config: { clientId: "x", clientSecret: "y", oauthUrl: null, apiUrl: null }, tenant: "common" });
    const outcome = adapter.readWebhook!(
      {
        method: "POST",
        rawBody: Buffer.from("Hello, World!"),
        callbackUrl: "",
        headers: {
          "x-github-event": "ping",
          "x-github-delivery": "1",
          "x-hub-signature-256": "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
        },
      },
      "It's a Secret to Everybody",
      {},
    );
    expect(outcome.kind).toBe("ignored");
  });

  it("polling finds a close that no webhook reported", async () => {
    await fake.setIssueState(1, "closed", { deliver: false });
    const r = await alice.post(`/api/integrations/${integrationId}/sync`);
    expect(r.json).toEqual({ changed: 1 });
    expect(await itemStatus(alice, meetingId, itemIds[0]!)).toBe("completed");
  });

  it("waits out a 429 with Retry-After, then sends", async () => {
    fake.rateLimitNext(1, 1);
    const before = fake.requests.filter((q) => q.method === "POST" && q.path.endsWith("/issues")).length;
    await alice.post(`/api/action-items/${itemIds[1]}/send`, { integrationId });
    const link = await waitForLink(alice, meetingId, itemIds[1]!);
    expect(link.status).toBe("sent");
    expect(fake.requests.filter((q) => q.method === "POST" && q.path.endsWith("/issues")).length - before).toBe(2);
    expect(fake.issues.size).toBe(2);
  });

  it("refreshes an expired token and carries on", async () => {
    fake.oauth.expireAll();
    const r = await alice.post(`/api/meetings/${meetingId}/action-items`, {
      description: "Check the budget",
      assignee: null,
      dueDate: null,
    });
    await alice.post(`/api/action-items/${r.json.id}/send`, { integrationId });
    expect((await waitForLink(alice, meetingId, r.json.id)).status).toBe("sent");
    expect(fake.requests.some((q) => q.path === "/login/oauth/access_token" && q.body.grant_type === "refresh_token")).toBe(true);
  });

  it("a revoked token fails the send with the reason and asks to reconnect", async () => {
    fake.oauth.revokeAll();
    const r = await alice.post(`/api/meetings/${meetingId}/action-items`, { description: "Ship it", assignee: null, dueDate: null });
    await alice.post(`/api/action-items/${r.json.id}/send`, { integrationId });
    const link = await waitForLink(alice, meetingId, r.json.id);
    expect(link.status).toBe("failed");
    expect(link.error).toMatch(/Reconnect GitHub in Settings/);
    expect((await integrationOf(alice, "github")).isActive).toBe(false);
    const blocked = await alice.post(`/api/meetings/${meetingId}/action-items/send`, { integrationId });
    expect(blocked.status).toBe(409);
  });

  it("another user's integration or item is 404", async () => {
    const { meetingId: bobMeeting, itemIds: bobItems } = await meetingWithItems(bob, "Bob's");
    expect((await bob.post(`/api/action-items/${bobItems[0]}/send`, { integrationId })).status).toBe(404);
    expect((await bob.post(`/api/action-items/${itemIds[0]}/send`, { integrationId })).status).toBe(404);
    expect((await bob.post(`/api/meetings/${bobMeeting}/action-items/send`, { integrationId })).status).toBe(404);
    expect((await bob.post(`/api/meetings/${meetingId}/action-items/send`, { integrationId })).status).toBe(404);
    expect((await bob.get(`/api/meetings/${meetingId}/item-links`)).status).toBe(404);
    expect((await bob.get(`/api/integrations/${integrationId}/webhook-logs`)).status).toBe(404);
    expect((await bob.put(`/api/integrations/${integrationId}/destination`, { values: { repo: "octo-user/planning" } })).status).toBe(404);
    expect((await bob.post(`/api/integrations/${integrationId}/sync`)).status).toBe(404);
    expect((await bob.delete(`/api/integrations/${integrationId}`)).status).toBe(404);
    expect((await alice.get("/api/integrations")).json.providers[0].integration).not.toBeNull();
    // A deleted item cannot be sent either.
    const gone = await alice.post(`/api/meetings/${meetingId}/action-items`, { description: "Gone", assignee: null, dueDate: null });
    expect((await alice.delete(`/api/action-items/${gone.json.id}`)).status).toBe(204);
    expect((await alice.post(`/api/action-items/${gone.json.id}/send`, { integrationId })).status).toBe(404);
  });

  it("no token appears in any API response, log line or database row", async () => {
    const secrets = [...fake.oauth.allSecrets(), "gh-secret", ...[...fake.hooks.values()].map((h) => h.secret)];
    expect(secrets.length).toBeGreaterThan(4);
    const haystacks = { responses: responses.join("\n"), logs: logs.join("\n"), database: await databaseText(app.ctx.database.db) };
    // The values are there, encrypted (AES-256-GCM: "v1:iv:tag:data").
    expect(haystacks.database).toMatch(/"?v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:/);
    for (const [where, text] of Object.entries(haystacks))
      for (const s of secrets) expect(text.includes(s), `${s} found in ${where}`).toBe(false);
  });

  it("reconnecting, then disconnecting revokes the grant and deletes the webhook", async () => {
    expect((await connectThroughFake(alice, "github")).status).toBe(200);
    const integration = await integrationOf(alice, "github");
    expect(integration).toMatchObject({ id: integrationId, isActive: true, destinationLabel: "octo-user/planning" });
    expect((await alice.delete(`/api/integrations/${integrationId}`)).status).toBe(204);
    expect(fake.hooks.size).toBe(0);
    expect(fake.requests.some((q) => q.method === "DELETE" && q.path === "/applications/gh-client/grant")).toBe(true);
    expect(await integrationOf(alice, "github")).toBeNull();
    // Its links went with it; the action items stay.
    expect((await alice.get(`/api/meetings/${meetingId}/item-links`)).json.links).toEqual([]);
  });
});
