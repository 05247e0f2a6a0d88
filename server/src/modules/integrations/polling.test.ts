// Without an address providers can reach (INTEGRATIONS_WEBHOOKS=off), no webhook is
// registered and the scheduled poll job brings a close on GitHub back by itself.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { startFakeGithub, type FakeGithub } from "../../../../test/fakes/github";
import { connectThroughFake, integrationOf, itemStatus, meetingWithItems, waitForLink } from "../../../../test/integrations-helpers";

let fake: FakeGithub;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakeGithub();
  app = await startTestApp({
    GITHUB_CLIENT_ID: "gh-client",
    GITHUB_CLIENT_SECRET: "gh-secret",
    GITHUB_OAUTH_URL: fake.url,
    GITHUB_API_URL: fake.url,
    INTEGRATIONS_WEBHOOKS: "off",
    INTEGRATIONS_POLL_SECONDS: "10",
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

it("polls the provider on a schedule when webhooks cannot reach the server", async () => {
  const client = new TestClient(app.url);
  await client.signUp(uniqueEmail("poll"));
  expect((await client.get("/api/integrations")).json).toMatchObject({ completionMode: "polling", pollSeconds: 10 });
  expect((await connectThroughFake(client, "github")).status).toBe(200);
  const { id } = await integrationOf(client, "github");
  const set = await client.put(`/api/integrations/${id}/destination`, { values: { repo: "octo-user/planning" } });
  expect(set.json.syncMode).toBe("polling");
  expect(fake.hooks.size).toBe(0);
  const { meetingId, itemIds } = await meetingWithItems(client);
  await client.post(`/api/action-items/${itemIds[0]}/send`, { integrationId: id });
  expect((await waitForLink(client, meetingId, itemIds[0]!)).status).toBe("sent");
  await fake.setIssueState(1, "closed", { deliver: false });
  // The poll runs every 10 s; give it a few periods on a loaded machine.
  const until = Date.now() + 45_000;
  while ((await itemStatus(client, meetingId, itemIds[0]!)) !== "completed") {
    if (Date.now() > until) throw new Error("the poll did not bring the close back");
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(fake.requests.some((q) => q.method === "GET" && q.path === "/repos/octo-user/planning/issues/1")).toBe(true);
});
