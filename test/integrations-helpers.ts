// Shared steps of the integration tests: the OAuth round trip a browser popup makes, and a
// meeting with action items to send.
import { expect } from "vitest";
import { sql } from "drizzle-orm";
import type { Db } from "../server/src/db/client";
import { TestClient } from "./app";

/** A TestClient that keeps every answer (body and headers), to look for tokens in them. */
export class RecordingClient extends TestClient {
  constructor(
    baseUrl: string,
    private readonly record: string[],
  ) {
    super(baseUrl);
  }
  override async request(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
    const r = await super.request(method, pathname, body, headers);
    this.record.push(r.text, JSON.stringify([...r.headers]));
    return r;
  }
}

/** Authorize → the fake's redirect → our callback, as the popup would; returns the callback answer. */
export async function connectThroughFake(client: TestClient, provider: string) {
  const start = await client.post(`/api/integrations/${provider}/authorize`);
  expect(start.status, start.text).toBe(200);
  const res = await fetch(start.json.url, { redirect: "manual" });
  const location = new URL(res.headers.get("location")!);
  expect(location.pathname).toBe("/settings/integrations/oauth-callback");
  const fragment = new URLSearchParams(location.hash.slice(1));
  return client.post("/api/integrations/oauth/callback", {
    state: location.searchParams.get("state"),
    ...(location.searchParams.get("code") ? { code: location.searchParams.get("code") } : {}),
    ...(fragment.get("token") ? { token: fragment.get("token") } : {}),
  });
}

export async function integrationOf(client: TestClient, provider: string) {
  const r = await client.get("/api/integrations");
  return r.json.providers.find((p: any) => p.key === provider).integration;
}

/** A meeting with two hand-added action items; returns their ids. */
export async function meetingWithItems(client: TestClient, title = "Planning") {
  const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ana>Let us plan the release.\n";
  const meetingId = await client.importTranscript("plan.vtt", vtt, title);
  await client.waitCompleted(meetingId);
  const a = await client.post(`/api/meetings/${meetingId}/action-items`, {
    description: "Write the release notes",
    assignee: "octo-user",
    dueDate: "2026-12-01",
  });
  const b = await client.post(`/api/meetings/${meetingId}/action-items`, {
    description: "Book the demo room",
    assignee: null,
    dueDate: "2026-12-03",
  });
  expect(a.status).toBe(201);
  return { meetingId, itemIds: [a.json.id as string, b.json.id as string] };
}

export async function waitForLink(
  client: TestClient,
  meetingId: string,
  itemId: string,
  done: (l: any) => boolean = (l) => l.status === "sent" || l.status === "failed",
  ms = 30_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const r = await client.get(`/api/meetings/${meetingId}/item-links`);
    const link = r.json.links.find((l: any) => l.actionItemId === itemId);
    if (link && done(link)) return link;
    if (Date.now() > until) throw new Error(`link for ${itemId} timed out: ${JSON.stringify(link)}`);
    await new Promise((res) => setTimeout(res, 150));
  }
}

export async function itemStatus(client: TestClient, meetingId: string, itemId: string) {
  const r = await client.get(`/api/meetings/${meetingId}/action-items`);
  return r.json.actionItems.find((i: any) => i.id === itemId).status as string;
}

/** Every row of every table (ours and the queue's) as text, to look for secrets in clear. */
export async function databaseText(db: Db): Promise<string> {
  const tables = await db.execute<{ table_schema: string; table_name: string }>(
    sql.raw(
      "select table_schema, table_name from information_schema.tables where table_schema in ('public','pgboss') and table_type = 'BASE TABLE'",
    ),
  );
  let out = "";
  for (const t of tables.rows) {
    const r = await db.execute<{ row: string }>(sql.raw(`select t::text as row from "${t.table_schema}"."${t.table_name}" t`));
    out += r.rows.map((x) => x.row).join("\n");
  }
  return out;
}
