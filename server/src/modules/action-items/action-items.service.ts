// Action items of a meeting: anyone who may edit the meeting's items (owner, or a
// non-guest member of a team it is shared with) may add, change and delete them; readers
// may list them. Others get 404, like an item that does not exist.
import type { z } from "zod";
import type { ActionItem, createActionItemSchema, updateActionItemSchema } from "../../../../contract/meetings";
import type { Db } from "../../db/client";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { authorizeMeeting } from "../meetings/meeting-access";
import { ActionItemsRepo, type ActionItemRow } from "./action-items.repo";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toActionItem(
  r: Pick<
    ActionItemRow,
    "id" | "meetingId" | "description" | "assignee" | "dueDate" | "status" | "sourceStart" | "createdAt" | "suggested"
  >,
): ActionItem {
  return {
    id: r.id,
    meetingId: r.meetingId,
    description: r.description,
    assignee: r.assignee,
    dueDate: r.dueDate,
    status: r.status === "completed" ? "completed" : "pending",
    sourceStart: r.sourceStart,
    createdAt: r.createdAt.toISOString(),
    suggested: r.suggested,
  };
}

export class ActionItemsService {
  private readonly db: Db;
  private readonly repo: ActionItemsRepo;
  constructor(ctx: AppContext) {
    this.db = ctx.database.db;
    this.repo = new ActionItemsRepo(this.db);
  }

  async list(actor: Actor, meetingId: string): Promise<ActionItem[]> {
    const { meeting } = await authorizeMeeting(this.db, actor, meetingId, "read");
    return (await this.repo.listByMeeting(meeting.id, { withSuggested: true })).map(toActionItem);
  }

  async add(actor: Actor, meetingId: string, input: z.infer<typeof createActionItemSchema>): Promise<ActionItem> {
    const { meeting } = await authorizeMeeting(this.db, actor, meetingId, "edit-items");
    const row = await this.repo.insertManual(meeting.id, {
      description: input.description,
      assignee: input.assignee?.trim() || null,
      dueDate: input.dueDate ?? null,
    });
    return toActionItem(row);
  }

  async update(actor: Actor, id: string, patch: z.infer<typeof updateActionItemSchema>): Promise<ActionItem> {
    const item = await this.editable(actor, id);
    const edited = patch.description !== undefined || patch.assignee !== undefined || patch.dueDate !== undefined;
    // Accepting a possible item (suggested: false) makes it an action item, and a person's: regenerating keeps it.
    // Editing or completing one accepts it too: a person who works on it wants it.
    const accepted = item.suggested && (patch.suggested === false || edited || patch.status !== undefined);
    const row = await this.repo.update(item.id, {
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.assignee !== undefined ? { assignee: patch.assignee?.trim() || null } : {}),
      ...(patch.dueDate !== undefined ? { dueDate: patch.dueDate } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      // An edited item is the user's now: regenerating the summary keeps it (so does completing it).
      ...(edited || accepted ? { origin: "manual" as const } : {}),
      ...(accepted ? { suggested: false } : {}),
      // A new assignee name: the owner follows it again, not a person chosen for the old one.
      ...(patch.assignee !== undefined && (patch.assignee?.trim() || null) !== item.assignee
        ? { ownerSet: false, ownerUserId: null, ownerContactId: null }
        : {}),
    });
    return toActionItem(row);
  }

  /** Hides the item; it stays restorable and regenerating the summary does not bring it back. */
  async delete(actor: Actor, id: string): Promise<void> {
    const item = await this.editable(actor, id);
    await this.repo.softDelete(item.id);
  }

  /** Undo a delete. */
  async restore(actor: Actor, id: string): Promise<ActionItem> {
    const item = await this.editable(actor, id, { deleted: true });
    return toActionItem(await this.repo.restore(item.id));
  }

  /** The item, if the actor may edit its meeting's items (a deleted one only for restore); 404 when they may not see it. */
  async editable(actor: Actor, id: string, { deleted = false } = {}): Promise<ActionItemRow> {
    const notFound = () => new AppError("NOT_FOUND", "Action item not found");
    if (!uuid.test(id)) throw notFound();
    const item = await this.repo.find(id);
    if (!item || (item.deletedAt !== null) !== deleted) throw notFound();
    try {
      await authorizeMeeting(this.db, actor, item.meetingId, "edit-items");
    } catch (e) {
      if (e instanceof AppError && e.code === "NOT_FOUND") throw notFound();
      throw e;
    }
    return item;
  }
}
