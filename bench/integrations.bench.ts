// Integrations: how fast action items reach a provider and completion comes back, on the
// real start command (embedded mode) against the loopback GitHub fake.
// Prints: 'send all pending' for N items (queued → every issue created), the median and
// worst single send (request → badge data 'sent'), a send that meets one 429 with
// Retry-After: 1, and webhook close → item completed.
// Run: npm run bench:integrations
import { startFakeGithub } from "../test/fakes/github";
import { Client, ensureAppBuilt, exitCleanlyOnSignals, makeTempDir, removeTempDir, sleep, startServer } from "./perf/server";

const ITEMS = 40;
const SINGLES = 10;

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 120_000): Promise<T> {
  const t0 = performance.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (performance.now() - t0 > ms) throw new Error(`${what}: not done after ${ms / 1000} s`);
    await sleep(20);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  exitCleanlyOnSignals();
  await ensureAppBuilt();
  const fake = await startFakeGithub();
  const dataDir = await makeTempDir("minutes-bench-integrations-");
  const server = await startServer({
    dataDir,
    env: {
      GITHUB_CLIENT_ID: "gh-client",
      GITHUB_CLIENT_SECRET: "gh-secret",
      GITHUB_OAUTH_URL: fake.url,
      GITHUB_API_URL: fake.url,
      INTEGRATIONS_WEBHOOKS: "on",
    },
  });
  try {
    const c = new Client(server.url);
    await c.signUp(`integrations${Date.now()}@example.com`);
    // Connect as the popup would: authorize → the fake's redirect → our callback.
    const start = await c.request("POST", "/api/integrations/github/authorize", {});
    const back = new URL((await fetch(start.json.url, { redirect: "manual" })).headers.get("location")!);
    const cb = await c.request("POST", "/api/integrations/oauth/callback", {
      state: back.searchParams.get("state"),
      code: back.searchParams.get("code"),
    });
    if (cb.status !== 200) throw new Error(`connect: ${cb.text}`);
    const integrationId = (await c.request("GET", "/api/integrations")).json.providers[0].integration.id as string;
    await c.request("PUT", `/api/integrations/${integrationId}/destination`, { values: { repo: "octo-user/planning" } });

    const fd = new FormData();
    fd.append("title", "Bench meeting");
    fd.append("file", new Blob(["WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Ana>Hello.\n"], { type: "text/vtt" }), "m.vtt");
    const up = await fetch(`${server.url}/api/meetings`, { method: "POST", body: fd, headers: { origin: server.url, cookie: c.cookie } });
    const meetingId = ((await up.json()) as { id: string }).id;
    await until("meeting", async () => (await c.request("GET", `/api/meetings/${meetingId}`)).json.status === "completed");
    const addItem = async (i: number) =>
      (
        await c.request("POST", `/api/meetings/${meetingId}/action-items`, {
          description: `Bench item ${i}`,
          assignee: null,
          dueDate: "2026-12-01",
        })
      ).json.id as string;
    const linkOf = async (itemId: string) =>
      ((await c.request("GET", `/api/meetings/${meetingId}/item-links`)).json.links as any[]).find((l) => l.actionItemId === itemId);

    for (let i = 0; i < ITEMS; i++) await addItem(i);
    let t0 = performance.now();
    await c.request("POST", `/api/meetings/${meetingId}/action-items/send`, { integrationId });
    await until("send all", async () => fake.issues.size >= ITEMS);
    const allMs = performance.now() - t0;

    const singles: number[] = [];
    for (let i = 0; i < SINGLES; i++) {
      const id = await addItem(1000 + i);
      t0 = performance.now();
      await c.request("POST", `/api/action-items/${id}/send`, { integrationId });
      await until("single send", async () => (await linkOf(id))?.status === "sent");
      singles.push(performance.now() - t0);
    }

    const limited = await addItem(2000);
    fake.rateLimitNext(1, 1);
    t0 = performance.now();
    await c.request("POST", `/api/action-items/${limited}/send`, { integrationId });
    await until("429 send", async () => (await linkOf(limited))?.status === "sent");
    const limitedMs = performance.now() - t0;

    const number = [...fake.issues.values()].find((x) => x.title === "Bench item 0")!.number;
    const itemId = ((await c.request("GET", `/api/meetings/${meetingId}/action-items`)).json.actionItems as any[]).find(
      (x) => x.description === "Bench item 0",
    ).id;
    t0 = performance.now();
    await fake.setIssueState(number, "closed");
    await until(
      "completion",
      async () =>
        ((await c.request("GET", `/api/meetings/${meetingId}/action-items`)).json.actionItems as any[]).find((x) => x.id === itemId)
          ?.status === "completed",
    );
    const webhookMs = performance.now() - t0;

    console.log(
      `send all pending, ${ITEMS} items → ${ITEMS} issues: ${(allMs / 1000).toFixed(2)} s (${((ITEMS * 1000) / allMs).toFixed(1)} items/s)`,
    );
    console.log(
      `single send → sent: median ${median(singles).toFixed(0)} ms, worst ${Math.max(...singles).toFixed(0)} ms (${SINGLES} sends)`,
    );
    console.log(`a send meeting one 429 (Retry-After: 1) → sent: ${limitedMs.toFixed(0)} ms`);
    console.log(`issue closed (signed webhook) → item completed: ${webhookMs.toFixed(0)} ms`);
    console.log(
      `issues created: ${fake.issues.size} for ${ITEMS + SINGLES + 1} items sent (duplicates: ${fake.issues.size - (ITEMS + SINGLES + 1)})`,
    );
  } finally {
    await server.stop();
    await removeTempDir(dataDir);
    await fake.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
