// GET /api/meetings/{id}/export.{md,txt,srt,vtt,docx,json,pdf}: the meeting as a file named
// after its title. HTTP only; the rules are in meeting-export.service.ts.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentDisposition, safeFileName } from "../../export/file-name";
import { exportFormats } from "../../export/render-export";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { MeetingExportService } from "./meeting-export.service";

const params = z.object({ id: z.string(), format: z.enum(exportFormats, { error: `Export as one of: ${exportFormats.join(", ")}` }) });

export async function registerMeetingExportRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/meetings/:id/export.:format",
    {
      schema: {
        tags: ["meetings"],
        description:
          "The meeting as Markdown, plain text, SubRip or WebVTT subtitles (one cue per turn, speakers as 'Name:' / voice tags), Word, JSON (the GET /api/meetings/{id} shape) or PDF.",
        params,
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      const file = await new MeetingExportService(ctx).exportMeeting(actor, request.params.id, request.params.format);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", contentDisposition(safeFileName(file.title, request.params.format)))
        .header("cache-control", "private, no-store")
        .send(Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
    },
  );
}
