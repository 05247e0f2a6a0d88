// Who may send how many requests: counters keyed by account, by user and by the real client
// address (TRUST_PROXY), kept in PostgreSQL (limits.repo.ts) so that every web process
// counts the same requests. Plain values in; a refusal is a 429 AppError that says when to
// try again.
import { randomUUID } from "node:crypto";
import type { Config } from "../config/config";
import type { Db } from "../db/client";
import { AppError } from "../core/errors";
import { LimitsRepo } from "./limits.repo";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
  /** What the user is told when this limit is reached; `wait` reads like "in 42 seconds". */
  refusal: (wait: string) => string;
}

const inTime = (seconds: number) =>
  seconds < 90 ? `in ${seconds} second${seconds === 1 ? "" : "s"}` : `in ${Math.ceil(seconds / 60)} minutes`;

/** The most one user's (or, signed out, one address's) requests to one /api/auth route in a window. */
const TOO_MANY = (wait: string) => `Too many requests. Please wait and try again ${wait}.`;

export interface AuthRequest {
  /** The path below /api/auth, e.g. "/sign-in/email". */
  path: string;
  /** The real client address (request.ip: the socket, or the client behind TRUST_PROXY). */
  ip: string;
  /** The signed-in user, when the request carries a valid session. */
  user: { id: string; emailVerified: boolean } | null;
  /** The e-mail address a sign-in or mail request names, if any. */
  email: string | null;
}

/** The limits a request to /api/auth/* counts against, most specific first. */
export function authLimits(config: Config, r: AuthRequest): Limit[] {
  const window = config.authRateLimit.windowSeconds;
  const perAttempt = config.authRateLimit.max;
  if (r.path === "/sign-in/email") {
    // Failed attempts (a success is taken back): per account and address, so that someone
    // guessing one account's password neither locks that account for others nor locks out
    // other accounts behind the same address; and per address, for guessing across accounts.
    const account = r.email ?? "-";
    return [
      {
        key: `sign-in:${account}|${r.ip}`,
        max: perAttempt,
        windowSeconds: window,
        refusal: (wait) => `Too many failed sign-ins for this account. Check the password and try again ${wait}, or reset it.`,
      },
      {
        key: `sign-in-ip:${r.ip}`,
        max: config.authRateLimit.addressMax,
        windowSeconds: window,
        refusal: (wait) => `Too many failed sign-ins from your network. Please try again ${wait}.`,
      },
    ];
  }
  if (r.path === "/sign-up/email")
    return [
      {
        key: `sign-up:${r.ip}`,
        max: perAttempt,
        windowSeconds: window,
        refusal: (wait) => `Too many new accounts from your network. Please try again ${wait}.`,
      },
    ];
  // Requests that send mail: per address, and per recipient so nobody's inbox is flooded.
  if (r.path === "/send-verification-email" || r.path === "/request-password-reset" || r.path.startsWith("/forget-password"))
    return [
      { key: `mail:${r.path}|${r.ip}`, max: perAttempt, windowSeconds: window, refusal: TOO_MANY },
      {
        key: `mail-to:${r.email ?? "-"}`,
        max: 3,
        windowSeconds: window,
        refusal: (wait) => `We have just sent mail to this address. Check the inbox (and spam folder), or try again ${wait}.`,
      },
    ];
  const who = r.user ? `user:${r.user.id}` : `ip:${r.ip}`;
  if (r.path.startsWith("/change-password") || r.path.startsWith("/change-email"))
    return [
      {
        key: `account:${r.path}|${who}`,
        max: perAttempt,
        windowSeconds: window,
        refusal: (wait) => `Too many attempts. Please try again ${wait}.`,
      },
    ];
  return [{ key: `api:${r.path}|${who}`, max: config.authRateLimit.apiMax, windowSeconds: window, refusal: TOO_MANY }];
}

/** The hourly cap on invitations one user sends (every team together). */
export function invitationLimit(config: Config, userId: string): Limit {
  const max = config.userCaps.invitationsPerHour;
  return {
    key: `invitations:${userId}`,
    max,
    windowSeconds: 3600,
    refusal: (wait) => `You have sent ${max} invitations in the last hour, the most allowed. Send more ${wait}.`,
  };
}

/**
 * Searches per user: a minute's allowance and a smaller one for any 10 s, so that a burst
 * of parallel searches (each a full-text query over every readable meeting) cannot take the
 * database from everyone else.
 */
export function searchLimits(config: Config, userId: string): Limit[] {
  const refusal = (wait: string) => `Too many searches at once. Please wait and search again ${wait}.`;
  return [
    { key: `search-burst:${userId}`, max: config.search.burst, windowSeconds: 10, refusal },
    { key: `search:${userId}`, max: config.search.perMinute, windowSeconds: 60, refusal },
  ];
}

/** 403 when e-mail verification is on and the inviter's own address is not verified. */
export function assertMayInvite(config: Config, user: { emailVerified: boolean; email: string }): void {
  if (config.requireEmailVerification && !user.emailVerified)
    throw new AppError(
      "FORBIDDEN",
      `Confirm your e-mail address before inviting people: open the link we sent to ${user.email}, or ask for a new one from the sign-in page.`,
    );
}

export class RequestLimits {
  private readonly repo: LimitsRepo;
  private hits = 0;

  constructor(db: Db) {
    this.repo = new LimitsRepo(db);
  }

  /**
   * Counts the request under each limit; the first one over its max refuses it with a 429
   * (counts already taken for it are given back). Returns an undo for a request that, once
   * answered, turns out not to count (a successful sign-in, a refused invitation).
   */
  async take(limits: Limit[]): Promise<() => Promise<void>> {
    const taken: string[] = [];
    const undo = async () => {
      for (const key of taken) await this.repo.unhit(key);
    };
    for (const limit of limits) {
      const hit = await this.repo.hit(limit.key, limit.windowSeconds);
      taken.push(limit.key);
      if (hit.count > limit.max) {
        await undo();
        throw new AppError("RATE_LIMITED", limit.refusal(inTime(hit.resetInSeconds)), { retryAfterSeconds: hit.resetInSeconds });
      }
    }
    if (++this.hits % 500 === 0) void this.repo.prune(2 * 86_400).catch(() => {});
    return undo;
  }

  /** Whether this is the first time `key` comes up in its window: for things done quietly at most once a window (a notice mail), never refused. */
  async firstInWindow(key: string, windowSeconds: number): Promise<boolean> {
    return (await this.repo.hit(key, windowSeconds)).count === 1;
  }
}

/** How often a process confirms the uploads it is receiving, and when an unconfirmed one stops counting. */
const UPLOAD_BEAT_SECONDS = 20;
const UPLOAD_STALE_SECONDS = 90;

/**
 * Uploads in flight per user, counted in the database so the cap holds across every web
 * process. Rows carry a heartbeat: those of a process that died stop counting after
 * UPLOAD_STALE_SECONDS.
 */
export class UploadSlots {
  private readonly repo: LimitsRepo;
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    db: Db,
    private readonly max: number,
  ) {
    this.repo = new LimitsRepo(db);
  }

  /** Takes one of the user's upload slots, or answers 429; call the returned function when the upload ends. */
  async acquire(userId: string): Promise<() => Promise<void>> {
    const id = randomUUID();
    if (!(await this.repo.claimUpload(id, userId, this.max, UPLOAD_STALE_SECONDS)))
      throw new AppError(
        "RATE_LIMITED",
        `You already have ${this.max} uploads in progress, the most at once. Wait for one to finish, then upload this file.`,
        { retryAfterSeconds: 30 },
      );
    this.held.add(id);
    this.timer ??= setInterval(() => void this.repo.beatUploads([...this.held]).catch(() => {}), UPLOAD_BEAT_SECONDS * 1000);
    this.timer.unref();
    return async () => {
      this.held.delete(id);
      if (this.held.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
      await this.repo.releaseUpload(id);
    };
  }
}
