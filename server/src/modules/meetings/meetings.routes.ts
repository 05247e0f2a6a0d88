// /api/meetings/*: parse, authenticate, call the service. Anything not the caller's
// answers 404, exactly like a meeting that does not exist.
import fastifyMultipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import path from "node:path";
import { z } from "zod";
import {
  createLinkMeetingSchema,
  meetingDetailSchema,
  meetingListQuerySchema,
  meetingListSchema,
  renameSpeakersSchema,
  updateMeetingSchema,
} from "../../../../contract/meetings";
import { meetings } from "../../db/schema";
import { contentDisposition, safeFileName } from "../../export/file-name";
import { requireSession, requireUser } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";
import { AppError } from "../../http/errors";
import { enqueueStep, mediaKeys, updateMeetingRow, type Step } from "../../jobs/meeting-steps";
import { authorizeMeeting } from "./meeting-access";
import { publishMeetingEvent } from "./meeting-events";
import { MeetingStreams } from "./meeting-streams";
import { createLinkMeeting } from "./meeting-link";
import { exportMeetingPdf } from "./meeting-pdf-export";
import { handleUpload } from "./meeting-upload";
import { listMeetings } from "./meeting-list.service";
import { getMeetingDetail, updateMeeting } from "./meetings.service";
import { renameSpeakers } from "./speaker-names";

const idParams = z.object({ id: z.string() });
const created = z.object({ id: z.string() });
const tags = ["meetings"];

const mediaTypes: Record<string, string> = {
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".m4a": "audio/mp4",
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".avi": "video/x-msvideo",
};

export async function registerMeetingRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, fieldSize: 10_000 },
  });

  app.get(
    "/api/meetings",
    {
      schema: {
        tags,
        description:
          "50 meetings a page, newest first by default; pass nextCursor as cursor (with the same q, status and sort) for the next page.",
        querystring: meetingListQuerySchema,
        response: { 200: meetingListSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return listMeetings(ctx.database.db, actor, request.query);
    },
  );

  app.post(
    "/api/meetings",
    {
      schema: {
        tags,
        description:
          "multipart/form-data: file (audio, video or .vtt/.srt/.txt transcript), title, nano, enhancedSummary, speakers, language, recordedAt",
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return reply.status(201).send(await handleUpload(ctx, actor, request));
    },
  );

  app.post(
    "/api/meetings/link",
    {
      schema: {
        tags,
        description: "400 when the link cannot work: not http(s), host not found, or a private/internal address.",
        body: createLinkMeetingSchema,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      return reply.status(201).send(await createLinkMeeting(ctx, actor, request.body));
    },
  );

  app.get("/api/meetings/:id", { schema: { tags, params: idParams, response: { 200: meetingDetailSchema } } }, async (request) => {
    const actor = await requireUser(ctx, request);
    return getMeetingDetail(ctx.database.db, actor, request.params.id);
  });

  app.patch(
    "/api/meetings/:id",
    { schema: { tags, params: idParams, body: updateMeetingSchema, response: { 200: meetingDetailSchema } } },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return updateMeeting(ctx.database.db, actor, request.params.id, request.body);
    },
  );

  app.patch(
    "/api/meetings/:id/speakers",
    {
      schema: {
        tags,
        description: "Rename speakers: every utterance and every action item still owned by the old label. Owner or team member.",
        params: idParams,
        body: renameSpeakersSchema,
        response: { 200: meetingDetailSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      const detail = await renameSpeakers(ctx.database.db, actor, request.params.id, request.body.names);
      // Other open pages of this meeting re-read it.
      await publishMeetingEvent(ctx.database.db, { type: "changed", meetingId: detail.id });
      return detail;
    },
  );

  app.delete("/api/meetings/:id", { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    const actor = await requireUser(ctx, request);
    const { meeting } = await authorizeMeeting(ctx.database.db, actor, request.params.id, "owner");
    // Stop a running job first, then remove the stored files and the record.
    await publishMeetingEvent(ctx.database.db, { type: "deleted", meetingId: meeting.id });
    await ctx.store.deletePrefix(`${mediaKeys(meeting).dir}/`);
    await ctx.database.db.delete(meetings).where(eq(meetings.id, meeting.id));
    return reply.status(204).send(null);
  });

  app.post("/api/meetings/:id/retry", { schema: { tags, params: idParams, response: { 200: meetingDetailSchema } } }, async (request) => {
    const actor = await requireUser(ctx, request);
    const { meeting } = await authorizeMeeting(ctx.database.db, actor, request.params.id, "owner");
    if (meeting.status !== "failed") throw new AppError("CONFLICT", "Only a meeting whose processing failed can be retried.");
    if (!meeting.errorRetryable)
      throw new AppError("CONFLICT", "Another try cannot fix this failure. Upload the recording again, or give a link that works.");
    const step: Step = meeting.transcript !== null || meeting.sourceType === "transcript_import" ? "summarize" : "prepare";
    await updateMeetingRow(ctx, meeting.id, { status: "processing", step, progress: 0, error: null, errorRetryable: true });
    await enqueueStep(ctx.queue, step, meeting);
    return getMeetingDetail(ctx.database.db, actor, meeting.id);
  });

  app.post(
    "/api/meetings/:id/summarize",
    { schema: { tags, params: idParams, response: { 200: meetingDetailSchema } } },
    async (request) => {
      const actor = await requireUser(ctx, request);
      const { meeting } = await authorizeMeeting(ctx.database.db, actor, request.params.id, "owner");
      if (meeting.status === "processing" || meeting.status === "uploading")
        throw new AppError("CONFLICT", "This meeting is still being processed.");
      if (!meeting.transcript?.trim()) throw new AppError("CONFLICT", "This meeting has no transcript to summarize yet.");
      await updateMeetingRow(ctx, meeting.id, { status: "processing", step: "summarize", progress: 90, error: null });
      await enqueueStep(ctx.queue, "summarize", meeting);
      return getMeetingDetail(ctx.database.db, actor, meeting.id);
    },
  );

  // Server-sent events: the meeting's status, step and progress whenever they change, until
  // the reader's access ends (modules/meetings/meeting-streams.ts).
  // On shutdown the streams end at once (they never finish by themselves, so a graceful stop
  // would otherwise wait its whole time-out); EventSource reconnects, to another web process.
  const streams = new MeetingStreams(ctx.database.db, ctx.events, ctx.config.userCaps.eventStreams);
  app.addHook("preClose", async () => streams.endAll());
  app.get("/api/meetings/:id/events", { schema: { tags, params: idParams } }, async (request, reply) => {
    const { actor, sessionId } = await requireSession(ctx, request);
    const { meeting } = await authorizeMeeting(ctx.database.db, actor, request.params.id, "read");
    streams.assertRoom(actor.id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    const sendStatus = async () => {
      const [m] = await ctx.database.db
        .select({
          status: meetings.status,
          step: meetings.step,
          progress: meetings.progress,
          stepDetail: meetings.stepDetail,
          error: meetings.error,
        })
        .from(meetings)
        .where(eq(meetings.id, meeting.id));
      if (m) res.write(`event: status\ndata: ${JSON.stringify(m)}\n\n`);
    };
    await streams.open({ actor, sessionId, meetingId: meeting.id, res, sendStatus });
  });

  // The recording, with HTTP range requests so the browser can seek.
  app.get("/api/meetings/:id/media", { schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = await requireUser(ctx, request);
    const { meeting } = await authorizeMeeting(ctx.database.db, actor, request.params.id, "read");
    const key = meeting.sourceType === "transcript_import" ? null : meeting.storageKey;
    const stat = key ? await ctx.store.stat(key) : null;
    if (!key || !stat) throw new AppError("NOT_FOUND", "This meeting has no recording.");
    const ext = path.extname(meeting.originalFileName ?? key).toLowerCase();
    const type = mediaTypes[ext] ?? meeting.mimeType ?? "application/octet-stream";
    reply.header("accept-ranges", "bytes").header("content-type", type).header("cache-control", "private, max-age=3600");
    const range = request.headers.range && /^bytes=(\d*)-(\d*)$/.exec(request.headers.range);
    if (range && (range[1] || range[2])) {
      let start = range[1] ? Number(range[1]) : stat.size - Number(range[2]);
      let end = range[1] && range[2] ? Number(range[2]) : stat.size - 1;
      start = Math.max(0, start);
      end = Math.min(end, stat.size - 1);
      if (start > end || start >= stat.size) {
        reply.header("content-range", `bytes */${stat.size}`);
        throw new AppError(
          "RANGE_NOT_SATISFIABLE",
          `The range ${request.headers.range} is outside the recording, which has ${stat.size} bytes. Ask for bytes 0 to ${stat.size - 1}.`,
        );
      }
      reply
        .status(206)
        .header("content-range", `bytes ${start}-${end}/${stat.size}`)
        .header("content-length", end - start + 1);
      return reply.send(await ctx.store.getStream(key, { start, end }));
    }
    reply.header("content-length", stat.size);
    return reply.send(await ctx.store.getStream(key));
  });

  app.get("/api/meetings/:id/export.pdf", { schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = await requireUser(ctx, request);
    const { title, pdf } = await exportMeetingPdf(ctx.database.db, ctx.databaseUrl, actor, request.params.id);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", contentDisposition(safeFileName(title, "pdf")))
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
}
