// A loopback OpenID Connect provider for single sign-on tests: discovery document, an
// auto-approving authorize step (as the person in `user` signs in), a token endpoint that
// returns an id_token signed RS256 with a key made here (node:crypto), userinfo and JWKS.
// The id_token carries the nonce the authorize request asked for, as a real provider does.
import crypto from "node:crypto";
import { FakeOAuth, startFakeProvider, type FakeProviderServer } from "./fake-provider";

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
  email_verified: boolean;
}

export interface FakeOidc extends FakeProviderServer {
  /** Who signs in at the next authorize. */
  user: OidcUser;
  /** Signs the next id_tokens with a key the JWKS does not publish (a forged token). */
  forgeNext: boolean;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString("base64url");

export async function startFakeOidc(clientId = "minutes-client", clientSecret = "minutes-secret"): Promise<FakeOidc> {
  const oauth = new FakeOAuth("oidc", clientId, clientSecret);
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const forger = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const kid = "fake-key-1";
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  /** code → who signed in and the nonce to put in the id_token. */
  const grants = new Map<string, { user: OidcUser; nonce: string | null }>();
  /** access token → who it belongs to (userinfo). */
  const owners = new Map<string, OidcUser>();
  let issuer = "";

  const sign = (claims: Record<string, unknown>, key: crypto.KeyObject) => {
    const head = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
    const body = b64url(JSON.stringify(claims));
    const signature = crypto.sign("sha256", Buffer.from(`${head}.${body}`), key);
    return `${head}.${body}.${b64url(signature)}`;
  };

  const fake: FakeOidc = Object.assign(
    await startFakeProvider({
      oauth,
      publicPaths: /^\/(\.well-known\/|authorize|token|jwks)/,
      routes: [
        [
          "GET",
          "/.well-known/openid-configuration",
          () => ({
            json: {
              issuer,
              authorization_endpoint: `${issuer}/authorize`,
              token_endpoint: `${issuer}/token`,
              userinfo_endpoint: `${issuer}/userinfo`,
              jwks_uri: `${issuer}/jwks`,
              response_types_supported: ["code"],
              subject_types_supported: ["public"],
              id_token_signing_alg_values_supported: ["RS256"],
              scopes_supported: ["openid", "email", "profile"],
              token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
              code_challenge_methods_supported: ["S256"],
            },
          }),
        ],
        ["GET", "/jwks", () => ({ json: { keys: [jwk] } })],
        [
          "GET",
          "/authorize",
          (r) => {
            if (r.query.get("client_id") !== clientId) return { status: 400, json: { error: "unknown client_id" } };
            if (r.query.get("response_type") !== "code") return { status: 400, json: { error: "unsupported_response_type" } };
            const redirect = r.query.get("redirect_uri")!;
            const scopes = (r.query.get("scope") ?? "").split(/[\s,]+/).filter(Boolean);
            if (!scopes.includes("openid")) return { status: 400, json: { error: "invalid_scope: openid is required" } };
            const code = oauth.newCode(redirect, r.query.get("code_challenge"), scopes);
            grants.set(code, { user: { ...fake.user }, nonce: r.query.get("nonce") });
            const back = new URL(redirect);
            back.searchParams.set("code", code);
            back.searchParams.set("state", r.query.get("state") ?? "");
            return { redirect: back.toString() };
          },
        ],
        [
          "POST",
          "/token",
          (r) => {
            const b = r.body ?? {};
            let id = b.client_id;
            let secret = b.client_secret;
            if (r.headers.authorization?.startsWith("Basic "))
              [id, secret] = Buffer.from(r.headers.authorization.slice(6), "base64").toString().split(":").map(decodeURIComponent);
            if (id !== clientId || secret !== clientSecret) return { status: 401, json: { error: "invalid_client" } };
            const grant = grants.get(b.code);
            grants.delete(b.code);
            const redeemed = oauth.redeem(b.code, b.redirect_uri, b.code_verifier);
            if ("error" in redeemed || !grant) return { status: 400, json: { error: "invalid_grant" } };
            const tokens = oauth.issue(redeemed.scopes);
            owners.set(tokens.access_token, grant.user);
            const now = Math.floor(Date.now() / 1000);
            const idToken = sign(
              {
                iss: issuer,
                aud: clientId,
                sub: grant.user.sub,
                email: grant.user.email,
                email_verified: grant.user.email_verified,
                name: grant.user.name,
                iat: now,
                exp: now + 300,
                ...(grant.nonce ? { nonce: grant.nonce } : {}),
              },
              fake.forgeNext ? forger : privateKey,
            );
            return { json: { ...tokens, token_type: "Bearer", expires_in: 3600, id_token: idToken } };
          },
        ],
        [
          "GET",
          "/userinfo",
          (r) => {
            const who = r.token ? owners.get(r.token) : undefined;
            return who ? { json: who } : { status: 401, json: { error: "invalid_token" } };
          },
        ],
      ],
    }),
    { user: { sub: "oidc-user-1", email: "sso.user@example.com", name: "Sso User", email_verified: true }, forgeNext: false },
  );
  issuer = fake.url;
  return fake;
}
