// GET /api/meetings/{id}/export.{md,txt,srt,vtt,docx,json}: the meeting as a file named after
// its title (the PDF lives in meetings.routes.ts). Anyone who may read the meeting may export it.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentDisposition, safeFileName } from "../../export/file-name";
import { ExportError, toMarkdown, toPlainText, toSrt, toVtt } from "../../export/meeting-text";
import { requireUser } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";
import { AppError } from "../../http/errors";
import { getMeetingDetail } from "./meetings.service";

export const exportFormats = ["md", "txt", "srt", "vtt", "docx", "json"] as const;
const params = z.object({ id: z.string(), format: z.enum(exportFormats, { error: `Export as one of: ${exportFormats.join(", ")}, pdf` }) });

const contentTypes: Record<(typeof exportFormats)[number], string> = {
  md: "text/markdown; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  srt: "application/x-subrip; charset=utf-8",
  vtt: "text/vtt; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  json: "application/json; charset=utf-8",
};

export async function registerMeetingExportRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/meetings/:id/export.:format",
    {
      schema: {
        tags: ["meetings"],
        description:
          "The meeting as Markdown, plain text, SubRip or WebVTT subtitles (one cue per turn, speakers as 'Name:' / voice tags), Word, or JSON (the GET /api/meetings/{id} shape).",
        params,
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      const d = await getMeetingDetail(ctx.database.db, actor, request.params.id);
      const format = request.params.format;
      let body: string | Buffer;
      try {
        if (format === "md") body = toMarkdown(d);
        else if (format === "txt") body = toPlainText(d);
        else if (format === "srt") body = toSrt(d);
        else if (format === "vtt") body = toVtt(d);
        else if (format === "json") body = `${JSON.stringify(d, null, 2)}\n`;
        // Loaded on first use, like pdfkit: the docx package is large.
        else body = await (await import("../../export/meeting-docx")).renderMeetingDocx(d);
      } catch (e) {
        if (e instanceof ExportError) throw new AppError("CONFLICT", e.message);
        throw e;
      }
      return reply
        .header("content-type", contentTypes[format])
        .header("content-disposition", contentDisposition(safeFileName(d.title, format)))
        .header("cache-control", "private, no-store")
        .send(body);
    },
  );
}
