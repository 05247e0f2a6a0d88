// The local language model through the real pipeline, database and API: a transcript import
// gets notes from real llama.cpp inference on a tiny random model with Qwen3's architecture and chat template (test/tiny-gguf.ts); a broken
// model file fails the meeting with a clear message while the server keeps serving; no model
// installed gives the built-in notes with a note that says so.
import { mkdtemp, rm, truncate } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { actionItems, meetings } from "../db/schema";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";
import { SAMPLE_TEAMS_VTT } from "../../../test/fixtures";
import { QWEN3_HYBRID_TEMPLATE } from "../../../test/qwen3-templates";
import { writeTinyQwen3Gguf } from "../../../test/tiny-gguf";

let dir: string;
const apps: TestApp[] = [];

async function appWith(env: Record<string, string>): Promise<{ app: TestApp; client: TestClient }> {
  const app = await startTestApp({ LOCAL_LLM_THREADS: "1", ...env });
  apps.push(app);
  const client = new TestClient(app.url);
  await client.signUp(uniqueEmail("llm"));
  return { app, client };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "minutes-llm-pipeline-"));
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await rm(dir, { recursive: true, force: true });
});

describe("local language model notes in the pipeline", () => {
  it("stores the notes the model wrote, with the engine and model name", async () => {
    const model = path.join(dir, "tiny.gguf");
    await writeTinyQwen3Gguf(model, { chatTemplate: QWEN3_HYBRID_TEMPLATE, contextLength: 16384 });
    const { app, client } = await appWith({ LOCAL_LLM_MODEL: model, LOCAL_LLM_CONTEXT: "8192" });
    const id = await client.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch sync");
    const m = await client.waitCompleted(id, 120_000);
    expect(m.summaryEngine).toBe("local");
    expect(m.summaryModel).toBe("tiny.gguf");
    expect(m.summaryNote).toBeNull();
    expect(m.stepDetail).toBeNull();
    expect(m.notes.overview.trim().length + m.notes.keyPoints.length).toBeGreaterThan(0);
    // What the API shows is what the database holds.
    const [row] = await app.ctx.database.db.select().from(meetings).where(eq(meetings.id, id));
    assert(row, "the meeting's row");
    expect(row.notes).toEqual(m.notes);
    expect(row.summaryEngine).toBe("local");
    const items = await app.ctx.database.db.select().from(actionItems).where(eq(actionItems.meetingId, id));
    expect(items.map((i) => i.description).sort()).toEqual(m.actionItems.map((i: { description: string }) => i.description).sort());
  });

  it("fails the meeting with a clear message when the model file is broken, and keeps serving", async () => {
    const broken = path.join(dir, "broken.gguf");
    await writeTinyQwen3Gguf(broken, { chatTemplate: QWEN3_HYBRID_TEMPLATE });
    await truncate(broken, 300_000);
    const { client } = await appWith({ LOCAL_LLM_MODEL: broken });
    const id = await client.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch sync");
    const m = await client.waitForMeeting(id, (x) => x.status === "failed" || x.status === "completed", 60_000);
    expect(m.status).toBe("failed");
    expect(m.error).toMatch(
      /^The local language model broken\.gguf could not be loaded: .*not within the file bounds.*The notes were not written\./,
    );
    expect((await client.get("/api/health")).status).toBe(200);
    expect((await client.get(`/api/meetings/${id}`)).status).toBe(200);
  });

  it("gives the built-in notes and says so when no model is installed", async () => {
    const { client } = await appWith({});
    const id = await client.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch sync");
    const m = await client.waitCompleted(id);
    expect(m.summaryEngine).toBe("built-in");
    expect(m.summaryNote).toMatch(
      /^No local language model is installed, so the built-in notes are shown\. The owner of this server can install one under Settings → Models, then use \'Regenerate summary\'\.$/,
    );
    expect(m.actionItems.length).toBeGreaterThan(0);
  });
});
