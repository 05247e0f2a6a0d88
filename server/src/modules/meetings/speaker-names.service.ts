// Renaming a meeting's speakers ('Speaker A' → 'Maria'): the utterances, the action items
// still owned by the old label, and the notes: each point's speaker and the label where the
// notes' text names it ("Speaker A mostly spoke about …"). The speaker list is derived from the utterances and the stored transcript
// text holds no labels, so both follow by themselves.
import type { RenameSpeakers } from "../../../../contract/meetings";
import type { MeetingNotes, NotePoint } from "../../../../contract/transcript";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { authorizeMeeting } from "./meeting-access";
import { MeetingsService } from "./meetings.service";
import { renameSpeakerLinks } from "../people/people.repo";
import { lockMeeting, renameItemAssignees, renameTurnSpeakers, turnSpeakers } from "./meetings.repo";
import type { MeetingDetailJson } from "./meeting-detail";

/** Old label → new name, without no-op entries; throws 400 for a label the meeting lacks (`speakers`: its turns' labels, trimmed). */
export function renamePlan(speakers: Iterable<string>, names: RenameSpeakers["names"]): Map<string, string> {
  const known = new Set(speakers);
  const plan = new Map<string, string>();
  for (const [label, name] of Object.entries(names)) {
    const from = label.trim();
    if (!known.has(from)) throw new AppError("BAD_REQUEST", `"${label}" is not a speaker of this meeting.`);
    if (name !== from) plan.set(from, name);
  }
  return plan;
}

/** Every whole-word occurrence of a planned label in `text` replaced at once (a swap does not chain). */
export function renameInText(text: string, plan: Map<string, string>): string {
  const labels = [...plan.keys()].sort((a, b) => b.length - a.length).map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (!labels.length) return text;
  // Not inside a longer word or number: 'Speaker 1' must not match in 'Speaker 10'.
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${labels.join("|")})(?![\\p{L}\\p{N}])`, "gu");
  return text.replace(re, (label) => plan.get(label) ?? label);
}

/** The notes with the planned labels renamed: each point's speaker, and wherever the text names one. */
export function renameInNotes(notes: MeetingNotes, plan: Map<string, string>): MeetingNotes {
  const point = (p: NotePoint): NotePoint => ({
    ...p,
    text: renameInText(p.text, plan),
    speaker: p.speaker === null ? null : (plan.get(p.speaker.trim()) ?? p.speaker),
  });
  return { overview: renameInText(notes.overview, plan), keyPoints: notes.keyPoints.map(point), decisions: notes.decisions.map(point) };
}

/** Renaming a meeting's speakers. */
export class SpeakerNamesService {
  constructor(private readonly ctx: AppContext) {}

  async renameSpeakers(actor: Actor, id: string, names: RenameSpeakers["names"]): Promise<MeetingDetailJson> {
    const { db } = this.ctx.database;
    const { meeting, access } = await authorizeMeeting(db, actor, id, "edit-items");
    // The pipeline rewrites utterances and items while it runs; a rename then would be lost.
    if (meeting.status === "processing" || meeting.status === "uploading")
      throw new AppError("CONFLICT", "This meeting is still being processed.");
    const updated = await db.transaction(async (tx) => {
      // Locked re-read: two renames at once must not undo each other.
      const row = await lockMeeting(tx, meeting.id);
      if (!row) throw new AppError("NOT_FOUND", "Meeting not found");
      // The labels and the renamed turns come from PostgreSQL: the turns never pass through this thread.
      const plan = renamePlan(await turnSpeakers(tx, row.id), names);
      if (plan.size === 0) return row;
      // One CASE update, so a swap (A→B, B→A) does not chain.
      await renameItemAssignees(tx, row.id, plan);
      // A speaker linked to a person stays linked under the new name.
      await renameSpeakerLinks(tx, row.id, plan);
      const notes = row.notes ? renameInNotes(row.notes, plan) : null;
      const saved = await renameTurnSpeakers(tx, row.id, plan, notes);
      if (!saved) throw new AppError("NOT_FOUND", "Meeting not found");
      return saved;
    });
    return new MeetingsService(this.ctx).detailOf(actor, updated, access);
  }
}
