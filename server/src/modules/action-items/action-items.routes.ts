// Action items of a meeting: anyone who may edit the meeting's items (owner, or a
// non-guest member of a team it is shared with). Others get 404.
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actionItemSchema, createActionItemSchema, updateActionItemSchema } from "../../../../contract/meetings";
import { actionItems } from "../../db/schema";
import { requireUser } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";
import { AppError } from "../../http/errors";
import { authorizeMeeting } from "../meetings/meeting-access";
import { toActionItem } from "../meetings/meetings.service";
import { restoreItem, softDeleteItem, visibleItemsOf } from "./action-items.service";

const tags = ["action items"];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function registerActionItemRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;

  /** The item, if the actor may edit it; a deleted one only for `restore`. */
  async function loadItem(actor: Parameters<typeof authorizeMeeting>[1], id: string, { deleted = false } = {}) {
    if (!uuid.test(id)) throw new AppError("NOT_FOUND", "Action item not found");
    const [item] = await db.select().from(actionItems).where(eq(actionItems.id, id));
    if (!item || (item.deletedAt !== null) !== deleted) throw new AppError("NOT_FOUND", "Action item not found");
    try {
      await authorizeMeeting(db, actor, item.meetingId, "edit-items");
    } catch (e) {
      if (e instanceof AppError && e.code === "NOT_FOUND") throw new AppError("NOT_FOUND", "Action item not found");
      throw e;
    }
    return item;
  }

  app.get("/api/meetings/:id/action-items", { schema: { tags, params: z.object({ id: z.string() }), response: { 200: z.object({ actionItems: z.array(actionItemSchema) }) } } }, async (request) => {
    const actor = await requireUser(ctx, request);
    const { meeting } = await authorizeMeeting(db, actor, request.params.id, "read");
    const rows = await db.select().from(actionItems).where(visibleItemsOf(meeting.id)).orderBy(asc(actionItems.position), asc(actionItems.createdAt));
    return { actionItems: rows.map(toActionItem) };
  });

  app.post(
    "/api/meetings/:id/action-items",
    { schema: { tags, params: z.object({ id: z.string() }), body: createActionItemSchema, response: { 201: actionItemSchema } } },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      const { meeting } = await authorizeMeeting(db, actor, request.params.id, "edit-items");
      const [row] = await db
        .insert(actionItems)
        .values({
          meetingId: meeting.id,
          description: request.body.description,
          assignee: request.body.assignee?.trim() || null,
          dueDate: request.body.dueDate ?? null,
          origin: "manual",
          position: sql`(select coalesce(max(position), -1) + 1 from action_items where meeting_id = ${meeting.id})`,
        })
        .returning();
      return reply.status(201).send(toActionItem(row!));
    },
  );

  app.patch("/api/action-items/:id", { schema: { tags, params: z.object({ id: z.string() }), body: updateActionItemSchema, response: { 200: actionItemSchema } } }, async (request) => {
    const actor = await requireUser(ctx, request);
    const item = await loadItem(actor, request.params.id);
    const b = request.body;
    const [row] = await db
      .update(actionItems)
      .set({
        ...(b.description !== undefined ? { description: b.description } : {}),
        ...(b.assignee !== undefined ? { assignee: b.assignee?.trim() || null } : {}),
        ...(b.dueDate !== undefined ? { dueDate: b.dueDate } : {}),
        ...(b.status !== undefined ? { status: b.status } : {}),
        // An edited item is the user's now: regenerating the summary keeps it (so does completing it).
        ...(b.description !== undefined || b.assignee !== undefined || b.dueDate !== undefined ? { origin: "manual" as const } : {}),
        updatedAt: new Date(),
      })
      .where(eq(actionItems.id, item.id))
      .returning();
    return toActionItem(row!);
  });

  app.delete(
    "/api/action-items/:id",
    {
      schema: {
        tags,
        description: "Deletes the item. It stays restorable (POST …/restore) and regenerating the summary does not bring it back.",
        params: z.object({ id: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      const item = await loadItem(actor, request.params.id);
      await softDeleteItem(db, item.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/action-items/:id/restore",
    { schema: { tags, description: "Undo a delete.", params: z.object({ id: z.string() }), response: { 200: actionItemSchema } } },
    async (request) => {
      const actor = await requireUser(ctx, request);
      const item = await loadItem(actor, request.params.id, { deleted: true });
      return toActionItem(await restoreItem(db, item.id));
    },
  );
}
