// Issue 28 against the strict GitHub fake: provider names that are Object.prototype keys,
// rate limits answered as 403 (waited out through the queue), one token refresh per poll,
// the replaced token revoked on reconnect, replays keyed on the signed body, rejected
// deliveries stored only as a bounded summary and limited per hour, and the log's retention.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { deliver, hmac } from "../../../../test/fakes/fake-provider";
import { startFakeGithub, type FakeGithub } from "../../../../test/fakes/github";
import {
  connectThroughFake,
  databaseText,
  integrationOf,
  itemStatus,
  meetingWithItems,
  waitForLink,
} from "../../../../test/integrations-helpers";
import { integrationPollJob } from "../../jobs/integration-poll.job";

let fake: FakeGithub;
let app: TestApp;
let alice: TestClient;
let integrationId: string;
let meetingId: string;
let itemIds: string[];
const logs: string[] = [];

const issuePosts = () => fake.requests.filter((q) => q.method === "POST" && q.path.endsWith("/issues")).length;
const refreshes = () => fake.requests.filter((q) => q.path === "/login/oauth/access_token" && q.body.grant_type === "refresh_token").length;
const hook = () => [...fake.hooks.values()][0]!;
const signed = (body: string, delivery = crypto.randomUUID()) => ({
  "x-github-event": "issues",
  "x-github-delivery": delivery,
  "x-hub-signature-256": `sha256=${hmac("sha256", hook().secret, body)}`,
});
const q = async (text: string, values: unknown[] = []) => (await app.ctx.database.pool.query(text, values)).rows;

async function newItem(description: string) {
  const r = await alice.post(`/api/meetings/${meetingId}/action-items`, { description, assignee: null, dueDate: null });
  expect(r.status).toBe(201);
  return r.json.id as string;
}

beforeAll(async () => {
  fake = await startFakeGithub();
  fake.oauth.lifetime = 3600;
  app = await startTestApp({
    GITHUB_CLIENT_ID: "gh-client",
    GITHUB_CLIENT_SECRET: "gh-secret",
    GITHUB_OAUTH_URL: fake.url,
    GITHUB_API_URL: fake.url,
    INTEGRATIONS_WEBHOOKS: "on",
    WEBHOOK_LOG_RETENTION_DAYS: "7",
  });
  app.ctx.log = (m) => logs.push(m);
  alice = new TestClient(app.url);
  await alice.signUp(uniqueEmail("hardening"));
  expect((await connectThroughFake(alice, "github")).status).toBe(200);
  integrationId = (await integrationOf(alice, "github")).id;
  const set = await alice.put(`/api/integrations/${integrationId}/destination`, { values: { repo: "octo-user/planning" } });
  expect(set.json.syncMode).toBe("webhooks");
  ({ meetingId, itemIds } = await meetingWithItems(alice));
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

describe("integrations hardening", () => {
  it("a provider named like an Object.prototype key is a 400 in the one error shape, not a 500", async () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"]) {
      const r = await alice.post(`/api/integrations/${name}/authorize`);
      expect(r.status, `${name}: ${r.text}`).toBe(400);
      expect(r.json.error).toEqual({ code: expect.any(String), message: `Unsupported provider: ${name}` });
    }
    expect((await deliver(`${app.url}/api/integrations/webhooks/__proto__`, "{}", {})).status).toBe(404);
  });

  it("GitHub's 403 rate limits (primary: until X-RateLimit-Reset; secondary: Retry-After) are waited out, then the item is sent", async () => {
    const before = issuePosts();
    fake.rateLimitNext(1, 1, "primary");
    await alice.post(`/api/action-items/${itemIds[0]}/send`, { integrationId });
    expect(await waitForLink(alice, meetingId, itemIds[0]!)).toMatchObject({ status: "sent", error: null });
    fake.rateLimitNext(1, 1, "secondary");
    await alice.post(`/api/action-items/${itemIds[1]}/send`, { integrationId });
    expect(await waitForLink(alice, meetingId, itemIds[1]!)).toMatchObject({ status: "sent", error: null });
    expect(issuePosts() - before).toBe(4);
    expect(fake.issues.size).toBe(2);
  });

  it("a reset half an hour away becomes a delayed job of that length (no worker slot waits), and the item stays queued", async () => {
    const itemId = await newItem("Wait for the reset");
    fake.rateLimitNext(1, 1800, "primary");
    await alice.post(`/api/action-items/${itemId}/send`, { integrationId });
    const link = await waitForLink(alice, meetingId, itemId, (l) => l.status !== "sending" && /Retrying/.test(l.error ?? ""));
    expect(link.status).toBe("queued");
    const wait = Number(/Retrying in (\d+) s/.exec(link.error)![1]);
    expect(wait).toBeGreaterThanOrEqual(1700);
    expect(wait).toBeLessThanOrEqual(1802);
    const delayed = await q(
      `select 1 from pgboss.job where name = 'integration-send' and state = 'created' and data->>'linkId' = $1
         and start_after > now() + interval '25 minutes'`,
      [link.id],
    );
    expect(delayed).toHaveLength(1);
  });

  it("after a 401 the poll refreshes the token once for the connection, not once per item", async () => {
    expect((await q("select count(*)::int as n from integration_items where status = 'sent'"))[0].n).toBeGreaterThanOrEqual(2);
    const before = refreshes();
    fake.oauth.expireAll(); // refused at GitHub, though our copy says it is still valid
    const r = await alice.post(`/api/integrations/${integrationId}/sync`);
    expect(r.status, r.text).toBe(200);
    expect(refreshes() - before).toBe(1);
    expect((await integrationOf(alice, "github")).isActive).toBe(true);
  });

  it("an old signed 'closed' body under a fresh delivery id changes nothing; a redelivery answers 200 and changes nothing", async () => {
    const { link } = { link: (await alice.get(`/api/meetings/${meetingId}/item-links`)).json.links[0] };
    const number = Number(link.url.split("/").pop());
    const itemId = link.actionItemId as string;
    const closed = JSON.stringify({
      action: "closed",
      issue: { number, state: "closed", updated_at: "2026-11-01T10:00:00Z" },
      repository: { full_name: "octo-user/planning" },
    });
    const first = signed(closed);
    expect((await deliver(hook().url, closed, first)).status).toBe(200);
    expect(await itemStatus(alice, meetingId, itemId)).toBe("completed");
    await fake.setIssueState(number, "open");
    expect(await itemStatus(alice, meetingId, itemId)).toBe("pending");
    // The captured body again, with a new X-GitHub-Delivery: still the same signed body.
    expect((await deliver(hook().url, closed, signed(closed))).status).toBe(200);
    expect(await itemStatus(alice, meetingId, itemId)).toBe("pending");
    // GitHub's own redelivery (same id, same body).
    expect((await deliver(hook().url, closed, first)).status).toBe(200);
    expect(await itemStatus(alice, meetingId, itemId)).toBe("pending");
    const log = (await alice.get(`/api/integrations/${integrationId}/webhook-logs`)).json.logs;
    expect(log.filter((l: any) => l.reason === "already received")).toHaveLength(2);
  });

  it("a large delivery with a bad signature is logged as its size and headers, never its body or signature", async () => {
    const marker = `body-marker-${crypto.randomUUID()}`;
    const body = JSON.stringify({ action: "closed", padding: `${marker} ${"x".repeat(900 * 1024)}` });
    const badSignature = `sha256=${hmac("sha256", "not-the-secret", body)}`;
    const r = await deliver(hook().url, body, {
      "x-github-event": "issues",
      "x-github-delivery": crypto.randomUUID(),
      "x-hub-signature-256": badSignature,
    });
    expect(r.status).toBe(401);
    const [row] = await q(
      `select payload, pg_column_size(payload) as bytes from webhook_logs
        where integration_id = $1 and status = 'rejected' order by created_at desc limit 1`,
      [integrationId],
    );
    expect(row.payload.size).toBe(Buffer.byteLength(body));
    expect(row.payload.headers["x-github-event"]).toBe("issues");
    expect(row.payload.headers["x-hub-signature-256"]).toBeUndefined();
    expect(row.bytes).toBeLessThan(4096);
    const text = await databaseText(app.ctx.database.db);
    expect(text.includes(marker)).toBe(false);
    expect(text.includes(badSignature.slice(7))).toBe(false);
  });

  it("rejected deliveries past the hourly limit are answered 429 and not logged; signed ones still pass", async () => {
    const body = JSON.stringify({ action: "closed", issue: { number: 1 } });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await deliver(hook().url, body, { "x-github-event": "issues" })).status);
    const refused = statuses.filter((s) => s === 401).length;
    expect(refused).toBeGreaterThan(0);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    // Each 401 left one row (the earlier test's one besides); no 429 did.
    const rejected = await q(`select count(*)::int as n from webhook_logs where integration_id = $1 and status = 'rejected'`, [
      integrationId,
    ]);
    expect(rejected[0].n).toBe(refused + 1);
    const limited = await deliver(hook().url, body, {});
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text).error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The provider's own deliveries are not held back by someone else's noise.
    const ping = JSON.stringify({ zen: "Keep it logically awesome." });
    expect((await deliver(hook().url, ping, { ...signed(ping), "x-github-event": "ping" })).status).toBe(200);
  });

  it("the periodic job deletes log rows older than WEBHOOK_LOG_RETENTION_DAYS and keeps younger ones", async () => {
    await q(
      `insert into webhook_logs (integration_id, event_type, status, created_at) values
         ($1, 'old', 'ignored', now() - interval '8 days'), ($1, 'young', 'ignored', now() - interval '6 days')`,
      [integrationId],
    );
    await integrationPollJob.handle({}, { ctx: app.ctx, retryCount: 0, lastTry: true });
    const kept = (await q(`select event_type from webhook_logs where integration_id = $1`, [integrationId])).map((r) => r.event_type);
    expect(kept).toContain("young");
    expect(kept).not.toContain("old");
    expect(logs.some((l) => /deleted 1 webhook log row/.test(l))).toBe(true);
  });

  it("reconnecting revokes the replaced token only; the new one works", async () => {
    const valid = () => [...fake.oauth.tokens.keys()].filter((t) => fake.oauth.valid(t));
    const before = valid();
    expect(before).toHaveLength(1);
    expect((await connectThroughFake(alice, "github")).status).toBe(200);
    const after = valid();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    expect(fake.requests.some((r) => r.method === "DELETE" && r.path === "/applications/gh-client/token")).toBe(true);
    expect(fake.requests.some((r) => r.method === "DELETE" && r.path === "/applications/gh-client/grant")).toBe(false);
    expect((await alice.post(`/api/integrations/${integrationId}/sync`)).status).toBe(200);
  });
});
