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
  /** The file stream being stored: destroyed with the 408 (the store then removes its temp file).
   * Throws the 400 when the body has ended and the parser has already dropped this file. */
  watch(stream: Readable): void;
  /** The request is done with (answered or failed): the socket gets its ordinary timers back. */
  stop(): void;
}

/** The answer to a form that ends inside its file (the parser's "Part terminated early"). */
export function uploadCutOffError(): AppError {
  return new AppError(
    "BAD_REQUEST",
    "The upload was cut off: the form ended inside the file (no closing boundary). Upload the file again.",
  );
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
  let bodyEnded = false;
  const cutOff = uploadCutOffError();

  const stop = () => {
    if (stopped) return;
    stopped = true;
    raw.off("timeout", onIdle);
    raw.off("end", onBodyEnd);
    raw.socket?.setTimeout(0);
  };
  // A body that ends inside the file part (the HTTP request complete, the form not) got no
  // answer at all and kept its upload slot (decision 041): see watch() and multipartError.
  function onBodyEnd() {
    raw.off("timeout", onIdle);
    raw.socket?.setTimeout(0);
    bodyEnded = true;
  }
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
  raw.once("end", onBodyEnd);
  return {
    expired,
    watch(stream) {
      // @fastify/multipart destroys (without an error) a file whose form ended early: storing it
      // would wait for ever, so that is this answer at once.
      if (bodyEnded && stream.destroyed && !stream.readableEnded) throw cutOff;
      streams.push(stream);
    },
    stop,
  };
}
