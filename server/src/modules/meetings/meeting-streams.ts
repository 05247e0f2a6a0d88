// The meeting event streams (server-sent events) open in this process: at most
// `maxPerUser` per user, each closed as soon as its reader may no longer read the meeting.
//
// The cap is per process on purpose: what it protects (sockets, LISTEN subscribers, timers)
// is the process's own. With N web processes a user may hold N × the cap, each process still
// at most the cap; a count in the database would need a heartbeat per stream to forget
// streams of a killed process (decision 007).
import type { ServerResponse } from "node:http";
import type { MeetingStreamEnd } from "../../../../contract/meeting-events";
import type { Db } from "../../db/client";
import type { Actor } from "../../core/actor";
import { AppError } from "../../core/errors";
import { streamAccess } from "./meeting-access";
import type { MeetingEvent, MeetingEventHub } from "../../events/meeting-events";

/** How often an open stream re-checks its reader's access without an event (expiry, a missed NOTIFY). */
const RECHECK_MS = 15_000;

export interface OpenStream {
  actor: Actor;
  sessionId: string;
  meetingId: string;
  res: ServerResponse;
  /** Writes the meeting's current status. */
  sendStatus(): Promise<void>;
}

export class MeetingStreams {
  private readonly byUser = new Map<string, Set<ServerResponse>>();

  constructor(
    private readonly db: Db,
    private readonly events: MeetingEventHub,
    private readonly maxPerUser: number,
  ) {}

  /** 429 when the user already holds the most streams allowed. */
  assertRoom(userId: string): void {
    if ((this.byUser.get(userId)?.size ?? 0) >= this.maxPerUser)
      throw new AppError(
        "RATE_LIMITED",
        `You have ${this.maxPerUser} live meeting pages open, the most at once. Close some tabs; this page updates when you reload it.`,
      );
  }

  /** Follows the meeting until the client goes away, the meeting is deleted or the reader's access ends. */
  async open(stream: OpenStream): Promise<void> {
    const { actor, res } = stream;
    const mine = this.byUser.get(actor.id) ?? new Set();
    this.byUser.set(actor.id, mine);
    mine.add(res);
    let ended = false;
    const end = (event: MeetingStreamEnd) => {
      if (ended) return;
      ended = true;
      res.write(`event: ${event}\ndata: {}\n\n`);
      res.end();
    };
    /** True while the reader may still read; otherwise the stream is ended. */
    const recheck = async (): Promise<boolean> => {
      if (ended) return false;
      const access = await streamAccess(this.db, actor, stream.sessionId, stream.meetingId);
      if (access === "ok") return true;
      end(access === "deleted" ? "deleted" : "access-ended");
      return false;
    };
    const onEvent = (e: MeetingEvent) => {
      if (ended) return;
      if (e.type === "deleted" && e.meetingId === stream.meetingId) return end("deleted");
      if (e.type === "session-ended" && e.sessionId === stream.sessionId) return end("access-ended");
      if (e.type === "access-changed" && e.userId === actor.id) return void recheck().catch(() => {});
      if (e.type === "changed" && e.meetingId === stream.meetingId)
        void recheck()
          .then((ok) => (ok ? stream.sendStatus() : undefined))
          .catch(() => {});
    };
    const unsubscribe = await this.events.subscribe(onEvent);
    const timer = setInterval(() => {
      res.write(`: keep-alive\n\n`);
      void recheck().catch(() => {});
    }, RECHECK_MS);
    res.on("close", () => {
      ended = true;
      clearInterval(timer);
      unsubscribe();
      mine.delete(res);
      if (mine.size === 0) this.byUser.delete(actor.id);
    });
    // Access may have ended between the route's check and the subscription.
    if (await recheck()) await stream.sendStatus();
  }

  /** On shutdown: streams never end by themselves; EventSource reconnects to another process. */
  endAll(): void {
    for (const set of this.byUser.values()) for (const res of set) res.end();
  }
}
