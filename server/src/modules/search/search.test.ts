// GET /api/search against the real app and database: what matches, how it is shown, paging,
// languages, and above all who may find what.
import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { insertCompletedMeeting, type Turn } from "../../../../test/meetings";
import { SAMPLE_TEAMS_VTT } from "../../../../test/fixtures";
import { meetings } from "../../db/schema";
import { searchLimits } from "../../limits/limits.service";
import { apartInTime, parseQuery, speakerLabelsOf } from "./search-query";
import { answerPassages, lexemesOf, meetingsWithEveryWord, RANKING, searchPassages, type Queryable } from "./search.repo";
import { configQueries, headlineParts, markCuts, TYPO_SIMILARITY } from "./search.service";

let t: TestApp;
const ORG = "/api/auth/organization";

async function signedUp(prefix: string, name: string) {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  const r = await c.signUp(email, "secret123", name);
  return { c, email, id: r.json.user.id as string };
}

/** A finished meeting written straight to the table, as the pipeline leaves it. */
const storedMeeting = (userId: string, title: string, turns: Turn[], extra: Partial<typeof meetings.$inferInsert> = {}) =>
  insertCompletedMeeting(t.ctx.database.db, userId, title, turns, extra);

const search = (c: TestClient, q: string, cursor?: string) =>
  c.get(`/api/search?q=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
const ids = (r: { json: any }) => r.json.results.map((x: any) => x.meetingId);
const marked = (result: any) => result.headline.filter((p: any) => p.match).map((p: any) => p.text.toLowerCase());

let owner: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  // Many searches follow one another here; the rate limit has its own app below.
  t = await startTestApp({ SEARCH_RATE_LIMIT_BURST: "100000", SEARCH_RATE_LIMIT_PER_MINUTE: "100000" });
  owner = await signedUp("search", "Olivia Owner");
});
afterAll(() => t.close());

describe("what a search finds", () => {
  it("finds a word said in an imported meeting, with the passage highlighted, the speaker and the time", async () => {
    const id = await owner.c.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch sync");
    await owner.c.waitCompleted(id);
    const r = await search(owner.c, "venue tomorrow");
    expect(r.status, r.text).toBe(200);
    expect(ids(r)).toEqual([id]);
    const hit = r.json.results[0];
    expect(hit).toMatchObject({
      meetingTitle: "Launch sync",
      kind: "turn",
      turnIndex: 2,
      speaker: "Maria Lopez",
      start: 9.5,
      // Any of the words: "tomorrow" is said in another turn too; the turn with both ranks first.
      matchCount: 2,
      ownerName: "Olivia Owner",
    });
    expect(hit.moments[0]).toMatchObject({ kind: "turn", turnIndex: 2, speaker: "Maria Lopez", start: 9.5 });
    expect(hit.moments).toHaveLength(2);
    expect(hit.headline.map((p: any) => p.text).join("")).toBe("Sam, can you also book the venue tomorrow?");
    expect(marked(hit)).toEqual(["venue", "tomorrow"]);
    expect(r.json.nextCursor).toBeNull();
    // No language known for an imported file: the simple configuration, exact words only.
    expect(ids(await search(owner.c, "booking"))).toEqual([]);
    // The speaker's name narrows to their turns.
    const bySpeaker = await search(owner.c, "Sam deck");
    expect(bySpeaker.json.results[0]).toMatchObject({ speaker: "Sam Park", start: 4.5 });
  });

  it("a word no passage holds does not stand in for the common words that pick the candidates", async () => {
    const id = await storedMeeting(owner.id, "Webinar prep", [["Ana", 0, "The wombat venue for the webinar is fixed."]]);
    // A candidate cap of 0: only the rarest word with passages picks candidates;
    // "zzxqvb" (no passage, no close spelling) is rarer still and must be passed over.
    const rows = await t.ctx.database.db.transaction(async (tx) =>
      searchPassages(
        tx,
        owner.id,
        await configQueries(tx, parseQuery("zzxqvb wombat venue"), TYPO_SIMILARITY),
        {},
        { limit: 10, offset: 0, moments: 3, sort: "relevance" },
        { ...RANKING, candidateCap: 0 },
      ),
    );
    expect(rows.map((r) => r.meeting_id)).toContain(id);
  });

  it("understands quotes, -word and or (web search syntax)", async () => {
    const a = await storedMeeting(owner.id, "Quarterly planning", [
      ["Ana", 0, "The marketing budget grows next quarter."],
      ["Ben", 5, "Budget marketing is a different thing."],
    ]);
    const b = await storedMeeting(owner.id, "Hiring sync", [["Ana", 0, "The hiring budget stays flat."]]);
    expect(ids(await search(owner.c, "budget"))).toEqual(expect.arrayContaining([a, b]));
    const phrase = await search(owner.c, '"marketing budget"');
    expect(ids(phrase)).toEqual([a]);
    expect(phrase.json.results[0].matchCount).toBe(1);
    expect(ids(await search(owner.c, "budget -hiring"))).toEqual([a]);
    expect(ids(await search(owner.c, "hiring or quarterly")).sort()).toEqual([a, b].sort());
    // Only stop words (in the meetings' English configuration): nothing to look for, an empty answer rather than an error.
    const stop = await search(owner.c, "these and");
    expect(stop.status).toBe(200);
    expect(stop.json.results).toEqual([]);
  });

  it("searches titles, summaries, decisions and action items, ranking a title above a passing mention", async () => {
    const titled = await storedMeeting(owner.id, "Zeppelin retrospective", [["Ana", 0, "Thanks all."]]);
    const mentioned = await storedMeeting(owner.id, "Weekly", [["Ana", 0, "The zeppelin came up once."]], {
      notes: {
        overview: "",
        keyPoints: [{ text: "Procurement of gyroscopes is late.", speaker: "Ana", start: 0 }],
        decisions: [{ text: "We switch the altimeter vendor.", speaker: null, start: null }],
      },
    });
    const r = await search(owner.c, "zeppelin");
    expect(ids(r)).toEqual([titled, mentioned]);
    expect(r.json.results[0].kind).toBe("title");
    expect((await search(owner.c, "gyroscopes")).json.results[0]).toMatchObject({ meetingId: mentioned, kind: "summary" });
    expect((await search(owner.c, "altimeter")).json.results[0]).toMatchObject({ meetingId: mentioned, kind: "decision" });
    const item = await owner.c.post(`/api/meetings/${mentioned}/action-items`, { description: "Order the barometers", assignee: "Ana" });
    expect(item.status).toBe(201);
    expect((await search(owner.c, "barometer")).json.results[0]).toMatchObject({
      meetingId: mentioned,
      kind: "action_item",
      speaker: "Ana",
    });
    // Edited and deleted items follow.
    await owner.c.patch(`/api/action-items/${item.json.id}`, { description: "Order the thermometers" });
    expect((await search(owner.c, "barometer")).json.results).toEqual([]);
    expect(ids(await search(owner.c, "thermometers"))).toEqual([mentioned]);
    await owner.c.delete(`/api/action-items/${item.json.id}`);
    expect((await search(owner.c, "thermometers")).json.results).toEqual([]);
    // A renamed meeting is found by its new title; a deleted one is gone.
    await owner.c.patch(`/api/meetings/${titled}`, { title: "Airship retrospective" });
    expect((await search(owner.c, "airship")).json.results[0]).toMatchObject({ meetingId: titled, kind: "title" });
    await owner.c.delete(`/api/meetings/${titled}`);
    expect((await search(owner.c, "airship")).json.results).toEqual([]);
  });

  it("opens a phrase that was said where it was said, not at the summary line or decision that quotes it", async () => {
    const quoted = await storedMeeting(
      owner.id,
      "Staffing",
      [
        ["Ana", 0, "Welcome."],
        ["Ben", 9, "I will review the staffing plan by Monday."],
        ["Ana", 14, "We agreed to hire two welders."],
      ],
      {
        notes: {
          overview: "",
          keyPoints: [{ text: "I will review the staffing plan by Monday.", speaker: "Ben", start: null }],
          decisions: [{ text: "We agreed to hire two welders.", speaker: "Ana", start: null }],
        },
      },
    );
    const spoken = await storedMeeting(owner.id, "Other", [["Ana", 3, "The staffing plan came up."]]);
    const r = await search(owner.c, '"staffing plan"');
    // The meeting whose notes carry the phrase still ranks first…
    expect(ids(r)).toEqual([quoted, spoken]);
    // …and its passage is the turn, with its time.
    expect(r.json.results[0]).toMatchObject({ kind: "turn", turnIndex: 1, speaker: "Ben", start: 9, matchCount: 2 });
    expect((await search(owner.c, "welders")).json.results[0]).toMatchObject({ meetingId: quoted, kind: "turn", start: 14 });
  });

  it("uses the meeting's language for stemming and the simple configuration for unknown languages", async () => {
    const en = await storedMeeting(owner.id, "Offsite", [["Ana", 0, "I booked two venues."]]);
    // Both words, stemmed, rank the English meeting first ("venue" alone also finds the imported one).
    expect(ids(await search(owner.c, "booking venue"))[0]).toEqual(en);
    const de = await storedMeeting(owner.id, "Abstimmung", [["Jonas", 0, "Wir planen die Besprechungen neu."]], {
      transcriptLanguage: "de",
    });
    const xx = await storedMeeting(owner.id, "Finnish weekly", [["Aino", 0, "Huomenna kokoukset siirtyvät."]], {
      transcriptLanguage: null,
      language: "xx",
    });
    expect(ids(await search(owner.c, "Besprechung"))).toEqual([de]);
    expect(ids(await search(owner.c, "kokoukset"))).toEqual([xx]);
    // No stemming for Finnish here, but a close spelling of a word nobody said finds it.
    expect(ids(await search(owner.c, "kokouksett"))).toEqual([xx]);
  });

  it("pages by cursor, 20 meetings a page", async () => {
    const made: string[] = [];
    for (let i = 0; i < 23; i++)
      made.push(await storedMeeting(owner.id, `Standup ${i}`, [["Ana", i, `Status of the quokka migration, part ${i}.`]]));
    const first = await search(owner.c, "quokka migration");
    expect(first.json.results).toHaveLength(20);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await search(owner.c, "quokka migration", first.json.nextCursor);
    expect(second.json.results).toHaveLength(3);
    expect(second.json.nextCursor).toBeNull();
    expect([...ids(first), ...ids(second)].sort()).toEqual([...made].sort());
    const bad = await search(owner.c, "quokka", "garbage");
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/Start the search again/);
  });

  it("ranks only the meetings that can make the page, and a short page is the start of the full ranking", async () => {
    const user = await signedUp("search-keep", "Kim Keep");
    // Two meetings that name the word once in a short turn (the best single passages), and one
    // that talks about it three times in longer turns: each of its passages scores lower, but
    // best + ½ second + ¼ third puts it first. Pruning by the best passage alone would drop it.
    const once1 = await storedMeeting(user.id, "One", [["Ana", 0, "Kumquat soup."]]);
    const once2 = await storedMeeting(user.id, "Two", [["Ana", 0, "Kumquat jam."]]);
    const long = "and then we went over the budget for the quarter once more with everyone";
    const often = await storedMeeting(user.id, "Three", [
      ["Ana", 0, `The kumquat order ${long}.`],
      ["Ben", 5, `Another kumquat crate ${long}.`],
      ["Ana", 9, `A third kumquat delivery ${long}.`],
    ]);
    await storedMeeting(user.id, "Four", [["Ana", 0, `Kumquat ${long} ${long} ${long}.`]]);
    const page = (limit: number, sort: "relevance" | "date") =>
      t.ctx.database.db.transaction(async (tx) =>
        searchPassages(
          tx,
          user.id,
          await configQueries(tx, parseQuery("kumquat."), TYPO_SIMILARITY),
          {},
          {
            limit,
            offset: 0,
            moments: 3,
            sort,
          },
        ),
      );
    const meetingsOf = (rows: Awaited<ReturnType<typeof page>>) => [...new Set(rows.map((r) => r.meeting_id))];
    const all = meetingsOf(await page(50, "relevance"));
    expect(all).toHaveLength(4);
    expect(all[0]).toBe(often);
    expect(all.slice(1, 3).sort()).toEqual([once1, once2].sort());
    expect(meetingsOf(await page(2, "relevance"))).toEqual(all.slice(0, 2));
    expect(meetingsOf(await page(1, "relevance"))).toEqual([often]);
    const byDate = meetingsOf(await page(50, "date"));
    expect(meetingsOf(await page(2, "date"))).toEqual(byDate.slice(0, 2));
  });

  it("narrows a broad query to the meetings that say every word when no other meeting can reach the page", async () => {
    const user = await signedUp("search-every", "Eve Every");
    const both: string[] = [];
    for (let i = 0; i < 3; i++) both.push(await storedMeeting(user.id, `Both ${i}`, [["Ana", 0, `Alpaca yodel practice ${i}.`]]));
    const one = await storedMeeting(user.id, "One word", [
      ["Ana", 0, "An alpaca."],
      ["Ben", 4, "Another alpaca."],
    ]);
    const run = <T>(q: string, work: (tx: Queryable, cq: Awaited<ReturnType<typeof configQueries>>) => Promise<T>) =>
      t.ctx.database.db.transaction(async (tx) => work(tx, await configQueries(tx, parseQuery(q), TYPO_SIMILARITY)));
    const narrowed = await run("alpaca yodel.", (tx, cq) => meetingsWithEveryWord(tx, user.id, cq, {}, 2));
    expect(narrowed?.sort()).toEqual([...both].sort());
    // A speaker label named in full orders moments, not meetings: it leaves the bound (and the narrowing) as it was.
    const labels = { speakerLabels: speakerLabelsOf(["alpaca", "yodel"]) };
    expect((await run("alpaca yodel.", (tx, cq) => meetingsWithEveryWord(tx, user.id, cq, labels, 2)))?.sort()).toEqual([...both].sort());
    // Ranking every candidate gives the same first page.
    const page = (limit: number) =>
      run("alpaca yodel.", (tx, cq) => searchPassages(tx, user.id, cq, {}, { limit, offset: 0, moments: 3, sort: "relevance" }));
    const ids = (rows: { meeting_id: string }[]) => [...new Set(rows.map((r) => r.meeting_id))];
    const all = ids(await page(50));
    expect(all).toContain(one);
    expect(ids(await page(2))).toEqual(all.slice(0, 2));
    // One word, or more meetings asked for than say every word: nothing to narrow.
    expect(await run("alpaca.", (tx, cq) => meetingsWithEveryWord(tx, user.id, cq, {}, 2))).toBeNull();
    expect(await run("alpaca yodel.", (tx, cq) => meetingsWithEveryWord(tx, user.id, cq, {}, 4))).toBeNull();
  });
  it("ranks a turn that says the words again and again above one that says them once (term frequency, capped)", async () => {
    // The same distinct words (the same length to BM25): binary term frequency ties them, and the earlier turn came first.
    const id = await storedMeeting(owner.id, "Gizmo review", [
      ["Ana", 0, "The gizmo needs paint."],
      ["Ben", 5, "Gizmo, gizmo, the gizmo needs paint."],
    ]);
    const r = await owner.c.get(`/api/search?q=gizmo&meetingId=${id}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.results[0].moments.filter((m: any) => m.kind === "turn").map((m: any) => m.turnIndex)).toEqual([1, 0]);
    const rows = (tfCap: number) =>
      t.ctx.database.db.transaction(async (tx) =>
        searchPassages(
          tx,
          owner.id,
          await configQueries(tx, parseQuery("gizmo."), TYPO_SIMILARITY),
          { meetingId: id },
          { limit: 10, offset: 0, moments: 10, sort: "relevance" },
          { ...RANKING, tfCap },
        ),
      );
    const turns = async (tfCap: number) => (await rows(tfCap)).filter((x) => x.kind === "turn");
    expect((await turns(1)).map((x) => x.position)).toEqual([0, 1]);
    expect((await turns(3)).map((x) => x.position)).toEqual([1, 0]);
  });

  it("counts a prefix's passages as every lexeme starting with it, through the trigram index (speed, fourth round)", async () => {
    await storedMeeting(owner.id, "Zebu farm", [
      ["Ana", 0, "Zebrafish and zebras."],
      ["Ben", 5, "A zebu, zebras again."],
      ["Ana", 9, "The zeal of it."],
    ]);
    const [config] = (await t.ctx.database.db.execute(sql`SELECT config::text AS c FROM search_vocabulary WHERE lexeme = 'zebu'`)).rows as {
      c: string;
    }[];
    const direct = await t.ctx.database.db.execute(
      sql`SELECT coalesce(sum(passages), 0)::int AS n FROM search_vocabulary WHERE config = ${config!.c}::regconfig AND lexeme ^@ 'zeb'`,
    );
    const terms = await lexemesOf(t.ctx.database.db, config!.c, ["zeb"], "zeb", { enabled: false, similarity: TYPO_SIMILARITY });
    expect(Number((direct.rows[0] as { n: number }).n)).toBeGreaterThanOrEqual(3);
    expect(terms[0]!.passages).toBe(Number((direct.rows[0] as { n: number }).n));
  });

  it("gives each kept passage its own text and counts, read back for the kept meetings only (speed, fourth round)", async () => {
    // Scored candidates carry no text; the kept ones fetch theirs by row address. Every meeting has
    // turns at the same positions, so text joined by anything looser would come from another meeting.
    const made: { id: string; texts: string[] }[] = [];
    for (let i = 0; i < 6; i++) {
      const texts = [
        `Quokka plan ${i}a: the quokka enclosure.`,
        `Filler ${i}b about nothing much at all.`,
        `Quokka quokka quokka ${i}c, the quokka again.`,
      ];
      made.push({
        id: await storedMeeting(owner.id, `Quokka ${i}`, [
          ["Ana", 0, texts[0]!],
          ["Ben", 5, texts[1]!],
          ["Ana", 9, texts[2]!],
        ]),
        texts,
      });
    }
    const textOf = (meetingId: string, position: number) => made.find((m) => m.id === meetingId)?.texts[position];
    const parsed = parseQuery("quokka.");
    const page = await t.ctx.database.db.transaction(async (tx) =>
      searchPassages(
        tx,
        owner.id,
        await configQueries(tx, parsed, TYPO_SIMILARITY),
        {},
        { limit: 2, offset: 0, moments: 10, sort: "relevance" },
      ),
    );
    const turns = page.filter((x) => x.kind === "turn");
    expect(new Set(turns.map((x) => x.meeting_id)).size).toBe(2);
    for (const x of turns) expect(x.headline.replace(/[\u0001\u0002]/g, "")).toBe(textOf(x.meeting_id, x.position));
    // Term frequency comes from each kept passage's own tsvector: the turn saying it four times first.
    for (const id of new Set(turns.map((x) => x.meeting_id)))
      expect(turns.filter((x) => x.meeting_id === id).map((x) => x.position)).toEqual([2, 0]);
    const answer = await t.ctx.database.db.transaction(async (tx) =>
      answerPassages(tx, owner.id, await configQueries(tx, { ...parsed, prefixWord: null }, TYPO_SIMILARITY), {}, 4, 4),
    );
    expect(answer.length).toBeGreaterThan(0);
    for (const x of answer.filter((a) => a.kind === "turn")) expect(x.body).toBe(textOf(x.meeting_id, x.position));
  });

  it("prefers the turns of a speaker the query names in full, in any case", async () => {
    // The same words as often (a label's words are indexed with its turns: "project" twice in each), so without the
    // preference the earlier turn comes first.
    const id = await storedMeeting(owner.id, "Casing costs", [
      ["Marketing", 0, "The project manager set the casing budget for the project."],
      ["Project Manager", 5, "The project manager set the casing budget."],
    ]);
    const first = async (q: string) =>
      (await owner.c.get(`/api/search?q=${encodeURIComponent(q)}&meetingId=${id}`)).json.results[0].moments[0].speaker;
    expect(await first("casing budget")).toBe("Marketing");
    expect(await first("project manager casing budget")).toBe("Project Manager");
    expect(await first("marketing casing budget")).toBe("Marketing");
    const turns = (speakerLabels?: string[]) =>
      t.ctx.database.db.transaction(async (tx) =>
        (
          await searchPassages(
            tx,
            owner.id,
            await configQueries(tx, parseQuery("project manager casing budget."), TYPO_SIMILARITY),
            { meetingId: id, speakerLabels },
            { limit: 10, offset: 0, moments: 10, sort: "relevance" },
          )
        ).filter((x) => x.kind === "turn"),
      );
    expect((await turns()).map((x) => x.speaker)).toEqual(["Marketing", "Project Manager"]);
    expect((await turns(speakerLabelsOf(["project", "manager", "casing", "budget"]))).map((x) => x.speaker)).toEqual([
      "Project Manager",
      "Marketing",
    ]);
    expect(speakerLabelsOf(["project", "manager", "budget"])).toEqual([
      "project",
      "project manager",
      "project manager budget",
      "manager",
      "manager budget",
      "budget",
    ]);
  });

  it("shows moments at least half a minute apart first: three turns of one exchange are one place", async () => {
    const id = await storedMeeting(owner.id, "Quokka planning", [
      ["Ana", 0, "The quokka enclosure needs a roof."],
      ["Ben", 6, "A quokka enclosure roof, yes."],
      ["Ana", 12, "Quokka roof then."],
      ["Ben", 200, "Back to the quokka food order."],
    ]);
    const moments = (r: { json: any }) => r.json.results[0].moments.filter((m: any) => m.kind === "turn").map((m: any) => m.turnIndex);
    const one = await owner.c.get(`/api/search?q=quokka&meetingId=${id}`);
    expect(moments(one)[1]).toBe(3);
    expect(moments(one)).toHaveLength(4);
    // On a results page too (3 moments a meeting): the later turn is among them.
    const page = await search(owner.c, "quokka");
    const result = page.json.results.find((x: any) => x.meetingId === id);
    expect(result.moments.map((m: any) => m.turnIndex)).toContain(3);
    expect(result.moments).toHaveLength(3);
    expect(apartInTime([1, 2, 3, 4], (n) => ({ meetingId: "m", start: [0, 10, 40, 45][n - 1]! }))).toEqual([1, 3, 2, 4]);
    expect(apartInTime([1, 2], (n) => ({ meetingId: "m", start: n === 1 ? 0 : null }))).toEqual([1, 2]);
  });

  it("puts a turn inside a discussion of the words above a short turn that names them in passing (windows of turns)", async () => {
    // Filler turns of eight lexemes each, far more than a window (400 lexemes) on either side of what matters.
    const filler = (from: number, n: number, start: number) =>
      Array.from({ length: n }, (_, i): Turn => [
        "Cy",
        start + i * 4,
        Array.from({ length: 8 }, (_, k) => `filler${from + i}x${k}`).join(" "),
      ]);
    // Ten turns of five lexemes each say "wombat" once; later a one-word turn says it alone. Alone, the shortest
    // turn scores best (same word, same idf, less length); in its window the discussion says it ten times.
    const discussion = Array.from({ length: 10 }, (_, i): Turn => [
      i % 2 ? "Ana" : "Ben",
      400 + i * 4,
      `The wombat ${["fence", "budget", "colour", "size", "shape"][i % 5]} ${i % 2 ? "looks" : "seems"} ${["fine", "odd", "big", "small", "late"][i % 5]} today.`,
    ]);
    const turns = [...filler(0, 60, 0), ...discussion, ...filler(60, 60, 500), ["Dee", 800, "Wombat?"] as Turn, ...filler(120, 60, 810)];
    const id = await storedMeeting(owner.id, "Garden plans", turns);
    const passing = 130;
    const first = (weights: typeof RANKING) =>
      t.ctx.database.db.transaction(
        async (tx) =>
          (
            await searchPassages(
              tx,
              owner.id,
              await configQueries(tx, parseQuery("wombat"), TYPO_SIMILARITY),
              { meetingId: id },
              { limit: 10, offset: 0, moments: 20, sort: "relevance" },
              weights,
            )
          ).filter((x) => x.kind === "turn")[0]!.position,
      );
    expect(await first({ ...RANKING, window: { ...RANKING.window, weight: 0 } })).toBe(passing);
    const withWindows = await first(RANKING);
    expect(withWindows).toBeGreaterThanOrEqual(60);
    expect(withWindows).toBeLessThan(70);
    // The app's search reads moments so, and ask's passages come in the same order.
    const r = await owner.c.get(`/api/search?q=wombat&meetingId=${id}`);
    expect(r.json.results[0].moments[0].turnIndex).toBe(withWindows);
    const asked = await t.ctx.database.db.transaction(async (tx) =>
      answerPassages(tx, owner.id, await configQueries(tx, parseQuery("wombat"), TYPO_SIMILARITY), { meetingId: id }, 5, 5),
    );
    expect(asked[0]!.position).toBe(withWindows);
  });

  it("marks with … where a long passage's headline starts or ends inside it, and not where it is whole (decision 038)", async () => {
    const filler = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");
    const long = `We started late. ${filler(30, "alpha")} the zanzibar budget was done actually. Let me recap. ${filler(30, "omega")} Thanks.`;
    await storedMeeting(owner.id, "Cut headline", [
      ["Ann", 0, long],
      ["Ben", 40, "The quagga forecast is ready."],
    ]);
    const cut = (await search(owner.c, "zanzibar")).json.results[0];
    const cutText = cut.headline.map((p: any) => p.text).join("");
    expect(cutText).toMatch(/^… .*zanzibar.* …$/);
    expect(cut.headline[0]).toEqual({ text: "… ", match: false });
    const whole = (await search(owner.c, "quagga")).json.results[0];
    expect(whole.headline.map((p: any) => p.text).join("")).toBe("The quagga forecast is ready.");
  });

  it("refuses an empty or overlong query with a message, and needs a session", async () => {
    const empty = await search(owner.c, "   ");
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toMatch(/Type something to search for/);
    expect((await search(owner.c, "x".repeat(201))).status).toBe(400);
    expect((await search(new TestClient(t.url), "budget")).status).toBe(401);
  });
});

describe("who finds what", () => {
  it("a guest finds words in a shared meeting but not in the owner's other meetings; a stranger's meeting never appears", async () => {
    const shared = await storedMeeting(owner.id, "Shared review", [["Ana", 12, "The pelican contract is signed."]]);
    const unshared = await storedMeeting(owner.id, "Private review", [["Ana", 3, "The pelican invoice is overdue."]]);
    const guest = await signedUp("guest", "Gus Guest");
    const stranger = await signedUp("stranger", "Stan Stranger");
    const strangers = await storedMeeting(stranger.id, "Pelican board", [["Stan", 0, "Pelican pelican pelican."]]);
    const team = (await owner.c.post(`${ORG}/create`, { name: "Search team", slug: `search-${Date.now()}` })).json;
    const inv = await owner.c.post(`${ORG}/invite-member`, { email: guest.email, role: "guest", organizationId: team.id });
    expect(inv.status, inv.text).toBe(200);
    expect((await guest.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    expect((await owner.c.put(`/api/meetings/${shared}/shares/${team.id}`)).status).toBe(200);

    const byGuest = await search(guest.c, "pelican");
    expect(ids(byGuest)).toEqual([shared]);
    expect(byGuest.json.results[0]).toMatchObject({ speaker: "Ana", start: 12, ownerName: "Olivia Owner" });
    expect(ids(await search(owner.c, "pelican")).sort()).toEqual([shared, unshared].sort());
    expect(ids(await search(stranger.c, "pelican"))).toEqual([strangers]);
    expect(ids(await search(guest.c, "invoice overdue"))).toEqual([]);
    expect(ids(await search(guest.c, "board"))).toEqual([]);

    // Unsharing takes it away again.
    expect((await owner.c.delete(`/api/meetings/${shared}/shares/${team.id}`)).status).toBe(200);
    expect(ids(await search(guest.c, "pelican"))).toEqual([]);
  });
});

describe("highlights that cannot be faked", () => {
  it("shows the marks' control characters in stored text (an imported &#1;…&#2;) as nothing, never as a match", async () => {
    const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Eve>&#1;approved&#2; the kiwi order</v>\n";
    const imported = await owner.c.importTranscript("forged.vtt", vtt, "Forged import");
    await owner.c.waitCompleted(imported);
    const stored = await storedMeeting(owner.id, "Forged stored", [["Eve", 0, "Raw \u0001approved\u0002 kiwi order too."]]);
    const r = await search(owner.c, "kiwi");
    expect(ids(r).sort()).toEqual([imported, stored].sort());
    for (const hit of r.json.results) {
      expect(marked(hit)).toEqual(["kiwi"]);
      expect(hit.headline.map((p: any) => p.text).join("")).not.toMatch(/[\u0001\u0002]/);
    }
    const fromImport = r.json.results.find((x: any) => x.meetingId === imported);
    expect(fromImport.headline.map((p: any) => p.text).join("")).toBe("approved the kiwi order");
  });
});

describe("searches that cost too much", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ SEARCH_RATE_LIMIT_BURST: "3", SEARCH_RATE_LIMIT_PER_MINUTE: "1000", SEARCH_TIMEOUT_SECONDS: "1" });
  });
  afterAll(() => limited.close());

  it("answers 429 with Retry-After past a user's burst, even for searches sent all at once; other users go on", async () => {
    const eager = new TestClient(limited.url);
    await eager.signUp(uniqueEmail("eager"));
    const answers = await Promise.all(Array.from({ length: 8 }, () => search(eager, "budget")));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.json).toEqual({
      error: { code: "RATE_LIMITED", message: expect.stringMatching(/Too many searches.*search again in \d+ seconds?/) },
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another user is not held back by the first one's searches.
    const calm = new TestClient(limited.url);
    await calm.signUp(uniqueEmail("calm"));
    expect((await search(calm, "budget")).status).toBe(200);
    // Counted per user in PostgreSQL (every web process applies it): the minute's counter too.
    const rows = await limited.ctx.database.db.execute(sql`SELECT key, count FROM request_limits WHERE key LIKE 'search%'`);
    expect(rows.rows).toEqual(expect.arrayContaining([expect.objectContaining({ key: expect.stringMatching(/^search:/), count: 3 })]));
  });

  it("counts a minute's allowance as well as the burst", () => {
    const limits = searchLimits(limited.ctx.config, "u1");
    expect(limits.map((l) => [l.key, l.max, l.windowSeconds])).toEqual([
      ["search-burst:u1", 3, 10],
      ["search:u1", 1000, 60],
    ]);
  });

  it("stops a search PostgreSQL cannot answer within SEARCH_TIMEOUT_SECONDS and says so, instead of hanging", async () => {
    const patient = new TestClient(limited.url);
    await patient.signUp(uniqueEmail("patient"));
    // Another session holds the passages table: the search waits on it until its time-out.
    const blocker = new pg.Client({ connectionString: limited.ctx.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE search_passages IN ACCESS EXCLUSIVE MODE");
      const r = await search(patient, "budget");
      expect(r.status).toBe(503);
      expect(r.json).toEqual({ error: { code: "UNAVAILABLE", message: expect.stringMatching(/took too long/) } });
      expect(r.headers.get("retry-after")).toBe("5");
      await blocker.query("ROLLBACK");
      // The time-out was the transaction's own: the pooled connection searches normally after it.
      expect((await search(patient, "budget")).status).toBe(200);
    } finally {
      await blocker.end();
    }
  });
});

describe("headlineParts", () => {
  it("splits marked text into plain and matched parts", () => {
    expect(headlineParts("a \u0001b\u0002 c")).toEqual([
      { text: "a ", match: false },
      { text: "b", match: true },
      { text: " c", match: false },
    ]);
    expect(headlineParts("")).toEqual([]);
  });
});

describe("markCuts", () => {
  const parts = (text: string) => [{ text, match: false }];
  const shown = (p: { text: string }[]) => p.map((x) => x.text).join("");
  const body = "So that was done actually. Let me recap the plan for Friday and the venue.";

  it("adds … at a cut start or end only", () => {
    const head = body.slice(0, 20);
    const tail = body.slice(-20);
    expect(shown(markCuts(parts("done actually. Let me recap"), head, tail, 20))).toBe("… done actually. Let me recap …");
    expect(shown(markCuts(parts("So that was done actually"), head, tail, 20))).toBe("So that was done actually …");
    expect(shown(markCuts(parts("plan for Friday and the venue"), head, tail, 20))).toBe("… plan for Friday and the venue");
    expect(shown(markCuts(parts(body), body, body, 200))).toBe(body);
  });

  it("keeps the matched parts as they are and puts the marks in plain parts", () => {
    const cut = markCuts(
      [
        { text: "venue", match: true },
        { text: " tomorrow", match: false },
      ],
      "Book the",
      "morning.",
    );
    expect(cut).toEqual([
      { text: "… ", match: false },
      { text: "venue", match: true },
      { text: " tomorrow", match: false },
      { text: " …", match: false },
    ]);
  });
});
