// "My action items" (GET /api/action-items?assignee=me): every item whose owner is the caller,
// across the meetings they may read. Who owns an item is people-rules.ts's one answer (the
// same one the meeting page shows): chosen on the item, else its assignee's speaker link or
// exact member name, else the linked speaker the name was said to or by.
import type { MyActionItem, MyActionItemCounts, MyActionItemsQuery } from "../../../../contract/people";
import type { Db } from "../../db/client";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { PeopleIndex } from "../people/people-rules";
import { namedTurnsOf } from "../people/people.service";
import { PeopleRepo } from "../people/people.repo";
import { ActionItemsRepo, mineCandidates, type ActionItemRow, type MineCandidate } from "./action-items.repo";
import { toActionItem } from "./action-items.service";

export const MY_ITEMS_PAGE = 100;
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** YYYY-MM-DD plus `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Mine {
  row: ActionItemRow;
  meeting: MineCandidate;
  automatic: boolean;
}

export class MyActionItemsService {
  private readonly items: ActionItemsRepo;
  private readonly people: PeopleRepo;
  private readonly db: Db;
  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
    this.items = new ActionItemsRepo(this.db);
    this.people = new PeopleRepo(this.db);
  }

  /** Every visible item the actor owns, in meetings they may read. */
  private async all(actor: Actor): Promise<Mine[]> {
    const meetings = await mineCandidates(this.db, actor.id, actor.name);
    const result: Mine[] = [];
    for (const meeting of meetings) {
      const [rows, people, links] = await Promise.all([
        this.items.listByMeeting(meeting.id),
        this.people.meetingPeople(meeting.id),
        this.people.links(meeting.id),
      ]);
      // The turns matter only for an assignee's name that no link or member name resolves: then
      // PostgreSQL reads the labels and the turns that say those names, never the whole meeting (decision 045).
      const unresolved = new PeopleIndex(people, links);
      const asked = rows.filter((r) => !r.ownerSet && r.assignee?.trim() && !unresolved.resolveOwner(r)).map((r) => r.assignee!);
      const said = asked.length ? await namedTurnsOf(this.ctx, meeting.id, asked) : null;
      const index = said ? new PeopleIndex(people, links, said.turns, said.labels) : unresolved;
      for (const row of rows) {
        const owner = index.resolveOwner(row);
        if (owner?.kind === "user" && owner.id === actor.id) result.push({ row, meeting, automatic: owner.automatic });
      }
    }
    return result;
  }

  async list(actor: Actor, query: MyActionItemsQuery): Promise<{ items: MyActionItem[]; nextCursor: string | null }> {
    if (query.cursor !== undefined && !/^\d{1,9}$/.test(query.cursor))
      throw new AppError("BAD_REQUEST", "This cursor is not one we gave out.");
    const offset = Number(query.cursor ?? 0);
    const today = query.today ?? todayUtc();
    const weekEnd = addDays(today, 6);
    const open = (m: Mine) => m.row.status !== "completed";
    const chosen = (await this.all(actor)).filter(
      (m) =>
        (query.status === "all" || (query.status === "open") === open(m)) &&
        (query.due === "any" ||
          (query.due === "overdue" && open(m) && m.row.dueDate !== null && m.row.dueDate < today) ||
          (query.due === "week" && m.row.dueDate !== null && m.row.dueDate >= today && m.row.dueDate <= weekEnd)),
    );
    const byMeeting = (a: Mine, b: Mine) =>
      b.meeting.recordedAt.getTime() - a.meeting.recordedAt.getTime() ||
      a.meeting.id.localeCompare(b.meeting.id) ||
      a.row.position - b.row.position ||
      a.row.createdAt.getTime() - b.row.createdAt.getTime();
    chosen.sort(
      query.order === "meeting" ? byMeeting : (a, b) => (a.row.dueDate ?? "9999").localeCompare(b.row.dueDate ?? "9999") || byMeeting(a, b),
    );
    const me = await this.people.userPerson(actor.id);
    const page = chosen.slice(offset, offset + MY_ITEMS_PAGE);
    return {
      items: page.map((m) => ({
        ...toActionItem(m.row),
        meeting: { id: m.meeting.id, title: m.meeting.title, recordedAt: m.meeting.recordedAt.toISOString() },
        owner: me && { ...me, automatic: m.automatic },
        editable: m.meeting.access !== "read",
      })),
      nextCursor: chosen.length > offset + MY_ITEMS_PAGE ? String(offset + MY_ITEMS_PAGE) : null,
    };
  }

  async counts(actor: Actor, today = todayUtc()): Promise<MyActionItemCounts> {
    const open = (await this.all(actor)).filter((m) => m.row.status !== "completed");
    const weekEnd = addDays(today, 6);
    return {
      open: open.length,
      overdue: open.filter((m) => m.row.dueDate !== null && m.row.dueDate < today).length,
      dueThisWeek: open.filter((m) => m.row.dueDate !== null && m.row.dueDate >= today && m.row.dueDate <= weekEnd).length,
    };
  }
}
