// Notice mails (issue 34, item 3), each opt-in per user: a recap after a meeting is processed
// (to its owner and the linked participants, who may all read it), a reminder the day before
// an item is due and when it becomes overdue, and a weekly digest of open items (Monday).
// Reminders and digests wait for 08:00 in the user's time zone. A scheduled job runs this;
// every notice is claimed under a unique key first (sent_mails), so it goes out once across
// restarts and processes; a failed send gives the claim back for the next run.
import type { z } from "zod";
import type { MailPreferences, updateMailPreferencesSchema } from "../../../../contract/mail-notices";
import type { AppContext } from "../../context/app-context";
import type { Actor } from "../../core/actor";
import { AppError } from "../../core/errors";
import { addDays, MyActionItemsService } from "../action-items/my-action-items.service";
import { ActionItemsRepo, type ActionItemRow } from "../action-items/action-items.repo";
import type { Person } from "../../../../contract/people";
import { PeopleIndex, type LinkRow } from "../people/people-rules";
import { PeopleRepo } from "../people/people.repo";
import { namedTurnsOf } from "../people/people.service";
import { notesPlainText } from "../../export/notes-text";
import { MailNoticesRepo, type MailNoticeKind, type Recipient } from "./mail-notices.repo";

/** Meetings processed this long ago or less get a recap (a first opt-in does not mail a year of meetings). */
const RECAP_WINDOW_MS = 2 * 86_400_000;
/** Reminders and digests go out from this hour, in the user's time zone. */
const MORNING_HOUR = 8;

/** The calendar date, hour and weekday at `now` in `timeZone`. */
export function localClock(now: Date, timeZone: string): { date: string; hour: number; weekday: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
      weekday: "short",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), weekday: parts.weekday ?? "" };
}

const list = (lines: string[]) => lines.map((l) => `  • ${l}`).join("\n");

export class MailNoticesService {
  private readonly repo: MailNoticesRepo;
  constructor(private readonly ctx: AppContext) {
    this.repo = new MailNoticesRepo(ctx.database.db);
  }

  private toPreferences(row: Awaited<ReturnType<MailNoticesRepo["preferences"]>>): MailPreferences {
    return {
      recap: row?.recap ?? false,
      reminders: row?.reminders ?? false,
      digest: row?.digest ?? false,
      timeZone: row?.timeZone ?? "UTC",
    };
  }

  async preferences(actor: Actor): Promise<MailPreferences> {
    return this.toPreferences(await this.repo.preferences(actor.id));
  }

  async updatePreferences(actor: Actor, patch: z.infer<typeof updateMailPreferencesSchema>): Promise<MailPreferences> {
    return this.toPreferences(await this.repo.savePreferences(actor.id, patch));
  }

  /** One click from a mail, no sign-in: the token names the user, `kind` the notice. */
  async unsubscribe(token: string, kind: "recap" | "reminders" | "digest" | "all"): Promise<void> {
    const off = kind === "all" ? { recap: false, reminders: false, digest: false } : { [kind]: false };
    if (!(await this.repo.unsubscribe(token, off))) throw new AppError("NOT_FOUND", "This unsubscribe link is not valid any more.");
  }

  private unsubscribeLine(r: Recipient, kind: "recap" | "reminders" | "digest"): string {
    const url = `${this.ctx.config.publicUrl}/unsubscribe?token=${encodeURIComponent(r.unsubscribeToken)}&kind=${kind}`;
    return `\n—\nYou get this because you turned it on in Minutes. Stop these mails: ${url}`;
  }

  /** Sends `text` once under `key`; false when it was sent before. */
  private async sendOnce(key: string, to: Recipient, kind: MailNoticeKind, subject: string, text: string, link: string): Promise<boolean> {
    if (!(await this.repo.claim(key, to.id, kind))) return false;
    try {
      await this.ctx.mailer.send({ to: to.email, subject, text, link });
    } catch (e) {
      await this.repo.release(key);
      throw e;
    }
    return true;
  }

  /** One run of the scheduled job; returns how many mails went out. */
  async run(now = new Date()): Promise<number> {
    return (await this.recaps(now)) + (await this.reminders(now)) + (await this.digests(now));
  }

  /**
   * Who the speakers and items of a recapped meeting are, without its turns on this thread: the
   * labels come with the meeting row; only for an item whose assignee no link or member name
   * settles does PostgreSQL read the turns that say those names (namedTurnsOf, decision 045).
   */
  private async recapIndex(
    meetingId: string,
    labels: string[],
    members: Person[],
    links: LinkRow[],
    rows: ActionItemRow[],
  ): Promise<PeopleIndex> {
    const settled = new PeopleIndex(members, links, [], labels);
    const asked = rows.filter((r) => !r.ownerSet && r.assignee?.trim() && !settled.resolveOwner(r)).map((r) => r.assignee!);
    if (!asked.length) return settled;
    try {
      const said = await namedTurnsOf(this.ctx, meetingId, asked);
      return new PeopleIndex(members, links, said.turns, said.labels);
    } catch (e) {
      // A meeting too large to search within CPU_TASK_TIMEOUT_SECONDS still gets its recap (to the
      // owner and the linked speakers); only the names said in its turns go unmatched.
      if (!(e instanceof AppError) || e.code !== "TOO_COMPLEX") throw e;
      this.ctx.log(`mail notices: recap of meeting ${meetingId} without the names said in it: ${e.message}`);
      return settled;
    }
  }

  async recaps(now: Date): Promise<number> {
    const wanting = new Map((await this.repo.optedIn("recap")).map((r) => [r.id, r]));
    if (!wanting.size) return 0;
    const people = new PeopleRepo(this.ctx.database.db);
    const items = new ActionItemsRepo(this.ctx.database.db);
    let sent = 0;
    for (const meeting of await this.repo.processedSince(new Date(now.getTime() - RECAP_WINDOW_MS))) {
      const [members, links, rows] = await Promise.all([
        people.meetingPeople(meeting.id),
        people.links(meeting.id),
        items.listByMeeting(meeting.id),
      ]);
      const index = await this.recapIndex(meeting.id, meeting.speakers, members, links, rows);
      // The owner, and every member a speaker or an item of this meeting is linked to (members may all read it).
      const linked = new Set<string>([meeting.userId]);
      for (const label of meeting.speakers) {
        const p = index.resolveName(label).person;
        if (p?.kind === "user") linked.add(p.id);
      }
      const ownerOf = new Map(rows.map((r) => [r.id, index.resolveOwner(r)]));
      for (const p of ownerOf.values()) if (p?.kind === "user") linked.add(p.id);

      const link = `${this.ctx.config.publicUrl}/meetings/${meeting.id}`;
      for (const userId of linked) {
        const to = wanting.get(userId);
        if (!to) continue;
        const mine = rows.filter((r) => {
          const p = ownerOf.get(r.id);
          return p?.kind === "user" && p.id === userId && r.status !== "completed";
        });
        const text = [
          `Hi ${to.name},`,
          "",
          `The notes of “${meeting.title}” are ready.`,
          "",
          // The notes as plain text: overview, key points, then each decision once.
          notesPlainText(meeting.notes) || "(no summary)",
          "",
          mine.length
            ? `Your action items:\n${list(mine.map((r) => `${r.description}${r.dueDate ? ` (due ${r.dueDate})` : ""}`))}`
            : "No action items for you.",
          "",
          `Open the meeting: ${link}`,
          this.unsubscribeLine(to, "recap"),
        ].join("\n");
        if (await this.sendOnce(`recap:${meeting.id}:${userId}`, to, "recap", `Recap: ${meeting.title}`, text, link)) sent++;
      }
    }
    return sent;
  }

  private async openItemsOf(to: Recipient) {
    const service = new MyActionItemsService(this.ctx);
    return (await service.list({ id: to.id, name: to.name, email: to.email }, { assignee: "me", status: "open", due: "any", order: "due" }))
      .items;
  }

  async reminders(now: Date): Promise<number> {
    let sent = 0;
    const link = `${this.ctx.config.publicUrl}/action-items`;
    for (const to of await this.repo.optedIn("reminders")) {
      const clock = localClock(now, to.timeZone);
      if (clock.hour < MORNING_HOUR) continue;
      const items = await this.openItemsOf(to);
      const tomorrow = addDays(clock.date, 1);
      for (const [kind, chosen, subject, intro] of [
        ["due-soon", items.filter((i) => i.dueDate === tomorrow), "Due tomorrow", "These action items are due tomorrow:"],
        ["overdue", items.filter((i) => i.dueDate !== null && i.dueDate < clock.date), "Overdue", "These action items are overdue:"],
      ] as const) {
        // One claim per item and due date: a later run (or process) skips the ones already mailed.
        const fresh = [];
        for (const item of chosen) if (await this.repo.claim(`${kind}:${item.id}:${item.dueDate}`, to.id, kind)) fresh.push(item);
        if (!fresh.length) continue;
        const text = [
          `Hi ${to.name},`,
          "",
          intro,
          list(fresh.map((i) => `${i.description} (due ${i.dueDate}; ${i.meeting.title})`)),
          "",
          `Your action items: ${link}`,
          this.unsubscribeLine(to, "reminders"),
        ].join("\n");
        try {
          await this.ctx.mailer.send({
            to: to.email,
            subject: `${subject}: ${fresh.length === 1 ? fresh[0]!.description : `${fresh.length} action items`}`,
            text,
            link,
          });
        } catch (e) {
          for (const item of fresh) await this.repo.release(`${kind}:${item.id}:${item.dueDate}`);
          throw e;
        }
        sent++;
      }
    }
    return sent;
  }

  async digests(now: Date): Promise<number> {
    let sent = 0;
    const link = `${this.ctx.config.publicUrl}/action-items`;
    for (const to of await this.repo.optedIn("digest")) {
      const clock = localClock(now, to.timeZone);
      if (clock.weekday !== "Mon" || clock.hour < MORNING_HOUR) continue;
      const items = await this.openItemsOf(to);
      if (!items.length) continue;
      const overdue = items.filter((i) => i.dueDate !== null && i.dueDate < clock.date).length;
      const text = [
        `Hi ${to.name},`,
        "",
        `You have ${items.length} open action item${items.length === 1 ? "" : "s"}${overdue ? `, ${overdue} overdue` : ""}:`,
        list(items.map((i) => `${i.description}${i.dueDate ? ` (due ${i.dueDate})` : ""}; ${i.meeting.title}`)),
        "",
        `Your action items: ${link}`,
        this.unsubscribeLine(to, "digest"),
      ].join("\n");
      if (await this.sendOnce(`digest:${to.id}:${clock.date}`, to, "digest", `Your week: ${items.length} open action items`, text, link))
        sent++;
    }
    return sent;
  }
}
