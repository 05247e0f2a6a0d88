// The common part of the loopback provider fakes: routing, an OAuth authorization server
// (auto-approving authorize, codes with PKCE, access/refresh tokens that carry the scopes
// asked for and can expire or be revoked), injected rate limits (429, or GitHub's 403s), and
// a record of every request. Each provider file adds its API.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson, startFakeServer } from "../fake-http";

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  raw: string;
  body: any;
  /** The access token the request carried (null when none or unknown). */
  token: string | null;
}
export type FakeReply = { status?: number; json?: unknown; redirect?: string; headers?: Record<string, string> } | void;
export type FakeRoute = [method: string, pattern: string, handler: (r: FakeRequest) => FakeReply | Promise<FakeReply>];

interface TokenRecord {
  expiresAt: number | null;
  revoked: boolean;
  /** The scopes granted (what authorize was asked for). */
  scopes: string[];
  /** The refresh token issued with it: revoking that one revokes this one too. */
  refreshToken: string;
}

export class FakeOAuth {
  readonly tokens = new Map<string, TokenRecord>();
  /** Live refresh tokens and the scopes they grant. */
  readonly refreshTokens = new Map<string, { scopes: string[] }>();
  /** Every token ever handed out, for the "no token in clear" checks. */
  readonly issued: string[] = [];
  private readonly codes = new Map<string, { redirectUri: string; challenge: string | null; scopes: string[] }>();
  /** Lifetime of new access tokens in seconds; null = never expire. */
  lifetime: number | null = null;
  constructor(
    readonly prefix: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  newCode(redirectUri: string, challenge: string | null, scopes: string[] = []) {
    const code = `code_${crypto.randomBytes(8).toString("hex")}`;
    this.codes.set(code, { redirectUri, challenge, scopes });
    return code;
  }
  issue(scopes: string[] = []) {
    const access = `${this.prefix}_at_${crypto.randomBytes(12).toString("hex")}`;
    const refresh = `${this.prefix}_rt_${crypto.randomBytes(12).toString("hex")}`;
    this.tokens.set(access, {
      expiresAt: this.lifetime ? Date.now() + this.lifetime * 1000 : null,
      revoked: false,
      scopes,
      refreshToken: refresh,
    });
    this.refreshTokens.set(refresh, { scopes });
    this.issued.push(access, refresh);
    return { access_token: access, refresh_token: refresh, token_type: "bearer", ...(this.lifetime ? { expires_in: this.lifetime } : {}) };
  }
  /** Checks a code grant; returns an error text, or the scopes the code grants. */
  redeem(code: string, redirectUri: string | undefined, verifier: string | undefined): { error: string } | { scopes: string[] } {
    const c = this.codes.get(code);
    this.codes.delete(code);
    if (!c) return { error: "bad_verification_code" };
    if (redirectUri !== undefined && redirectUri !== c.redirectUri) return { error: "redirect_uri_mismatch" };
    if (c.challenge && (!verifier || crypto.createHash("sha256").update(verifier).digest("base64url") !== c.challenge))
      return { error: "invalid_grant (PKCE)" };
    return { scopes: c.scopes };
  }
  refresh(token: string) {
    const r = this.refreshTokens.get(token);
    if (!r) return null;
    this.refreshTokens.delete(token);
    return this.issue(r.scopes);
  }
  valid(token: string | null) {
    const t = token ? this.tokens.get(token) : undefined;
    return !!t && !t.revoked && (t.expiresAt === null || t.expiresAt > Date.now());
  }
  /** Whether a valid access token was granted `scope`. */
  hasScope(token: string | null, scope: string) {
    return this.valid(token) && this.tokens.get(token!)!.scopes.includes(scope);
  }
  /** Revokes a refresh token and every access token issued with it; false when it is not a live refresh token. */
  revokeRefreshToken(token: string): boolean {
    if (!this.refreshTokens.delete(token)) return false;
    for (const t of this.tokens.values()) if (t.refreshToken === token) t.revoked = true;
    return true;
  }
  expireAll() {
    for (const t of this.tokens.values()) t.expiresAt = Date.now() - 1000;
  }
  revokeAll() {
    for (const t of this.tokens.values()) t.revoked = true;
    this.refreshTokens.clear();
  }
  allSecrets() {
    return [...this.issued];
  }
}

export interface FakeProviderServer {
  url: string;
  oauth: FakeOAuth;
  requests: FakeRequest[];
  /**
   * The next n API calls are refused for a rate limit: 429 with Retry-After (default), or
   * GitHub's 403s: "primary" (X-RateLimit-Remaining: 0, X-RateLimit-Reset = now + seconds) or
   * "secondary" (403 with Retry-After).
   */
  rateLimitNext(n: number, seconds: number, kind?: "429" | "primary" | "secondary"): void;
  close(): Promise<void>;
}

function compile(pattern: string) {
  const names: string[] = [];
  const re = new RegExp(`^${pattern.replace(/:(\w+)/g, (_m, n) => (names.push(n), "([^/]+)"))}$`);
  return (path: string) => {
    const m = re.exec(path);
    return m ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) : null;
  };
}

export async function startFakeProvider(opts: {
  oauth: FakeOAuth;
  routes: FakeRoute[];
  /** How this provider carries the token (default: Bearer). */
  tokenOf?: (headers: IncomingMessage["headers"]) => string | null;
  /** Paths that need no token (OAuth endpoints). */
  publicPaths: RegExp;
}): Promise<FakeProviderServer> {
  const routes = opts.routes.map(([method, pattern, handler]) => ({ method, match: compile(pattern), handler }));
  const requests: FakeRequest[] = [];
  let limited = 0;
  let retryAfter = 1;
  let limitKind: "429" | "primary" | "secondary" = "429";
  const tokenOf = opts.tokenOf ?? ((h) => /^Bearer (.+)$/i.exec(h.authorization ?? "")?.[1] ?? null);
  const server = await startFakeServer(async (req, raw, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    let body: any = raw;
    try {
      body = req.headers["content-type"]?.includes("json") ? JSON.parse(raw || "null") : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      /* raw */
    }
    const token = tokenOf(req.headers);
    for (const route of routes) {
      const params = route.method === req.method ? route.match(url.pathname) : null;
      if (!params) continue;
      const r: FakeRequest = {
        method: req.method!,
        path: url.pathname,
        params,
        query: url.searchParams,
        headers: req.headers,
        raw,
        body,
        token,
      };
      requests.push(r);
      if (!opts.publicPaths.test(url.pathname)) {
        if (limited > 0) {
          limited--;
          if (limitKind === "primary") {
            res.writeHead(403, {
              "x-ratelimit-limit": "5000",
              "x-ratelimit-remaining": "0",
              "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000) + retryAfter),
              "content-type": "application/json",
            });
            return res.end(JSON.stringify({ message: "API rate limit exceeded for user ID 4242." }));
          }
          res.writeHead(limitKind === "secondary" ? 403 : 429, { "retry-after": String(retryAfter), "content-type": "application/json" });
          return res.end(
            JSON.stringify({
              message: limitKind === "secondary" ? "You have exceeded a secondary rate limit." : "API rate limit exceeded",
            }),
          );
        }
        if (!opts.oauth.valid(token)) return sendJson(res, 401, { message: "Bad credentials" });
      }
      try {
        const reply = (await route.handler(r)) ?? {};
        if (reply.redirect) {
          res.writeHead(302, { location: reply.redirect });
          return res.end();
        }
        if (reply.json === undefined) {
          res.writeHead(reply.status ?? 204, reply.headers);
          return res.end();
        }
        res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
        return res.end(JSON.stringify(reply.json));
      } catch (e) {
        return sendJson(res, 500, { message: String(e) });
      }
    }
    sendJson(res, 404, { message: `fake: no route ${req.method} ${url.pathname}` });
  });
  return {
    url: server.url,
    oauth: opts.oauth,
    requests,
    rateLimitNext(n, seconds, kind = "429") {
      limited = n;
      retryAfter = seconds;
      limitKind = kind;
    },
    close: server.close,
  };
}

/** Auto-approving authorize step: back to redirect_uri with a code and the state. */
export function authorizeRoute(oauth: FakeOAuth, path: string): FakeRoute {
  return [
    "GET",
    path,
    (r) => {
      if (r.query.get("client_id") !== oauth.clientId) return { status: 400, json: { error: "unknown client_id" } };
      const redirect = r.query.get("redirect_uri")!;
      const scopes = (r.query.get("scope") ?? "").split(/[\s,]+/).filter(Boolean);
      const code = oauth.newCode(redirect, r.query.get("code_challenge"), scopes);
      const back = new URL(redirect);
      back.searchParams.set("code", code);
      back.searchParams.set("state", r.query.get("state") ?? "");
      return { redirect: back.toString() };
    },
  ];
}

/** A standard form-encoded token endpoint (authorization_code and refresh_token grants). */
export function tokenRoute(
  oauth: FakeOAuth,
  path: string,
  opts: { basicAuth?: boolean; extra?: () => Record<string, unknown>; errorStatus?: number } = {},
): FakeRoute {
  return [
    "POST",
    path,
    (r) => {
      const b = r.body ?? {};
      let id = b.client_id;
      let secret = b.client_secret;
      if (opts.basicAuth)
        [id, secret] = Buffer.from((r.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
          .toString()
          .split(":");
      const fail = (error: string) => ({ status: opts.errorStatus ?? 400, json: { error } });
      if (id !== oauth.clientId || secret !== oauth.clientSecret) return fail("invalid_client");
      if (b.grant_type === "refresh_token") {
        const t = oauth.refresh(b.refresh_token);
        return t ? { json: { ...t, ...opts.extra?.() } } : fail("invalid_grant");
      }
      const grant = oauth.redeem(b.code, b.redirect_uri, b.code_verifier);
      return "error" in grant ? fail(grant.error) : { json: { ...oauth.issue(grant.scopes), ...opts.extra?.() } };
    },
  ];
}

export const hmac = (alg: "sha256" | "sha1", key: string, data: string | Buffer, enc: "hex" | "base64" = "hex") =>
  crypto.createHmac(alg, key).update(data).digest(enc);

/** Posts a webhook delivery the way a provider does. */
export async function deliver(url: string, body: string, headers: Record<string, string>) {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
