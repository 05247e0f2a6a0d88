// Correcting a transcript turn by turn: the owner and team members may change a turn's text
// and speaker (times stay), each edit records who and when, and the last 20 can be undone
// newest first within the undo window (TRANSCRIPT_UNDO_HOURS); past it an edit keeps who and
// when, not the text. The history is for those who may edit (it holds removed text): guests
// get 403. The corrected turns are what search, exports and 'Regenerate summary' read.
import { isDeepStrictEqual } from "node:util";
import type { EditTurn, TranscriptEdit } from "../../../../contract/meetings";
import type { Utterance } from "../../../../contract/transcript";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { authorizeMeeting, type MeetingHead } from "./meeting-access";
import { MeetingsService } from "./meetings.service";
import type { MeetingDetailJson } from "./meeting-detail";
import { lockMeeting } from "./meetings.repo";
import { deleteEdit, expireEditText, latestEdit, listEdits, recordEdit, saveTurn, turnAt } from "./transcript-edits.repo";

function assertEditable(m: Pick<MeetingHead, "status">) {
  // The pipeline rewrites the turns while it runs; an edit then would be lost.
  if (m.status === "processing" || m.status === "uploading")
    throw new AppError("CONFLICT", "This meeting is still being processed. Edit the transcript when it is done.");
}

/** Guests read; a guest's correction is refused with what to do about it, not only that it is refused. */
export const GUEST_EDIT_REFUSAL = "Guests can read this meeting but not correct its transcript. Ask the team's owner to make you a member.";

/** The meeting, for a person who may correct its transcript (owner or team member). */
async function authorizeEdit(db: Parameters<typeof authorizeMeeting>[0], actor: Actor, id: string) {
  const found = await authorizeMeeting(db, actor, id, "read");
  if (found.access === "read") throw new AppError("FORBIDDEN", GUEST_EDIT_REFUSAL);
  return found;
}

/** The turn with the correction applied; word timings go with a changed text (they no longer match it). */
export function correctedTurn(turn: Utterance, edit: EditTurn, by: string, at: Date): Utterance {
  const text = edit.text ?? turn.text;
  const speaker = edit.speaker ?? turn.speaker;
  const { words, edited: _previous, ...rest } = turn;
  return { ...rest, speaker, text, ...(text === turn.text && words ? { words } : {}), edited: { by, at: at.toISOString() } };
}

/** Corrections to a meeting's transcript turns, their undo and history. */
export class TranscriptEditsService {
  constructor(private readonly ctx: AppContext) {}

  async editTurn(actor: Actor, id: string, index: number, edit: EditTurn): Promise<MeetingDetailJson> {
    const { db } = this.ctx.database;
    const { meeting, access } = await authorizeEdit(db, actor, id);
    assertEditable(meeting);
    const updated = await db.transaction(async (tx) => {
      const row = await lockMeeting(tx, meeting.id);
      if (!row) throw new AppError("NOT_FOUND", "Meeting not found");
      assertEditable(row);
      // Only this turn is read and written (PostgreSQL does both): an edit costs the same in any meeting.
      const { turn: before } = await turnAt(tx, row.id, index);
      if (!before) throw new AppError("NOT_FOUND", `This transcript has no turn ${index + 1}. Reload the meeting and try again.`);
      if ((edit.text ?? before.text) === before.text && (edit.speaker ?? before.speaker) === before.speaker) return row;
      const after = correctedTurn(before, edit, actor.name, new Date());
      const saved = await saveTurn(tx, row.id, index, after);
      await recordEdit(tx, { meetingId: row.id, turnIndex: index, before, after, editorId: actor.id });
      return saved;
    });
    return new MeetingsService(this.ctx).detailOf(actor, updated, access);
  }

  /** Reverts the newest edit, if it is within the undo window and the turn still reads as that edit left it. */
  async undoLastEdit(actor: Actor, id: string, undoHours: number): Promise<MeetingDetailJson> {
    const { db } = this.ctx.database;
    const { meeting, access } = await authorizeEdit(db, actor, id);
    assertEditable(meeting);
    const updated = await db.transaction(async (tx) => {
      const row = await lockMeeting(tx, meeting.id);
      if (!row) throw new AppError("NOT_FOUND", "Meeting not found");
      await expireEditText(tx, undoHours, row.id);
      const edit = await latestEdit(tx, row.id);
      if (!edit) throw new AppError("CONFLICT", "There is no transcript edit to undo.");
      if (!edit.before || !edit.after)
        throw new AppError(
          "CONFLICT",
          `The last transcript edit is more than ${hours(undoHours)} old, and edits can be undone for ${hours(undoHours)} only. Correct the turn by hand instead.`,
        );
      const { before, after } = edit;
      if (!isDeepStrictEqual((await turnAt(tx, row.id, edit.turnIndex)).turn, after)) {
        // Renamed speakers or a new transcript since: restoring the old turn would undo that too.
        await deleteEdit(tx, edit.id);
        throw new AppError(
          "CONFLICT",
          `Turn ${edit.turnIndex + 1} has changed since that edit, so it cannot be undone. Correct it by hand instead.`,
        );
      }
      const saved = await saveTurn(tx, row.id, edit.turnIndex, before);
      await deleteEdit(tx, edit.id);
      return saved;
    });
    return new MeetingsService(this.ctx).detailOf(actor, updated, access);
  }

  /** The meeting's edits, newest first; only for those who may edit (guests: 403, others: 404). */
  async transcriptEdits(actor: Actor, id: string, undoHours: number): Promise<TranscriptEdit[]> {
    const { db } = this.ctx.database;
    const { meeting } = await authorizeMeeting(db, actor, id, "edit-items");
    await expireEditText(db, undoHours, meeting.id);
    const rows = await listEdits(db, meeting.id);
    return rows.map((r) => ({ ...r, undoable: r.before !== null && r.after !== null, createdAt: r.createdAt.toISOString() }));
  }

  /** Drops expired edit text now and every hour; returns the stop function. */
  startEditTextSweep(undoHours: number, log: (msg: string) => void): () => void {
    const { db } = this.ctx.database;
    const sweep = () => void expireEditText(db, undoHours).catch((e) => log(`transcript edit sweep: ${String(e)}`));
    sweep();
    const timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
    return () => clearInterval(timer);
  }
}

const hours = (n: number) => `${n} hour${n === 1 ? "" : "s"}`;

/** How often every meeting's edits past the undo window lose their text (besides on each read). */
const SWEEP_MS = 60 * 60 * 1000;
