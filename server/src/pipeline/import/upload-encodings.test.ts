// Decision 041: a transcript file's encoding, end to end through the upload.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";

let t: TestApp;
// Read from the table: what was stored, whatever the meeting's answer carries.
const turns = async (id: string) =>
  (await t.ctx.database.db.execute(sql`SELECT utterances FROM meetings WHERE id = ${id}`)).rows[0]?.utterances;
let c: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  c = new TestClient(t.url);
  await c.signUp(uniqueEmail("enc"));
});
afterAll(() => t.close());

describe("uploading transcripts in Windows encodings", () => {
  it("imports a UTF-16 file with a byte-order mark (refused as binary before)", async () => {
    const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Renée Dubois>Café at ten.</v>\n";
    const id = await c.importTranscript("notepad.vtt", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(vtt, "utf16le")]), "UTF-16");
    expect(await turns(id)).toMatchObject([{ speaker: "Renée Dubois", text: "Café at ten." }]);
  });

  it("imports a Windows-1252 file with its accents and names (each accent was a replacement character)", async () => {
    const ansi = Buffer.from([...Buffer.from("Ren"), 0xe9, ...Buffer.from("e: Caf"), 0xe9, ...Buffer.from(" at ten.\nBob: Fine.")]);
    const id = await c.importTranscript("ansi.txt", ansi, "ANSI");
    expect(await turns(id)).toMatchObject([
      { speaker: "Renée", text: "Café at ten." },
      { speaker: "Bob", text: "Fine." },
    ]);
  });
});
