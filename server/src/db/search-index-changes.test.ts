// Migration 0025: a change to a meeting re-indexes only what changed (its title, its notes, the turns whose JSON
// differs), and what search then holds is exactly what indexing the whole meeting again would give.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/db";

let client: pg.Client;
let meetingId: string;

const q = async <T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await client.query<T>(text, params)).rows;

interface PassageRow {
  kind: string;
  position: number;
  speaker: string | null;
  body: string;
  tsv: string;
  version: string;
}

/** The meeting's passages in order, with xmin: the transaction that last wrote each row. */
const passages = () =>
  q<PassageRow>(
    `select kind, position, speaker, body, tsv::text as tsv, xmin::text as version from search_passages
     where meeting_id = $1 order by kind, position`,
    [meetingId],
  );
const withoutVersion = (rows: PassageRow[]) => rows.map(({ version: _, ...rest }) => rest);
const versionsOf = (rows: PassageRow[], kind: string) => rows.filter((r) => r.kind === kind).map((r) => [r.position, r.version]);

/** The vocabulary agrees with a recount of the passages (what its triggers keep). */
async function expectVocabularyConsistent() {
  const drift = await q(
    `with counted as (
       select config, lexeme, count(*)::int as n from search_passages, unnest(tsvector_to_array(tsv)) as lexeme group by 1, 2
     )
     select coalesce(c.lexeme, v.lexeme) as lexeme, c.n, v.passages from counted c
     full join (select * from search_vocabulary where passages > 0) v on v.config = c.config and v.lexeme = c.lexeme
     where c.n is distinct from v.passages`,
  );
  expect(drift).toEqual([]);
}

/** What indexing the whole meeting gives, compared with what the changes left. */
async function expectSameAsFullIndex() {
  const incremental = withoutVersion(await passages());
  await q(`select minutes_index_meeting(m) from meetings m where id = $1`, [meetingId]);
  expect(withoutVersion(await passages())).toEqual(incremental);
  await expectVocabularyConsistent();
}

const turns = [
  { speaker: "Nora Vance", start: 0, end: 4, text: "The budget review starts with marketing." },
  { speaker: "Sam Park", start: 5, end: 9, text: "Marketing spent less than planned." },
  { speaker: "Nora Vance", start: 10, end: 14, text: "Then the hiring plan for engineering." },
  { speaker: "Sam Park", start: 15, end: 19, text: "  " },
  { speaker: "Nora Vance", start: 20, end: 24, text: "We close with the office move." },
];

beforeAll(async () => {
  client = new pg.Client({ connectionString: await createTestDatabase() });
  await client.connect();
  await q(`insert into "user" (id, name, email) values ('u1', 'Ann', 'ann@example.com')`);
  const notes = { overview: "A budget review.", keyPoints: [{ text: "Marketing spent less." }], decisions: [] };
  meetingId = (
    await q<{ id: string }>(
      `insert into meetings (user_id, title, status, source_type, utterances, notes)
       values ('u1', 'Budget review', 'completed', 'transcript_import', $1::jsonb, $2::jsonb) returning id`,
      [JSON.stringify(turns), JSON.stringify(notes)],
    )
  )[0]!.id;
}, 60_000);

afterAll(async () => {
  await client?.end();
});

describe("search index after a change to a meeting", () => {
  it("re-indexes only an edited turn", async () => {
    const before = await passages();
    expect(before.filter((r) => r.kind === "turn").map((r) => r.position)).toEqual([0, 1, 2, 4]);
    await q(`update meetings set utterances = jsonb_set(utterances, '{2,text}', '"Then the hiring freeze for sales."') where id = $1`, [
      meetingId,
    ]);
    const after = await passages();
    const changed = versionsOf(after, "turn").filter(([pos, v]) => versionsOf(before, "turn").find(([p]) => p === pos)?.[1] !== v);
    expect(changed.map(([pos]) => pos)).toEqual([2]);
    expect(after.find((r) => r.kind === "turn" && r.position === 2)?.body).toBe("Then the hiring freeze for sales.");
    expect(versionsOf(after, "title")).toEqual(versionsOf(before, "title"));
    expect(versionsOf(after, "summary")).toEqual(versionsOf(before, "summary"));
    await expectSameAsFullIndex();
  });

  it("re-indexes only the title when the title changes, and only the notes when they do", async () => {
    const before = await passages();
    await q(`update meetings set title = 'Q3 budget and hiring' where id = $1`, [meetingId]);
    let after = await passages();
    expect(versionsOf(after, "turn")).toEqual(versionsOf(before, "turn"));
    expect(after.find((r) => r.kind === "title")?.body).toBe("Q3 budget and hiring");
    await q(`update meetings set notes = jsonb_set(notes, '{overview}', '"The Q3 budget review."') where id = $1`, [meetingId]);
    after = await passages();
    expect(versionsOf(after, "turn")).toEqual(versionsOf(before, "turn"));
    expect(after.find((r) => r.kind === "summary" && r.position === 0)?.body).toBe("The Q3 budget review.");
    await expectSameAsFullIndex();
  });

  it("indexes a turn that gains words, drops one that loses them, and all turns when their number changes", async () => {
    await q(`update meetings set utterances = jsonb_set(utterances, '{3,text}', '"Quick question on travel."') where id = $1`, [meetingId]);
    expect((await passages()).filter((r) => r.kind === "turn").map((r) => r.position)).toEqual([0, 1, 2, 3, 4]);
    await expectSameAsFullIndex();
    await q(`update meetings set utterances = jsonb_set(utterances, '{0,text}', '""') where id = $1`, [meetingId]);
    expect((await passages()).filter((r) => r.kind === "turn").map((r) => r.position)).toEqual([1, 2, 3, 4]);
    await expectSameAsFullIndex();
    await q(
      `update meetings set utterances = utterances || '[{"speaker":"Sam Park","start":30,"end":32,"text":"Thanks all."}]'::jsonb where id = $1`,
      [meetingId],
    );
    expect((await passages()).filter((r) => r.kind === "turn").map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
    await expectSameAsFullIndex();
    // A speaker renamed: every turn of theirs changes (the label's words are indexed with each turn).
    await q(
      `update meetings set utterances = (select jsonb_agg(jsonb_set(u, '{speaker}', to_jsonb(replace(u->>'speaker', 'Sam Park', 'Samuel Park'))) order by n)
       from jsonb_array_elements(utterances) with ordinality as t(u, n)) where id = $1`,
      [meetingId],
    );
    expect((await passages()).filter((r) => r.speaker === "Samuel Park").map((r) => r.position)).toEqual([1, 3, 5]);
    await expectSameAsFullIndex();
  });
});
