// /api/meetings/{id}/turns/*: correct a transcript turn, undo, and the edit history.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { editTurnSchema, meetingDetailSchema, transcriptEditsSchema } from "../../../../contract/meetings";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { publishMeetingEvent } from "../../events/meeting-events";
import { sendMeetingDetail } from "./meeting-detail";
import { TranscriptEditsService } from "./transcript-edits.service";

const tags = ["meetings"];
const idParams = z.object({ id: z.string() });
const turnParams = z.object({ id: z.string(), index: z.coerce.number().int().min(0).max(1_000_000) });

export async function registerTranscriptEditRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new TranscriptEditsService(ctx);
  const changed = (meetingId: string) => publishMeetingEvent(ctx.database.db, { type: "changed", meetingId });
  const undoHours = ctx.config.transcriptUndoHours;
  const stopSweep = service.startEditTextSweep(undoHours, ctx.log);
  root.addHook("onClose", async () => stopSweep());

  app.patch(
    "/api/meetings/:id/turns/:index",
    {
      schema: {
        tags,
        description: "Correct one transcript turn (0-based index): its text, its speaker or both; times are kept. Owner or team member.",
        params: turnParams,
        body: editTurnSchema,
        response: { 200: meetingDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      const detail = await service.editTurn(actor, request.params.id, request.params.index, request.body);
      await changed(detail.id);
      return sendMeetingDetail(reply, detail);
    },
  );

  app.post(
    "/api/meetings/:id/turns/undo",
    {
      schema: {
        tags,
        description: "Undo the newest transcript edit (the last 20 are kept, for TRANSCRIPT_UNDO_HOURS; default 24). Owner or team member.",
        params: idParams,
        response: { 200: meetingDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      const detail = await service.undoLastEdit(actor, request.params.id, undoHours);
      await changed(detail.id);
      return sendMeetingDetail(reply, detail);
    },
  );

  app.get(
    "/api/meetings/:id/turns/edits",
    {
      schema: {
        tags,
        description:
          "The transcript's last 20 edits, newest first; past the undo window an edit keeps who and when (before/after null, undoable false). Owner or team member; guests 403.",
        params: idParams,
        response: { 200: transcriptEditsSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return { edits: await service.transcriptEdits(actor, request.params.id, undoHours) };
    },
  );
}
