// Answers Node's HTTP parser and Fastify's router give before any route runs (a request
// line or headers over Node's 16 KiB, a path segment over the router's length, a broken
// %-escape), in the one error shape instead of theirs.
import http from "node:http";
import type { Socket } from "node:net";
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorBody, type ErrorCode } from "../core/errors";

/** A request line this long is the address's fault, not the headers'. */
const LONG_REQUEST_LINE = 8 * 1024;

function requestLineTooLong(raw: Buffer | undefined): boolean {
  if (!raw) return false;
  const end = raw.subarray(0, LONG_REQUEST_LINE + 1).indexOf("\n");
  return end === -1 ? raw.length > LONG_REQUEST_LINE : end > LONG_REQUEST_LINE;
}

function answerFor(err: ConnectionError): { status: number; code: ErrorCode; message: string } {
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return { status: 408, code: "REQUEST_TIMEOUT", message: "The request took too long to arrive. Please try again." };
  if (err.code === "HPE_HEADER_OVERFLOW")
    return requestLineTooLong(Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined)
      ? { status: 414, code: "URI_TOO_LONG", message: "The address is too long. Use a shorter link or fewer search words." }
      : {
          status: 431,
          code: "HEADERS_TOO_LARGE",
          message: "The request's headers are too large. Clear this site's cookies and sign in again.",
        };
  return { status: 400, code: "BAD_REQUEST", message: "The request could not be read. Please try again." };
}

/** Fastify's clientErrorHandler: the connection is answered and closed (as Node does). */
export function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const { status, code, message } = answerFor(err);
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

/** Fastify's frameworkErrors: router errors raised before a route is found. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    void reply
      .status(414)
      .send(errorBody("URI_TOO_LONG", "A part of this address is too long (over 100 characters). Check the link you followed."));
    return;
  }
  if (error.code === "FST_ERR_BAD_URL") {
    void reply.status(400).send(errorBody("BAD_REQUEST", "This address has a broken %-escape. Check the link you followed."));
    return;
  }
  void reply.status(error.statusCode ?? 500).send(errorBody("INTERNAL", "Something went wrong on the server. Please try again."));
}
