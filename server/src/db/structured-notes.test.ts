// Migration 0020 (issue 30): the markdown summary and the decision list it repeated become one notes structure,
// once, for every stored meeting; the columns go; search reads the notes.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseBefore } from "../../../test/db";
import { connectDatabase, migrateDatabase } from "./client";

const MIGRATION = "0020_structured_notes";
let url: string;
let client: pg.Client;

const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;

beforeAll(async () => {
  url = await createDatabaseBefore(MIGRATION);
  client = new pg.Client({ connectionString: url });
  await client.connect();
}, 60_000);

afterAll(async () => {
  await client?.end();
});

describe("migration 0020: notes as structure", () => {
  it("converts each stored markdown summary once, each decision once, and search finds the notes", async () => {
    await q(`insert into "user" (id, name, email) values ('u1', 'Ann', 'ann@example.com')`);
    const turns = JSON.stringify([
      { speaker: "Nora Vance", start: 0, end: 4, text: "We agreed to go with the yearly plan." },
      { speaker: "Speaker B", start: 5, end: 9, text: "Pricing goes live in June." },
    ]);
    const meeting = async (title: string, summary: string | null, decisions: string[] | null) =>
      (
        await q(
          `insert into meetings (user_id, title, status, source_type, utterances, summary, decisions) values ('u1', $1, 'completed', 'transcript_import', $2::jsonb, $3, $4::jsonb) returning id`,
          [title, turns, summary, decisions === null ? null : JSON.stringify(decisions)],
        )
      )[0]!.id as string;
    // The built-in notes: overview, "**Key points**" bullets with "(speaker)", "**Decisions**" repeating the column.
    const builtIn = await meeting(
      "Built-in",
      "The meeting was mainly about the pricing.\n\n**Key points**\n- Pricing goes live in June. (Speaker B)\n- Costs are *up* (see the sheet).\n\n**Decisions**\n- We agreed to go with the yearly plan. (Nora Vance)",
      ["We agreed to go with the yearly plan. (Nora Vance)"],
    );
    // A language model's markdown: a "## Summary" heading and bullets, decisions only in the column.
    const model = await meeting("Model", "## Summary\n- **Pricing** goes live in June\n* Budget is tight", ["Go with the yearly plan"]);
    // Older rows: decisions only in the markdown; nothing at all.
    const sectionOnly = await meeting("Section only", "Overview line.\n\nDecisions:\n- Hire two contractors", null);
    const nothing = await meeting("Nothing", null, null);

    const database = connectDatabase(url, 1);
    try {
      await migrateDatabase(database.db); // applies 0020 and any later migration
    } finally {
      await database.close();
    }

    const notesOf = async (id: string) => (await q(`select notes from meetings where id = $1`, [id]))[0]!.notes as unknown;
    expect(await notesOf(builtIn)).toEqual({
      overview: "The meeting was mainly about the pricing.",
      keyPoints: [
        { text: "Pricing goes live in June.", speaker: "Speaker B", start: null },
        // A parenthesis that names no one stays part of the text.
        { text: "Costs are up (see the sheet).", speaker: null, start: null },
      ],
      decisions: [{ text: "We agreed to go with the yearly plan.", speaker: "Nora Vance", start: null }],
    });
    expect(await notesOf(model)).toEqual({
      overview: "",
      keyPoints: [
        { text: "Pricing goes live in June", speaker: null, start: null },
        { text: "Budget is tight", speaker: null, start: null },
      ],
      decisions: [{ text: "Go with the yearly plan", speaker: null, start: null }],
    });
    expect(await notesOf(sectionOnly)).toEqual({
      overview: "Overview line.",
      keyPoints: [],
      decisions: [{ text: "Hire two contractors", speaker: null, start: null }],
    });
    expect(await notesOf(nothing)).toBeNull();

    // The markdown columns are gone: notes are the one place.
    const columns = (await q(`select column_name from information_schema.columns where table_name = 'meetings'`)).map((r) => r.column_name);
    expect(columns).toContain("notes");
    expect(columns).not.toContain("summary");
    expect(columns).not.toContain("decisions");
    expect((await q(`select suggested from action_items limit 0`)).length).toBe(0);

    // Search: each decision is one passage, with its speaker; the key points and overview are summary passages.
    const passages = await q(
      `select kind, body, speaker from search_passages where meeting_id = $1 and kind in ('summary', 'decision') order by kind, position`,
      [builtIn],
    );
    expect(passages).toEqual([
      { kind: "decision", body: "We agreed to go with the yearly plan.", speaker: "Nora Vance" },
      { kind: "summary", body: "The meeting was mainly about the pricing.", speaker: null },
      { kind: "summary", body: "Pricing goes live in June.", speaker: "Speaker B" },
      { kind: "summary", body: "Costs are up (see the sheet).", speaker: null },
    ]);
    // New notes are indexed by the trigger, with the time of the moment.
    await q(`update meetings set notes = $2::jsonb where id = $1`, [
      nothing,
      JSON.stringify({ overview: "", keyPoints: [], decisions: [{ text: "Launch moves to April", speaker: "Ann", start: 12.5 }] }),
    ]);
    expect(await q(`select kind, body, start_seconds from search_passages where meeting_id = $1 and kind = 'decision'`, [nothing])).toEqual(
      [{ kind: "decision", body: "Launch moves to April", start_seconds: 12.5 }],
    );
  });
});
