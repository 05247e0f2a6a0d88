// An upload from which no byte arrives for UPLOAD_IDLE_TIMEOUT_SECONDS is ended with 408 in the
// one error shape, so that a stalled client cannot hold a connection, a temp file and one of
// its upload slots for ever. The socket's own idle timer does the watching (any byte read
// resets it; no data listener, which would take the body from the multipart parser). Once the
// whole body has arrived the timer stops: checking and parsing the file is the server's time.
import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../core/errors";

export interface UploadIdleWatch {
  /** Rejects with the 408 once the upload has been idle too long; race the parts against it. */
  readonly expired: Promise<never>;
  /** The file stream being stored: destroyed with the 408 (the store then removes its temp file). */
  watch(stream: Readable): void;
  /** The request is done with (answered or failed): the socket gets its ordinary timers back. */
  stop(): void;
}

export function watchUploadIdle(request: FastifyRequest, reply: FastifyReply, idleMs: number): UploadIdleWatch {
  const raw = request.raw;
  const seconds = Math.round(idleMs / 1000);
  const error = new AppError(
    "REQUEST_TIMEOUT",
    `The upload stopped: nothing arrived for ${seconds} second${seconds === 1 ? "" : "s"}. Check the connection and upload the file again.`,
  );
  let reject: (e: AppError) => void = () => {};
  const expired = new Promise<never>((_, r) => (reject = r));
  // Nobody may be waiting on it when it fires (the file stream is destroyed instead).
  expired.catch(() => {});
  const streams: Readable[] = [];
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    raw.off("timeout", onIdle);
    raw.off("end", stop);
    raw.socket?.setTimeout(0);
  };
  function onIdle() {
    if (stopped) return;
    stop();
    // The rest of the body never comes: the connection closes after the 408.
    reply.header("connection", "close");
    for (const s of streams) s.destroy(error);
    reject(error);
  }
  // IncomingMessage.setTimeout: the socket's idle timer, reported to this request (a 'timeout'
  // listener here also keeps Node from destroying the socket before we can answer).
  raw.setTimeout(idleMs, onIdle);
  raw.once("end", stop);
  return { expired, watch: (stream) => void streams.push(stream), stop };
}
