// POST /api/meetings/link: a meeting whose recording the server downloads. What can be
// checked now (scheme, host resolves, address allowed) is refused at once with the reason;
// the prepare job checks it all again when it downloads.
import type { z } from "zod";
import type { createLinkMeetingSchema } from "../../../../contract/meetings";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { enqueueStep } from "../../core/jobs";
import { checkLink, LinkError } from "../../media/link-download";
import { insertMeeting } from "./meetings.repo";

/** A meeting from a link (the download job fetches the media). */
export class MeetingLinkService {
  constructor(private readonly ctx: AppContext) {}

  async createLinkMeeting(actor: Actor, body: z.infer<typeof createLinkMeetingSchema>): Promise<{ id: string }> {
    const { ctx } = this;
    try {
      await checkLink(body.url, { allowPrivateAddresses: ctx.config.allowPrivateLinks });
    } catch (e) {
      if (e instanceof LinkError) throw new AppError("VALIDATION_FAILED", e.message);
      throw e;
    }
    const now = new Date();
    const row = await insertMeeting(ctx.database.db, {
      userId: actor.id,
      title: body.title,
      status: "processing",
      step: "prepare",
      sourceType: "link",
      sourceUrl: body.url,
      nano: body.nano,
      enhancedSummary: body.enhancedSummary,
      createdAt: now,
      recordedAt: body.recordedAt ? new Date(body.recordedAt) : now,
    });
    await enqueueStep(ctx.queue, "prepare", row);
    return { id: row.id };
  }
}
