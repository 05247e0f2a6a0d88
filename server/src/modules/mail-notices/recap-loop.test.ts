// Decision 045: a recap mail never has the web process read a large meeting's turns. The app
// runs in this process, so JSON.parse (ours and the pg driver's jsonb parser) is watched while
// the recaps run: the shape of the work, not its milliseconds.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { createTestDatabase } from "../../../../test/db";
import { MailNoticesService } from "./mail-notices.service";

const TURNS = 6_000;
const SPEAKERS = ["Maria Lopez", "Speaker 2", "Li Wei"];
/** A WebVTT file of TURNS cues; near its end someone asks Sam, and the next speaker answers. */
function vtt(): string {
  const stamp = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
  const cues = ["WEBVTT\n"];
  for (let i = 0; i < TURNS; i++) {
    const text =
      i === TURNS - 20
        ? "Sam, can you book the venue for the offsite by Friday?"
        : `Point ${i} about the rollout plan and the quarterly forecast for the customers.`;
    cues.push(`\n${stamp(i * 3)} --> ${stamp(i * 3 + 2)}\n<v ${SPEAKERS[i % SPEAKERS.length]}>${text}</v>\n`);
  }
  return cues.join("");
}

/** How many texts of `minChars` or more JSON.parse (ours or the pg driver's json/jsonb parsers) read during `work`. */
async function bigParses<T>(work: () => Promise<T>, minChars = 100_000) {
  const parse = JSON.parse.bind(JSON);
  let parsed = 0;
  const p = vi.spyOn(JSON, "parse").mockImplementation(((text: string, ...rest: never[]) => {
    if (typeof text === "string" && text.length >= minChars) parsed++;
    return parse(text, ...rest);
  }) as typeof JSON.parse);
  const jsonTypes = [114, 3802].map((oid) => [oid, pg.types.getTypeParser(oid)] as const);
  for (const [oid, parser] of jsonTypes)
    pg.types.setTypeParser(oid, (text: string) => {
      if (text.length >= minChars) parsed++;
      return parser(text);
    });
  try {
    return { result: await work(), parsed };
  } finally {
    p.mockRestore();
    for (const [oid, parser] of jsonTypes) pg.types.setTypeParser(oid, parser);
  }
}

describe("recap mails of a large meeting", () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "minutes-recap-loop-"));
    // Its own database: the recap reads every recently processed meeting.
    t = await startTestApp({ DATABASE_URL: await createTestDatabase(), DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("finds the item's owner from the turns that say its name, without the web process parsing the turns", async () => {
    const owner = new TestClient(t.url);
    const email = uniqueEmail("recap-loop");
    await owner.signUp(email, "secret123", "Maria Lopez");
    const ownerId = (await owner.get("/api/auth/get-session")).json.user.id;
    expect((await owner.patch("/api/mail/preferences", { recap: true })).status).toBe(200);
    const id = await owner.importTranscript("big.vtt", vtt(), "Big sync");
    await owner.waitCompleted(id, 120_000);
    const added = await owner.post(`/api/meetings/${id}/action-items`, { description: "Reserve the hall", assignee: "Sam" });
    expect(added.status, added.text).toBe(201);
    // Sam was asked in turn TURNS - 20; the speaker of the next turn answers: link them to the owner.
    const answered = SPEAKERS[(TURNS - 19) % 3]!;
    expect(
      (await owner.put(`/api/meetings/${id}/speaker-links`, { speaker: answered, person: { kind: "user", id: ownerId } })).status,
    ).toBe(200);

    const { result: sent, parsed } = await bigParses(() => new MailNoticesService(t.ctx).recaps(new Date()));
    expect(parsed).toBe(0);
    expect(sent).toBe(1);
    const outbox = path.join(dataDir, "outbox");
    const files = (await fs.readdir(outbox)).filter((f) => f.includes(email));
    const mails = await Promise.all(files.map(async (f) => (await fs.readFile(path.join(outbox, f), "utf8")).replace(/=\r?\n/g, "")));
    const recaps = mails.filter((m) => m.includes("Subject: Recap: Big sync"));
    expect(recaps).toHaveLength(1);
    const mail = recaps[0]!;
    // "Sam" is settled only by the turns (no link or member of that name): the owner's item.
    expect(mail).toMatch(/Your action items:[\s\S]*Reserve the hall/);
  }, 180_000);
});
