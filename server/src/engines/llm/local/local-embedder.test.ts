// The embed message of the llama worker on a tiny generated GGUF (random weights: the vectors mean
// nothing, but they are real llama.cpp output): one vector per text, the same text the same
// vector, and search uses them for a user's passages, never a stranger's (decision 036).
import { mkdir, mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTinyQwen3Gguf } from "../../../../../test/tiny-gguf";
import { QWEN3_HYBRID_TEMPLATE } from "../../../../../test/qwen3-templates";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../../test/app";
import type { Utterance } from "../../../../../contract/transcript";
import { meetings } from "../../../db/schema";
import { passagesToEmbed, storeEmbeddings } from "../../../modules/search/embeddings.repo";
import { SearchService } from "../../../modules/search/search.service";
import { CATALOGUE, findModel, TEXT_EMBEDDING } from "../../speech/models/catalogue";
import { modelDir } from "../../speech/models/manager";
import { installedTextEmbedder, LocalEmbedder } from "./local-embedder";

let dir: string;
let embedder: LocalEmbedder;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "minutes-embed-"));
  const modelPath = path.join(dir, "tiny-embed.gguf");
  await writeTinyQwen3Gguf(modelPath, { chatTemplate: QWEN3_HYBRID_TEMPLATE, contextLength: 2048 });
  embedder = new LocalEmbedder({ modelPath, threads: 1 });
});

afterAll(async () => {
  embedder?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the llama worker's embed message", () => {
  it("gives one vector per text, all of one length, the same for the same text", async () => {
    const long = "word ".repeat(2000);
    const [a, b, again, cut] = await embedder.embed(["the budget is final", "a cat sleeps", "the budget is final", long]);
    expect(a!.length).toBeGreaterThan(0);
    expect([b!.length, again!.length, cut!.length]).toEqual([a!.length, a!.length, a!.length]);
    expect(again).toEqual(a);
    expect(a).not.toEqual(b);
    expect(a!.every(Number.isFinite)).toBe(true);
    expect(embedder.model).toBe("tiny-embed.gguf");
  });
});

describe("one worker for many callers", () => {
  it("answers calls made at the same time, each with its own vectors", async () => {
    const texts = ["alpha", "beta", "gamma", "delta"];
    const alone = [];
    for (const x of texts) alone.push((await embedder.embed([x]))[0]);
    const together = await Promise.all(texts.map((x) => embedder.embed([x]).then((r) => r[0])));
    expect(together).toEqual(alone);
  });

  it("after a failure does not start the model again at once", async () => {
    const broken = new LocalEmbedder({ modelPath: path.join(dir, "not-a-model.gguf"), threads: 1 });
    await writeFile(path.join(dir, "not-a-model.gguf"), "not a gguf file");
    await expect(broken.embed(["x"])).rejects.toThrow();
    await expect(broken.embed(["x"])).rejects.toThrow(/failed a moment ago/);
    broken.close();
  });
});

describe("the installed text embedding model", () => {
  it("is none until the catalogue's file is in the models folder at its size, then one embedder per folder", async () => {
    const models = path.join(dir, "models");
    expect(installedTextEmbedder(models, 1)).toBeNull();
    const entry = findModel(CATALOGUE, TEXT_EMBEDDING.id)!;
    expect(entry).toMatchObject({ purpose: "text-embedding", licence: "Apache-2.0" });
    expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(modelDir(models, entry.id), "model.gguf");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, "partial");
    expect(installedTextEmbedder(models, 1)).toBeNull();
    await truncate(file, entry.sizeBytes!);
    const e = installedTextEmbedder(models, 1);
    expect(e?.model).toBe(TEXT_EMBEDDING.id);
    expect(installedTextEmbedder(models, 1)).toBe(e);
    await rm(file);
    expect(installedTextEmbedder(models, 1)).toBeNull();
  });

  it("puts the model's prefix before queries and passages", async () => {
    const prefixed = new LocalEmbedder({
      modelPath: path.join(dir, "tiny-embed.gguf"),
      threads: 1,
      queryPrefix: "search_query: ",
      documentPrefix: "search_document: ",
    });
    try {
      const [query, doc] = [(await prefixed.embed(["budget"], "query"))[0], (await prefixed.embed(["budget"], "document"))[0]];
      expect(query).toEqual((await embedder.embed(["search_query: budget"]))[0]);
      expect(doc).toEqual((await embedder.embed(["search_document: budget"]))[0]);
    } finally {
      prefixed.close();
    }
  });
});

describe("search with the tiny embedding model", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SEARCH_RATE_LIMIT_BURST: "100000", SEARCH_RATE_LIMIT_PER_MINUTE: "100000" });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function user(prefix: string) {
    const c = new TestClient(t.url);
    const email = uniqueEmail(prefix);
    const r = await c.signUp(email, "secret123", prefix);
    return { id: r.json.user.id as string, email, name: prefix };
  }

  async function meetingWithVectors(userId: string, text: string) {
    const utterances: Utterance[] = [{ speaker: "Ana", start: 0, end: 3, text }];
    const [row] = await t.ctx.database.db
      .insert(meetings)
      .values({
        userId,
        title: "Notes",
        status: "completed",
        sourceType: "file_upload",
        transcriptLanguage: "en",
        utterances,
        transcript: text,
      })
      .returning();
    const rows = await passagesToEmbed(t.ctx.database.db, row!.id, embedder.model);
    const vectors = await embedder.embed(rows.map((r) => r.body));
    await storeEmbeddings(
      t.ctx.database.db,
      row!.id,
      embedder.model,
      rows.map((r, i) => ({ ...r, vector: vectors[i]! })),
    );
    return row!.id;
  }

  it("ranks with the worker's vectors: the owner's nearest passage first, never a stranger's", async () => {
    const owner = await user("embed-owner");
    const stranger = await user("embed-stranger");
    const mine = await meetingWithVectors(owner.id, "zqxw vbnm");
    const theirs = await meetingWithVectors(stranger.id, "zqxw vbnm");
    // The same text gives the same vector: the owner's passage is the nearest, the stranger's identical one is never shown.
    const lexical = await new SearchService(t.ctx).search(owner, { q: "zqxw vbnm" });
    const hybrid = await new SearchService(t.ctx, embedder).search(owner, { q: "zqxw vbnm" });
    expect(hybrid.results[0]!.meetingId).toBe(mine);
    expect(hybrid.results.map((r) => r.meetingId)).not.toContain(theirs);
    expect(lexical.results.map((r) => r.meetingId)).not.toContain(theirs);
  });
});
