// Asana, Trello, Slack, Google Calendar, Microsoft To Do and Notion against their loopback
// fakes: connect through authorize/callback, choose the destination, send (once), the
// provider-specific paths (Asana's handshake and completion, Trello's HEAD check, done list
// and signature, Google's all-day event), disconnect, and no token in clear.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { deliver, hmac, type FakeProviderServer } from "../../../../test/fakes/fake-provider";
import { startFakeAsana, type FakeAsana } from "../../../../test/fakes/asana";
import { startFakeGoogleCalendar, type FakeGoogleCalendar } from "../../../../test/fakes/google-calendar";
import { startFakeMicrosoftTodo, type FakeMicrosoftTodo } from "../../../../test/fakes/microsoft-todo";
import { startFakeNotion, type FakeNotion } from "../../../../test/fakes/notion";
import { startFakeSlack, type FakeSlack } from "../../../../test/fakes/slack";
import { startFakeTrello, type FakeTrello } from "../../../../test/fakes/trello";
import {
  RecordingClient,
  connectThroughFake,
  databaseText,
  integrationOf,
  itemStatus,
  meetingWithItems,
  waitForLink,
} from "../../../../test/integrations-helpers";

let app: TestApp;
let client: TestClient;
let other: TestClient;
let meetingId: string;
const responses: string[] = [];
const logs: string[] = [];
const fakes = {} as {
  asana: FakeAsana;
  trello: FakeTrello;
  slack: FakeSlack;
  google: FakeGoogleCalendar;
  microsoft: FakeMicrosoftTodo;
  notion: FakeNotion;
};

beforeAll(async () => {
  [fakes.asana, fakes.trello, fakes.slack, fakes.google, fakes.microsoft, fakes.notion] = await Promise.all([
    startFakeAsana(),
    startFakeTrello(),
    startFakeSlack(),
    startFakeGoogleCalendar(),
    startFakeMicrosoftTodo(),
    startFakeNotion(),
  ]);
  const env = (prefix: string, fake: FakeProviderServer, api: string) => ({
    [`${prefix}_CLIENT_ID`]: fake.oauth.clientId,
    [`${prefix}_CLIENT_SECRET`]: fake.oauth.clientSecret,
    [`${prefix}_OAUTH_URL`]: fake.url,
    [`${prefix}_API_URL`]: fake.url + api,
  });
  app = await startTestApp({
    ...env("ASANA", fakes.asana, "/api/1.0"),
    ...env("TRELLO", fakes.trello, ""),
    ...env("SLACK", fakes.slack, "/api"),
    ...env("GOOGLE", fakes.google, ""),
    ...env("MICROSOFT", fakes.microsoft, "/v1.0"),
    ...env("NOTION", fakes.notion, ""),
    INTEGRATIONS_WEBHOOKS: "on",
  });
  app.ctx.log = (m) => logs.push(m);
  client = new RecordingClient(app.url, responses);
  other = new RecordingClient(app.url, responses);
  await client.signUp(uniqueEmail("tools"));
  await other.signUp(uniqueEmail("other"));
  ({ meetingId } = await meetingWithItems(client));
});
afterAll(async () => {
  await app?.close();
  await Promise.all(Object.values(fakes).map((f) => f?.close()));
});

/** Picks the given values, or else the first option of every required field, until nothing is missing. */
async function chooseDestination(provider: string, wanted: Record<string, string> = {}) {
  const { id } = await integrationOf(client, provider);
  let values: Record<string, string> = {};
  for (let round = 0; round < 4; round++) {
    const r = await client.post(`/api/integrations/${id}/destination-fields`, { values });
    expect(r.status, r.text).toBe(200);
    const next = { ...values };
    for (const f of r.json.fields) if (!next[f.key] && (wanted[f.key] || !f.optional)) next[f.key] = wanted[f.key] ?? f.options[0].value;
    if (JSON.stringify(next) === JSON.stringify(values)) break;
    values = next;
  }
  const set = await client.put(`/api/integrations/${id}/destination`, { values });
  expect(set.status, set.text).toBe(200);
  return set.json;
}

async function newItem(description: string, extra: { assignee?: string | null; dueDate?: string | null } = {}) {
  const r = await client.post(`/api/meetings/${meetingId}/action-items`, {
    description,
    assignee: extra.assignee ?? null,
    dueDate: extra.dueDate === undefined ? "2026-12-05" : extra.dueDate,
  });
  expect(r.status).toBe(201);
  return r.json.id as string;
}

async function sendAndWait(provider: string, itemId: string) {
  const { id } = await integrationOf(client, provider);
  const r = await client.post(`/api/action-items/${itemId}/send`, { integrationId: id });
  expect(r.status, r.text).toBe(202);
  return waitForLink(client, meetingId, itemId);
}

describe.each([
  ["asana", () => fakes.asana.tasks.size],
  ["trello", () => fakes.trello.cards.size],
  ["slack", () => fakes.slack.messages.length],
  ["google-calendar", () => fakes.google.events.length],
  ["microsoft-todo", () => fakes.microsoft.tasks.length],
  ["notion", () => fakes.notion.pages.length],
] as const)("%s", (provider, created) => {
  it("connects, takes a destination and sends an item exactly once", async () => {
    const connected = await connectThroughFake(client, provider);
    expect(connected.status, connected.text).toBe(200);
    expect(connected.json).toEqual({ provider });
    const integration = await integrationOf(client, provider);
    expect(integration).toMatchObject({ provider, isActive: true });
    expect(integration.accountName).toBeTruthy();
    // Someone else cannot see, use or remove it.
    expect((await other.post(`/api/integrations/${integration.id}/destination-fields`, { values: {} })).status).toBe(404);
    const saved = await chooseDestination(provider);
    expect(saved.destinationLabel).toBeTruthy();
    const itemId = await newItem(`Follow up in ${provider}`, { assignee: "ana@example.com" });
    const link = await sendAndWait(provider, itemId);
    expect(link, JSON.stringify(link)).toMatchObject({ status: "sent", provider, error: null });
    expect(link.url).toMatch(/^https:\/\//);
    expect(created()).toBe(1);
    const again = await client.post(`/api/action-items/${itemId}/send`, { integrationId: integration.id });
    expect(again.json).toMatchObject({ id: link.id, status: "sent" });
    expect(created()).toBe(1);
    expect((await other.post(`/api/action-items/${itemId}/send`, { integrationId: integration.id })).status).toBe(404);
  });
});

describe("provider specifics", () => {
  it("Asana: the webhook handshake is answered; completing the task completes the item and back", async () => {
    const { id } = await integrationOf(client, "asana");
    expect(fakes.asana.hooks.size).toBe(1);
    const task = [...fakes.asana.tasks.values()][0]!;
    expect(task).toMatchObject({ due_on: "2026-12-05", assignee: "ana@example.com" });
    expect(task.notes).toContain(`/meetings/${meetingId}`);
    const itemId = (await client.get(`/api/meetings/${meetingId}/item-links`)).json.links.find(
      (l: any) => l.provider === "asana",
    ).actionItemId;
    expect((await fakes.asana.setCompleted(task.gid, true))[0]!.status).toBe(200);
    expect(await itemStatus(client, meetingId, itemId)).toBe("completed");
    await fakes.asana.setCompleted(task.gid, false);
    expect(await itemStatus(client, meetingId, itemId)).toBe("pending");
    // Forged signature and an unasked-for second handshake change nothing.
    const hook = [...fakes.asana.hooks.values()][0]!;
    const body = JSON.stringify({ events: [{ action: "changed", resource: { gid: task.gid, resource_type: "task" } }] });
    expect((await deliver(hook.target, body, { "x-hook-signature": hmac("sha256", "guess", body) })).status).toBe(401);
    expect((await deliver(hook.target, body, {})).status).toBe(401);
    expect((await fetch(hook.target, { method: "POST", headers: { "x-hook-secret": "attacker" } })).status).toBe(401);
    task.completed = true; // completed there, but only a signed delivery may tell us
    expect(await itemStatus(client, meetingId, itemId)).toBe("pending");
    const log = (await client.get(`/api/integrations/${id}/webhook-logs`)).json.logs.map((l: any) => `${l.status}:${l.reason ?? ""}`);
    expect(log).toEqual(
      expect.arrayContaining([
        "handshake:",
        "accepted:",
        "rejected:signature does not match",
        "rejected:missing X-Hook-Signature",
        "rejected:unexpected handshake",
      ]),
    );
    // Polling reads the task's state.
    expect((await client.post(`/api/integrations/${id}/sync`)).json).toEqual({ changed: 1 });
    expect(await itemStatus(client, meetingId, itemId)).toBe("completed");
  });

  it("Asana: asks for webhooks:delete, so choosing another project deletes the old webhook at Asana", async () => {
    const authorize = fakes.asana.requests.find((r) => r.path === "/-/oauth_authorize")!;
    expect(authorize.query.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["webhooks:write", "webhooks:delete"]));
    expect([...fakes.asana.hooks.values()].map((h) => h.resource)).toEqual(["p1"]);
    await chooseDestination("asana", { project: "p2" });
    expect([...fakes.asana.hooks.values()].map((h) => h.resource)).toEqual(["p2"]);
    await chooseDestination("asana", { project: "p1" });
    expect([...fakes.asana.hooks.values()].map((h) => h.resource)).toEqual(["p1"]);
  });

  it("Trello: HEAD check, card moved to the done list completes, moved back reopens, bad signature rejected", async () => {
    const { id } = await integrationOf(client, "trello");
    // Choose the done list explicitly (the default pick left it empty).
    await chooseDestination("trello", { board: "b1", list: "l-todo", doneList: "l-done" });
    expect(fakes.trello.headChecks.at(-1)).toBe(200);
    const card = [...fakes.trello.cards.values()][0]!;
    expect(card.desc).toContain(`/meetings/${meetingId}`);
    const itemId = (await client.get(`/api/meetings/${meetingId}/item-links`)).json.links.find(
      (l: any) => l.provider === "trello",
    ).actionItemId;
    expect((await fakes.trello.moveCard(card.id, "l-done"))[0]!.status).toBe(200);
    expect(await itemStatus(client, meetingId, itemId)).toBe("completed");
    await fakes.trello.moveCard(card.id, "l-todo");
    expect(await itemStatus(client, meetingId, itemId)).toBe("pending");
    expect((await fakes.trello.moveCard(card.id, "l-done", { signWith: "not-the-secret" }))[0]!.status).toBe(401);
    expect(await itemStatus(client, meetingId, itemId)).toBe("pending");
    const rejected = (await client.get(`/api/integrations/${id}/webhook-logs`)).json.logs.filter((l: any) => l.status === "rejected");
    const unsigned = JSON.stringify({
      action: { id: "a-unsigned", type: "updateCard", data: { card: { id: card.id }, listAfter: { id: "l-done" } } },
    });
    expect((await deliver([...fakes.trello.hooks.values()][0]!.callbackURL, unsigned, {})).status).toBe(401);
    expect(await itemStatus(client, meetingId, itemId)).toBe("pending");
    const reasons = (await client.get(`/api/integrations/${id}/webhook-logs`)).json.logs
      .filter((l: any) => l.status === "rejected")
      .map((l: any) => l.reason);
    expect(reasons).toEqual(expect.arrayContaining(["signature does not match", "missing X-Trello-Webhook"]));
    expect(rejected.map((l: any) => l.reason)).toContain("signature does not match");
  });

  it("Trello: unticking 'due complete' on a card in the done list keeps the item completed, by webhook and by polling", async () => {
    const { id } = await integrationOf(client, "trello");
    const card = [...fakes.trello.cards.values()][0]!;
    const itemId = (await client.get(`/api/meetings/${meetingId}/item-links`)).json.links.find(
      (l: any) => l.provider === "trello",
    ).actionItemId;
    expect((await fakes.trello.moveCard(card.id, "l-done"))[0]!.status).toBe(200);
    expect(await itemStatus(client, meetingId, itemId)).toBe("completed");
    expect((await fakes.trello.setDueComplete(card.id, true))[0]!.status).toBe(200);
    expect((await fakes.trello.setDueComplete(card.id, false))[0]!.status).toBe(200);
    expect(await itemStatus(client, meetingId, itemId)).toBe("completed");
    expect((await client.post(`/api/integrations/${id}/sync`)).json).toEqual({ changed: 0 });
    expect(await itemStatus(client, meetingId, itemId)).toBe("completed");
    // Out of the done list with the due date unticked: open again, both ways.
    await fakes.trello.moveCard(card.id, "l-todo");
    expect(await itemStatus(client, meetingId, itemId)).toBe("pending");
    expect((await client.post(`/api/integrations/${id}/sync`)).json).toEqual({ changed: 0 });
  });

  it("Slack mentions the owner by e-mail; Google makes an all-day event and refuses an item without a due date", async () => {
    expect(fakes.slack.messages[0]!.text).toContain("<@U42>");
    expect(fakes.slack.messages[0]!.channel).toBe("C1");
    const event = fakes.google.events[0]!.body;
    expect(event).toMatchObject({ start: { date: "2026-12-05" }, end: { date: "2026-12-06" }, attendees: [{ email: "ana@example.com" }] });
    expect(event.source.url).toContain(`/meetings/${meetingId}`);
    const undated = await newItem("Someday", { dueDate: null });
    const link = await sendAndWait("google-calendar", undated);
    expect(link).toMatchObject({
      status: "failed",
      error: "Google Calendar: this action item has no due date. Set one, then send it again.",
    });
  });

  it("To Do and Notion carry the due date and the way back", async () => {
    expect(fakes.microsoft.tasks[0]!.body).toMatchObject({ dueDateTime: { dateTime: "2026-12-05T00:00:00", timeZone: "UTC" } });
    expect(fakes.microsoft.tasks[0]!.body.linkedResources[0].webUrl).toContain(`/meetings/${meetingId}`);
    const page = fakes.notion.pages[0]!;
    expect(page.version).toBe("2022-06-28");
    expect(page.body.parent).toEqual({ database_id: "db-1" });
    expect(page.body.properties.Task.title[0].text.content).toBe("Follow up in notion");
  });

  it("sending all pending items skips the ones already sent", async () => {
    const { id } = await integrationOf(client, "notion");
    const before = fakes.notion.pages.length;
    const r = await client.post(`/api/meetings/${meetingId}/action-items/send`, { integrationId: id });
    expect(r.status).toBe(202);
    for (const l of r.json.links) await waitForLink(client, meetingId, l.actionItemId);
    const pending = (await client.get(`/api/meetings/${meetingId}/action-items`)).json.actionItems.filter(
      (i: any) => i.status === "pending",
    ).length;
    expect(fakes.notion.pages.length - before).toBe(pending - 1); // one was sent before
    await client.post(`/api/meetings/${meetingId}/action-items/send`, { integrationId: id });
    await new Promise((res) => setTimeout(res, 1500));
    expect(fakes.notion.pages.length - before).toBe(pending - 1);
  });

  it("no token appears in any API response, log line or database row", async () => {
    const secrets = [
      ...Object.values(fakes).flatMap((f) => [...f.oauth.allSecrets(), f.oauth.clientSecret]),
      ...[...fakes.asana.hooks.values()].map((h) => h.secret),
    ];
    expect(secrets.length).toBeGreaterThan(12);
    const haystacks = { responses: responses.join("\n"), logs: logs.join("\n"), database: await databaseText(app.ctx.database.db) };
    for (const [where, text] of Object.entries(haystacks))
      for (const s of secrets) expect(text.includes(s), `${s} found in ${where}`).toBe(false);
  });

  it.each(["asana", "trello", "slack", "google-calendar", "microsoft-todo", "notion"])("%s disconnects", async (provider) => {
    const { id } = await integrationOf(client, provider);
    expect((await other.delete(`/api/integrations/${id}`)).status).toBe(404);
    expect((await client.delete(`/api/integrations/${id}`)).status).toBe(204);
    expect(await integrationOf(client, provider)).toBeNull();
  });

  it("disconnecting removed the webhooks and revoked what can be revoked", () => {
    expect(fakes.asana.hooks.size).toBe(0);
    expect(fakes.trello.hooks.size).toBe(0);
    for (const f of [fakes.asana, fakes.trello, fakes.slack, fakes.google])
      expect([...f.oauth.tokens.values()].some((t) => t.revoked)).toBe(true);
    // Asana revokes by refresh token (its fake refuses an access token), which ends them all.
    const revokes = fakes.asana.requests.filter((r) => r.path === "/-/oauth_revoke");
    expect(revokes.map((r) => String(r.body.token).split("_")[1])).toEqual(["rt"]);
    expect(fakes.asana.oauth.refreshTokens.size).toBe(0);
    expect([...fakes.asana.oauth.tokens.values()].every((t) => t.revoked)).toBe(true);
  });
});
