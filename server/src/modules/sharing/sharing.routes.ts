// HTTP for sharing meetings with teams.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { meetingDetailSchema } from "../../../../contract/meetings";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { sendMeetingDetail } from "../meetings/meeting-detail";
import { SharingService } from "./sharing.service";

const tags = ["meetings"];
const shareParams = z.object({ id: z.string(), teamId: z.string() });

export async function registerSharingRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new SharingService(ctx);

  app.put(
    "/api/meetings/:id/shares/:teamId",
    { schema: { tags, params: shareParams, response: { 200: meetingDetailSchema } } },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return sendMeetingDetail(reply, await service.share(actor, request.params.id, request.params.teamId));
    },
  );

  app.delete(
    "/api/meetings/:id/shares/:teamId",
    { schema: { tags, params: shareParams, response: { 200: meetingDetailSchema } } },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return sendMeetingDetail(reply, await service.unshare(actor, request.params.id, request.params.teamId));
    },
  );
}
