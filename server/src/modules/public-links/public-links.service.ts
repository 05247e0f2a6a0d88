// Public read-only links (issue 34, item 5). Only the meeting's owner creates, lists and
// revokes them. A visitor with the token sees exactly the parts chosen, nothing else of the
// instance; a revoked or expired link answers 404 at once, like one that never existed.
// Requests are counted per client address (limits/), and wrong passwords per link and address.
import { createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { z } from "zod";
import {
  publicMeetingSchema,
  type createPublicLinkSchema,
  type PublicLink,
  type PublicLinkPart,
  type PublicMeeting,
} from "../../../../contract/public-links";
import type { AppContext } from "../../context/app-context";
import type { Actor } from "../../core/actor";
import { AppError } from "../../core/errors";
import { RequestLimits, type Limit } from "../../limits/limits.service";
import { ActionItemsRepo } from "../action-items/action-items.repo";
import { authorizeMeeting } from "../meetings/meeting-access";
import { jsonTextParts } from "../meetings/meeting-detail";
import { findMeetingHead, publicTurnPieces } from "../meetings/meetings.repo";
import { PublicLinksRepo, type PublicLinkRow } from "./public-links.repo";

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;
const gone = () => new AppError("NOT_FOUND", "This link does not exist, has expired or was revoked.");

/** Visits per client address, and wrong passwords per link and address (a password is not guessed 10 times an hour). */
export function publicLinkLimits(ip: string): Limit[] {
  return [
    {
      key: `public-link:${ip}`,
      max: 120,
      windowSeconds: 60,
      refusal: (wait) => `Too many requests for shared meetings. Please try again ${wait}.`,
    },
  ];
}
export function passwordLimit(linkId: string, ip: string): Limit {
  return {
    key: `public-link-password:${linkId}|${ip}`,
    max: 10,
    windowSeconds: 3600,
    refusal: (wait) => `Too many wrong passwords. Please try again ${wait}.`,
  };
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [, salt, key] = stored.split("$");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(actual, expected);
}

/** The media address's key for a password-protected link: proves the visitor gave the password (a media element sends no headers). */
const mediaKey = (link: Pick<PublicLinkRow, "id" | "passwordHash">) =>
  createHmac("sha256", link.passwordHash ?? "")
    .update(link.id)
    .digest("base64url")
    .slice(0, 32);

export class PublicLinksService {
  private readonly repo: PublicLinksRepo;
  private readonly limits: RequestLimits;
  constructor(private readonly ctx: AppContext) {
    this.repo = new PublicLinksRepo(ctx.database.db);
    this.limits = new RequestLimits(ctx.database.db);
  }

  private toLink(row: PublicLinkRow): PublicLink {
    return {
      id: row.id,
      token: row.token,
      url: `${this.ctx.config.publicUrl}/p/${row.token}`,
      parts: row.parts,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      hasPassword: row.passwordHash !== null,
      createdAt: row.createdAt.toISOString(),
      expired: row.expiresAt !== null && row.expiresAt.getTime() <= Date.now(),
    };
  }

  async create(actor: Actor, meetingId: string, input: z.output<typeof createPublicLinkSchema>): Promise<PublicLink> {
    const { meeting } = await authorizeMeeting(this.ctx.database.db, actor, meetingId, "owner");
    const row = await this.repo.insert({
      meetingId: meeting.id,
      // 192 bits: not guessable, so the link alone is the permission.
      token: randomBytes(24).toString("base64url"),
      parts: input.parts,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      createdBy: actor.id,
    });
    return this.toLink(row);
  }

  async list(actor: Actor, meetingId: string): Promise<PublicLink[]> {
    const { meeting } = await authorizeMeeting(this.ctx.database.db, actor, meetingId, "owner");
    return (await this.repo.listByMeeting(meeting.id)).map((r) => this.toLink(r));
  }

  async revoke(actor: Actor, meetingId: string, linkId: string): Promise<void> {
    const { meeting } = await authorizeMeeting(this.ctx.database.db, actor, meetingId, "owner");
    if (!/^[0-9a-f-]{36}$/i.test(linkId) || !(await this.repo.revoke(meeting.id, linkId)))
      throw new AppError("NOT_FOUND", "Public link not found");
  }

  /** The live link for a visitor, after the address's limit and (when it has one) the password. */
  private async open(token: string, ip: string, password: string | undefined): Promise<PublicLinkRow> {
    await this.limits.take(publicLinkLimits(ip));
    const link = TOKEN_PATTERN.test(token) ? await this.repo.findLive(token) : null;
    if (!link) throw gone();
    if (link.passwordHash) {
      if (!password) throw new AppError("UNAUTHENTICATED", "This link is protected by a password.");
      const undo = await this.limits.take([passwordLimit(link.id, ip)]);
      if (!(await passwordMatches(password, link.passwordHash))) throw new AppError("UNAUTHENTICATED", "That password is not right.");
      await undo();
    }
    return link;
  }

  /**
   * What the link shows, as JSON text in parts: the turns' JSON is written by PostgreSQL in pieces
   * of 1,000 turns and put in as it comes, as the meeting's own answer is (decisions 040, 045, 052).
   */
  async view(token: string, ip: string, password: string | undefined): Promise<string[]> {
    const link = await this.open(token, ip, password);
    const meeting = await findMeetingHead(this.ctx.database.db, link.meetingId);
    if (!meeting) throw gone();
    const has = (p: PublicLinkPart) => link.parts.includes(p);
    const view: Omit<PublicMeeting, "utterances"> = {
      title: meeting.title,
      recordedAt: meeting.recordedAt.toISOString(),
      durationSeconds: meeting.durationSeconds,
      parts: link.parts,
    };
    if (has("summary")) {
      view.notes = meeting.notes ?? null;
    }
    if (has("actionItems"))
      view.actionItems = (await new ActionItemsRepo(this.ctx.database.db).listByMeeting(meeting.id)).map((i) => ({
        description: i.description,
        assignee: i.assignee,
        dueDate: i.dueDate,
        status: i.status === "completed" ? "completed" : "pending",
      }));

    if (has("recording") && meeting.sourceType !== "transcript_import" && meeting.storageKey) {
      view.mediaUrl = `/api/public/${link.token}/media${link.passwordHash ? `?k=${mediaKey(link)}` : ""}`;
      view.hasVideo = meeting.hasVideo;
    }
    const small = publicMeetingSchema.omit({ utterances: true }).parse(view);
    const head = JSON.stringify(small);
    return jsonTextParts(head, has("transcript") ? { utterances: await publicTurnPieces(this.ctx.database.db, meeting.id) } : {});
  }

  /** The recording, when the link shows it; a protected link's media address carries the key from view(). */
  async media(token: string, ip: string, key: string | undefined) {
    await this.limits.take(publicLinkLimits(ip));
    const link = TOKEN_PATTERN.test(token) ? await this.repo.findLive(token) : null;
    if (!link || !link.parts.includes("recording")) throw gone();
    if (link.passwordHash) {
      const expected = Buffer.from(mediaKey(link));
      const given = Buffer.from(key ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw gone();
    }
    const meeting = await findMeetingHead(this.ctx.database.db, link.meetingId);
    const storageKey = meeting && meeting.sourceType !== "transcript_import" ? meeting.storageKey : null;
    const stat = storageKey ? await this.ctx.store.stat(storageKey) : null;
    if (!meeting || !storageKey || !stat) throw new AppError("NOT_FOUND", "This meeting has no recording.");
    return { key: storageKey, size: stat.size, fileName: meeting.originalFileName ?? storageKey, mimeType: meeting.mimeType };
  }
}
