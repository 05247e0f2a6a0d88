// HTTP for action items: parse with the contract's schemas, call the service, answer.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actionItemListSchema, actionItemSchema, createActionItemSchema, updateActionItemSchema } from "../../../../contract/meetings";
import { myActionItemCountsSchema, myActionItemsQuerySchema, myActionItemsSchema } from "../../../../contract/people";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { ActionItemsService } from "./action-items.service";
import { MyActionItemsService } from "./my-action-items.service";

const tags = ["action items"];
const idParams = z.object({ id: z.string() });

export async function registerActionItemRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new ActionItemsService(ctx);
  const mine = new MyActionItemsService(ctx);

  app.get(
    "/api/action-items",
    {
      schema: {
        tags,
        description:
          "Items assigned to me across every meeting I may read: chosen on the item, linked through the speaker, or named exactly like me. Pages of 100.",
        querystring: myActionItemsQuerySchema,
        response: { 200: myActionItemsSchema },
      },
    },
    async (request) => mine.list(await requireUser(ctx, request), request.query),
  );

  app.get(
    "/api/action-items/counts",
    {
      schema: {
        tags,
        description: "How many of my items are open, overdue, and due in the next 7 days.",
        querystring: z.object({ today: myActionItemsQuerySchema.shape.today }),
        response: { 200: myActionItemCountsSchema },
      },
    },
    async (request) => mine.counts(await requireUser(ctx, request), request.query.today),
  );

  app.get(
    "/api/meetings/:id/action-items",
    { schema: { tags, params: idParams, response: { 200: actionItemListSchema } } },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return { actionItems: await service.list(actor, request.params.id) };
    },
  );

  app.post(
    "/api/meetings/:id/action-items",
    { schema: { tags, params: idParams, body: createActionItemSchema, response: { 201: actionItemSchema } } },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return reply.status(201).send(await service.add(actor, request.params.id, request.body));
    },
  );

  app.patch(
    "/api/action-items/:id",
    {
      schema: {
        tags,
        description:
          "Changes the item. `suggested: false` accepts a possible action item (one the notes were unsure of): it then counts as an action item and regenerating keeps it; editing or completing one accepts it too. Owner and team members; guests 403.",
        params: idParams,
        body: updateActionItemSchema,
        response: { 200: actionItemSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return service.update(actor, request.params.id, request.body);
    },
  );

  app.delete(
    "/api/action-items/:id",
    {
      schema: {
        tags,
        description:
          "Deletes the item (for a possible action item: dismisses it). It stays restorable (POST …/restore) and regenerating the summary does not bring it back.",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      await service.delete(actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/action-items/:id/restore",
    { schema: { tags, description: "Undo a delete.", params: idParams, response: { 200: actionItemSchema } } },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return service.restore(actor, request.params.id);
    },
  );
}
