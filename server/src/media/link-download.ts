import { lookup as dnsLookup } from "node:dns/promises";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { basename } from "node:path";
import ipaddr from "ipaddr.js";
import { AppError } from "../core/errors";
import { directDownloadUrl, meetingPlatformAdvice, meetingPlatformOf, type StorageProvider } from "./share-links";

export type LinkErrorCode =
  | "INVALID_URL"
  | "UNSUPPORTED_PROTOCOL"
  | "BLOCKED_ADDRESS"
  | "HOST_NOT_FOUND"
  | "CONNECTION_FAILED"
  | "HTTP_ERROR"
  | "TOO_MANY_REDIRECTS"
  | "WEB_PAGE"
  | "TOO_LARGE"
  | "EMPTY"
  | "TIMEOUT"
  | "OFFLINE";

/** A link download failure with a message the user can act on (safe to show as-is). */
export class LinkError extends AppError {
  declare readonly code: LinkErrorCode;
  /** The HTTP status the link's server answered, for HTTP_ERROR. */
  readonly httpStatus?: number;
  constructor(code: LinkErrorCode, message: string, httpStatus?: number) {
    // The server's 5xx may pass; its 4xx will not.
    super(code, message, code === "HTTP_ERROR" ? { retryable: (httpStatus ?? 0) >= 500 } : {});
    this.name = "LinkError";
    this.httpStatus = httpStatus;
  }
}

export interface DownloadOptions {
  maxBytes: number;
  /** Limit for the whole download, redirects and DNS included. */
  timeoutMs: number;
  /** Test-only escape hatch for loopback servers; always false in the app. */
  allowPrivateAddresses: boolean;
  signal?: AbortSignal;
  onProgress?: (bytes: number, total: number | null) => void;
  /**
   * Test seam: addresses exempted from the public-address rule (e.g. the test
   * server's own loopback address), so redirect checks can be exercised with
   * allowPrivateAddresses off. The app never sets it.
   */
  trustAddress?: (ip: string) => boolean;
  /** Test seam: the DNS lookup (all addresses of a host); the app uses the system resolver. */
  lookup?: Lookup;
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Names any machine on the internet can look up; none resolving means no DNS, no internet. */
const WELL_KNOWN_HOSTS = ["example.com", "www.wikipedia.org"];

/** Whether this machine can look up public names at all (asked only after a lookup failed). */
async function canResolvePublicNames(lookup: Lookup): Promise<boolean> {
  const answers = await Promise.all(
    WELL_KNOWN_HOSTS.map((h) =>
      lookup(h).then(
        (a) => a.length > 0,
        () => false,
      ),
    ),
  );
  return answers.some(Boolean);
}

function offlineError(): LinkError {
  return new LinkError(
    "OFFLINE",
    `This server cannot reach the internet (it cannot look up any web address), so it cannot download links. Download the recording on your computer and upload the file instead.`,
  );
}

export interface DownloadResult {
  bytes: number;
  /** Media type without parameters, lower-cased, or null when the server sent none. */
  contentType: string | null;
  fileName: string;
}

const MAX_REDIRECTS = 5;
const WEB_PAGE_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const FALLBACK_ADVICE = "download the recording to your computer and upload the file instead";

/**
 * True only for globally routable unicast addresses. Everything ipaddr.js
 * classes otherwise (private, loopback, link-local incl. 169.254.169.254 cloud
 * metadata, CGNAT, unique-local, multicast, unspecified, reserved, NAT64/6to4/
 * Teredo tunnels that can embed an internal IPv4) is refused. IPv4-mapped IPv6
 * (::ffff:10.0.0.1) is judged as the IPv4 address it maps to.
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return false;
  const addr = ipaddr.process(bare);
  if (addr.kind() === "ipv6") {
    const v6 = addr as ipaddr.IPv6;
    // Deprecated IPv4-compatible form ::a.b.c.d (ipaddr.js calls it unicast).
    if (v6.parts.slice(0, 6).every((p) => p === 0)) return false;
  }
  return addr.range() === "unicast";
}

/** Formats bytes for messages: "3.0 GB", "100 MB". */
function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${Math.round(n / 1024 ** 2)} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}

function tooLarge(maxBytes: number, size: number | null): LinkError {
  const what = size != null ? `is ${formatBytes(size)}, which is` : "is";
  return new LinkError(
    "TOO_LARGE",
    `The recording at this link ${what} over the ${formatBytes(maxBytes)} limit. Compress or trim it, then upload the smaller file or give a link to it.`,
  );
}

interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Resolves the host and checks every address it resolves to; returns the one to connect to. */
export async function resolvePublicTarget(
  url: URL,
  opts: Pick<DownloadOptions, "allowPrivateAddresses" | "trustAddress" | "lookup">,
): Promise<Target> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new LinkError(
      "UNSUPPORTED_PROTOCOL",
      `Only http:// and https:// links can be downloaded, not ${url.protocol}// links. Use a web link to the recording, or ${FALLBACK_ADVICE}.`,
    );
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }];
  } else {
    try {
      addresses = await (opts.lookup ?? systemLookup)(host);
    } catch {
      addresses = [];
    }
  }
  const chosen = addresses[0];
  if (!chosen) {
    // A typo, or no internet at all: only the second is worth saying when nothing resolves.
    if (!(await canResolvePublicNames(opts.lookup ?? systemLookup))) throw offlineError();
    throw new LinkError(
      "HOST_NOT_FOUND",
      `Could not download the recording: the address ${host} could not be found. Check the link for typos, or ${FALLBACK_ADVICE}.`,
    );
  }
  if (!opts.allowPrivateAddresses) {
    const allowed = (ip: string) => opts.trustAddress?.(ip) === true || isPublicAddress(ip);
    // One internal address is enough to refuse: the host could be steered to it.
    const bad = addresses.find((a) => !allowed(a.address));
    if (bad) {
      throw new LinkError(
        "BLOCKED_ADDRESS",
        `This link points to a private or internal network address (${host}), which the server is not allowed to download from. Use a public link to the recording, or ${FALLBACK_ADVICE}.`,
      );
    }
  }
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

/**
 * What can be known about a link before anything is downloaded: it parses, it is http(s),
 * its host resolves and every address is one the server may reach. Rejects with a LinkError.
 * The download checks all of it again (DNS can change, redirects can point elsewhere).
 */
export async function checkLink(url: string, opts: Pick<DownloadOptions, "allowPrivateAddresses" | "lookup">): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new LinkError("INVALID_URL", "This is not a valid link. Enter a full link starting with http:// or https://.");
  }
  await resolvePublicTarget(whatToFetch(parsed).url, opts);
}

/**
 * What a link's download fetches: a storage service's share link as its direct-download form;
 * a meeting platform's page is refused with the steps to download the recording and upload it.
 */
export function whatToFetch(url: URL): { url: URL; provider: StorageProvider | null } {
  const platform = meetingPlatformOf(url);
  if (platform) throw new LinkError("WEB_PAGE", meetingPlatformAdvice(platform));
  const direct = directDownloadUrl(url);
  return direct ?? { url, provider: null };
}

/** A lookup that always answers with the address already checked, so DNS cannot be re-asked (rebinding). */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as LookupFunction;
}

function fileNameFrom(res: http.IncomingMessage, url: URL): string {
  const cd = res.headers["content-disposition"] ?? "";
  let name: string | null = null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(cd);
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(cd);
  try {
    if (star?.[1]) name = decodeURIComponent(star[1].trim());
  } catch {
    name = null;
  }
  if (!name && plain?.[1]) name = plain[1].trim();
  if (!name) {
    const last = url.pathname.split("/").filter(Boolean).pop() ?? "";
    try {
      name = decodeURIComponent(last);
    } catch {
      name = last;
    }
  }
  // Never trust a remote name as a path.
  const safe = basename(name.replace(/\\/g, "/"))
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return safe && safe !== "." && safe !== ".." ? safe : "recording";
}

function statusMessage(status: number, host: string): string {
  const reason = http.STATUS_CODES[status];
  const shown = `HTTP ${status}${reason ? ` ${reason}` : ""}`;
  if (status === 401 || status === 403) {
    return `Could not download the recording from ${host} (${shown}): the link needs a sign-in or permission. Share the recording publicly or ${FALLBACK_ADVICE}.`;
  }
  if (status === 404 || status === 410) {
    return `Could not download the recording from ${host} (${shown}): nothing was found at this link. Check that the link is complete and still valid, or ${FALLBACK_ADVICE}.`;
  }
  if (status >= 500) {
    return `Could not download the recording from ${host} (${shown}): the other server had a problem. Try again later, or ${FALLBACK_ADVICE}.`;
  }
  return `Could not download the recording from ${host} (${shown}). Check the link, or ${FALLBACK_ADVICE}.`;
}

function webPageError(provider: StorageProvider | null): LinkError {
  if (provider) {
    return new LinkError(
      "WEB_PAGE",
      `${provider} answered with a web page, not the file: the recording is probably not shared with 'Anyone with the link'. Change its sharing to that and try again, or download it and upload the file instead.`,
    );
  }
  return new LinkError(
    "WEB_PAGE",
    `This link opens a web page, not a recording file. Use a direct link to the media file (for example one ending in .mp3 or .mp4) or a Google Drive, Dropbox, OneDrive, SharePoint or Box share link, or download the recording and upload the file instead.`,
  );
}

function connectionError(err: NodeJS.ErrnoException, host: string): LinkError {
  const code = err.code ?? "";
  if (code === "ENETUNREACH" || code === "EHOSTUNREACH" || code === "EAI_AGAIN") return offlineError();
  if (code === "ECONNREFUSED") {
    return new LinkError(
      "CONNECTION_FAILED",
      `Could not download the recording: ${host} refused the connection. Check the link, or ${FALLBACK_ADVICE}.`,
    );
  }
  if (code.startsWith("ERR_TLS") || code.includes("CERT") || code === "EPROTO") {
    return new LinkError(
      "CONNECTION_FAILED",
      `Could not download the recording: the secure connection to ${host} failed (${code}). Check the link, or ${FALLBACK_ADVICE}.`,
    );
  }
  return new LinkError(
    "CONNECTION_FAILED",
    `Could not download the recording: the connection to ${host} failed${code ? ` (${code})` : ""}. Try again later, or ${FALLBACK_ADVICE}.`,
  );
}

/**
 * Downloads a user-supplied link to `destPath` without letting it reach
 * internal services (SSRF): http(s) only, every resolved address checked,
 * connection pinned to the checked address, redirects followed by hand and
 * re-checked. Writes to `${destPath}.part` and renames on success, so a failed
 * download never leaves a partial file. Rejects with a LinkError, or with the
 * caller's abort reason.
 */
export async function downloadLink(url: string, destPath: string, opts: DownloadOptions): Promise<DownloadResult> {
  let current: URL;
  try {
    current = new URL(url.trim());
  } catch {
    throw new LinkError("INVALID_URL", "This is not a valid link. Enter a full link starting with http:// or https://.");
  }
  const fetched = whatToFetch(current);
  current = fetched.url;

  const ac = new AbortController();
  const timer = setTimeout(
    () =>
      ac.abort(
        new LinkError(
          "TIMEOUT",
          `Downloading the recording took too long (over ${Math.round(opts.timeoutMs / 1000)} seconds), so it was stopped. Try again later, or ${FALLBACK_ADVICE}.`,
        ),
      ),
    opts.timeoutMs,
  );
  const onCallerAbort = () => ac.abort(opts.signal!.reason ?? new DOMException("The download was cancelled.", "AbortError"));
  if (opts.signal?.aborted) onCallerAbort();
  else opts.signal?.addEventListener("abort", onCallerAbort, { once: true });

  const partPath = `${destPath}.part`;
  try {
    for (let redirects = 0; ; redirects++) {
      if (ac.signal.aborted) throw ac.signal.reason;
      const target = await raceAbort(resolvePublicTarget(current, opts), ac.signal);
      if (ac.signal.aborted) throw ac.signal.reason;
      const res = await request(target, ac.signal);
      const status = res.statusCode ?? 0;
      const host = current.hostname;

      if ([301, 302, 303, 307, 308].includes(status)) {
        res.destroy();
        const location = res.headers.location;
        if (!location) throw new LinkError("HTTP_ERROR", statusMessage(status, host), status);
        if (redirects >= MAX_REDIRECTS) {
          throw new LinkError(
            "TOO_MANY_REDIRECTS",
            `Could not download the recording: the link redirected more than ${MAX_REDIRECTS} times. Use a direct link to the media file, or ${FALLBACK_ADVICE}.`,
          );
        }
        try {
          current = new URL(location, current);
        } catch {
          throw new LinkError(
            "HTTP_ERROR",
            `Could not download the recording: ${host} redirected to an invalid address. Use a direct link to the media file, or ${FALLBACK_ADVICE}.`,
            status,
          );
        }
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new LinkError("HTTP_ERROR", statusMessage(status, host), status);
      }

      const contentType = (res.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() || null;
      if (contentType && WEB_PAGE_TYPES.has(contentType)) {
        res.destroy();
        throw webPageError(fetched.provider);
      }
      const declared = res.headers["content-length"] != null ? Number(res.headers["content-length"]) : null;
      const total = declared != null && Number.isFinite(declared) ? declared : null;
      if (total != null && total > opts.maxBytes) {
        // Refused from the header alone: nothing of the body is read.
        res.destroy();
        throw tooLarge(opts.maxBytes, total);
      }

      const bytes = await saveBody(res, partPath, total, host, opts, ac.signal, fetched.provider);
      if (bytes === 0) {
        throw new LinkError("EMPTY", `The link returned an empty file, not a recording. Check the link, or ${FALLBACK_ADVICE}.`);
      }
      await rename(partPath, destPath);
      return { bytes, contentType, fileName: fileNameFrom(res, current) };
    }
  } catch (err) {
    await rm(partPath, { force: true });
    if (ac.signal.aborted) throw ac.signal.reason;
    throw err;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onCallerAbort);
  }
}

/** DNS lookups cannot be cancelled; stop waiting for one when the download is aborted. */
function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function request(target: Target, signal: AbortSignal): Promise<http.IncomingMessage> {
  const { url } = target;
  const lib = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      {
        protocol: url.protocol,
        host: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        // A fresh socket per request: a pooled one could carry another lookup.
        agent: false,
        lookup: pinnedLookup(target.address, target.family),
        // Identity encoding so Content-Length is the real number of bytes.
        headers: { "user-agent": "minutes-link-fetch/1.0", accept: "*/*", "accept-encoding": "identity" },
      },
      resolve,
    );
    const onAbort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("close", () => signal.removeEventListener("abort", onAbort));
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (signal.aborted) reject(signal.reason);
      else reject(connectionError(err, url.hostname));
    });
    req.end();
  });
}

function saveBody(
  res: http.IncomingMessage,
  partPath: string,
  total: number | null,
  host: string,
  opts: DownloadOptions,
  signal: AbortSignal,
  provider: StorageProvider | null,
): Promise<number> {
  const cutOff = () =>
    new LinkError(
      "CONNECTION_FAILED",
      `Could not download the recording: ${host} closed the connection before the file was complete. Try again later, or ${FALLBACK_ADVICE}.`,
    );
  return new Promise((resolve, reject) => {
    const out = createWriteStream(partPath);
    let bytes = 0;
    let first = true;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      res.destroy();
      out.destroy();
      // Wait for the file handle to close so the caller can delete the partial file.
      if (out.closed) reject(err);
      else out.once("close", () => reject(err));
    };
    const onAbort = () => fail(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    res.on("data", (chunk: Buffer) => {
      if (first) {
        first = false;
        // Servers that mislabel pages (or send no type) still must not pass as recordings.
        const head = chunk
          .subarray(0, 256)
          .toString("utf8")
          .replace(/^\uFEFF/, "")
          .trimStart()
          .toLowerCase();
        if (head.startsWith("<!doctype html") || head.startsWith("<html")) return fail(webPageError(provider));
      }
      bytes += chunk.length;
      if (bytes > opts.maxBytes) return fail(tooLarge(opts.maxBytes, null));
      if (!out.write(chunk)) {
        res.pause();
        out.once("drain", () => res.resume());
      }
      opts.onProgress?.(bytes, total);
    });
    let ended = false;
    res.on("error", () => fail(signal.aborted ? signal.reason : cutOff()));
    res.on("close", () => {
      if (!ended) fail(signal.aborted ? signal.reason : cutOff());
    });
    out.on("error", (err) => fail(err));
    res.on("end", () => {
      ended = true;
      if (settled) return;
      if (total != null && bytes < total) return fail(cutOff());
      out.end(() => {
        if (settled) return;
        settled = true;
        signal.removeEventListener("abort", onAbort);
        resolve(bytes);
      });
    });
  });
}
