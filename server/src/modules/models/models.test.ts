// Speech models in Settings: the instance owner downloads what the default settings need
// (from a fake release server at the HTTP boundary, via MODELS_BASE_URL); others cannot; a
// failed audio meeting names the models it needs and their size, never a server path.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { startFakeModelReleases, type FakeModelReleases } from "../../../../test/fake-model-releases";
import { DEFAULT_MODEL_IDS } from "../../engines/speech/models/catalogue";
import { makeWav } from "../../media/test-fixtures";
import { modelsServiceFor } from "./models.service";

let t: TestApp;
let releases: FakeModelReleases;
let work: string;
let alice: TestClient;
let bob: TestClient;
let bobEmail: string;
let aliceEmail: string;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), "models-api-"));
  releases = await startFakeModelReleases();
  t = await startTestApp({ MODELS_BASE_URL: releases.url });
  alice = new TestClient(t.url);
  bob = new TestClient(t.url);
  aliceEmail = uniqueEmail("owner");
  await alice.signUp(aliceEmail, "secret123", "Alice Owner");
  bobEmail = uniqueEmail("bob");
  await bob.signUp(bobEmail, "secret123", "Bob");
});
afterAll(async () => {
  await t?.close();
  await releases?.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe("speech models", () => {
  it("tells a failed audio meeting which models it needs and their size, with no server path", async () => {
    const wav = await makeWav(path.join(work, "standup.wav"), 2);
    const fd = new FormData();
    fd.append("file", new Blob([await fs.readFile(wav)], { type: "audio/wav" }), "standup.wav");
    const r = await alice.post("/api/meetings", fd);
    expect(r.status).toBe(201);
    const m = await alice.waitForMeeting(r.json.id, (x) => x.status === "failed");
    expect(m.error).toMatch(/^This recording needs 3 speech models that are not installed on this server: /);
    expect(m.error).toContain("Moonshine tiny");
    expect(m.error).toContain("pyannote segmentation 3.0");
    expect(m.error).toMatch(/about \d+ MB to download/);
    expect(m.error).toContain("The owner of this server can download them under Settings → Models.");
    expect(m.error).not.toContain("npm run models"); // every reader sees it: no server commands
    expect(m.error).not.toContain(t.dataDir);
    expect(m.error).not.toMatch(/\/(tmp|home|var|work)\//);
    expect(m.canRetry).toBe(true);
  });

  it("lets only the instance owner download the default models, and shows the progress until they are installed", async () => {
    const before = await bob.get("/api/models");
    expect(before.status).toBe(200);
    expect(before.json.canManage).toBe(false);
    expect(before.json.defaults.missing.length).toBe(3);
    expect(JSON.stringify(before.json)).not.toContain(t.dataDir);
    // Whom to ask, and nothing of the owner's: no install addresses, folders or download errors.
    expect(before.json.owner).toBe(`Alice Owner (${aliceEmail})`);
    expect(before.json.offline).toBeNull();
    expect(before.json.defaults.error).toBeNull();
    expect(before.json.models.every((m: any) => m.manual === null)).toBe(true);
    const refused = await bob.post("/api/models/download");
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Only the owner of this server can download speech models.");
    expect((await new TestClient(t.url).post("/api/models/download")).status).toBe(401);
    expect(releases.requested).toEqual([]);

    const mine = await alice.get("/api/models");
    expect(mine.json.canManage).toBe(true);
    expect(mine.json.owner).toBeNull();
    // The owner gets what an install without internet takes: the mirror setting and each model's files and folder.
    expect(mine.json.offline).toEqual({ baseUrl: releases.url, defaultBaseUrl: "https://github.com/k2-fsa/sherpa-onnx/releases/download" });
    const titanet = mine.json.models.find((m: any) => m.id === "titanet-small-en");
    expect(titanet.manual).toMatchObject({ files: ["model.onnx"], extract: false, url: expect.stringContaining(releases.url) });
    expect(titanet.manual.folder).toContain("titanet-small-en");
    expect(mine.json.models.find((m: any) => m.id === "silero-vad").manual).toBeNull(); // ships with the app
    expect(mine.json.defaults.missingSize).toMatch(/^about \d+ MB$/);
    const started = await alice.post("/api/models/download");
    expect(started.status).toBe(202);
    let overview = started.json;
    const until = Date.now() + 30_000;
    while (overview.defaults.downloading && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      overview = (await alice.get("/api/models")).json;
    }
    expect(overview.defaults).toMatchObject({ downloading: false, error: null, missing: [] });
    for (const id of DEFAULT_MODEL_IDS) expect(overview.models.find((x: any) => x.id === id).installed, id).toBe(true);
    expect([...releases.requested].sort()).toEqual([...releases.assets].sort());
  });

  it("takes the owners from ADMIN_EMAILS when it is set, else the first account", async () => {
    const db = t.ctx.database.db;
    const owners = (adminEmails: string[]) => modelsServiceFor({ ...t.ctx, config: { ...t.ctx.config, adminEmails } }, db);
    const session = async (c: TestClient) => (await c.get("/api/auth/get-session")).json.user;
    const [a, b] = [await session(alice), await session(bob)];
    expect(await owners([]).isInstanceOwner(a)).toBe(true);
    expect(await owners([]).isInstanceOwner(b)).toBe(false);
    expect(await owners([bobEmail.toLowerCase()]).isInstanceOwner(b)).toBe(true);
    expect(await owners([bobEmail.toLowerCase()]).isInstanceOwner(a)).toBe(false);
  });
});
