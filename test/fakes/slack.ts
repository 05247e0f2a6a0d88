// Loopback Slack: OAuth v2 (errors as HTTP 200 {"ok":false}), channels, users.lookupByEmail,
// chat.postMessage and chat.getPermalink, auth.revoke.
import { authorizeRoute, FakeOAuth, startFakeProvider, type FakeProviderServer } from "./fake-provider";

export interface FakeSlack extends FakeProviderServer {
  messages: { channel: string; text: string; ts: string }[];
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const oauth = new FakeOAuth("xoxb", "slack-client", "slack-secret");
  const messages: FakeSlack["messages"] = [];
  const server = await startFakeProvider({
    oauth,
    publicPaths: /^\/oauth\/|^\/api\/oauth\.v2\.access$/,
    routes: [
      authorizeRoute(oauth, "/oauth/v2/authorize"),
      [
        "POST",
        "/api/oauth.v2.access",
        (r) => {
          if (r.body.client_id !== oauth.clientId || r.body.client_secret !== oauth.clientSecret)
            return { json: { ok: false, error: "invalid_client_id" } };
          const grant = oauth.redeem(r.body.code, r.body.redirect_uri, undefined);
          if ("error" in grant) return { json: { ok: false, error: "invalid_code" } };
          const t = oauth.issue(grant.scopes);
          return {
            json: {
              ok: true,
              access_token: t.access_token,
              token_type: "bot",
              scope: "chat:write",
              team: { id: "T1", name: "Acme Slack" },
            },
          };
        },
      ],
      ["POST", "/api/auth.revoke", (r) => ((oauth.tokens.get(r.token!)!.revoked = true), { json: { ok: true, revoked: true } })],
      [
        "GET",
        "/api/conversations.list",
        () => ({
          json: {
            ok: true,
            channels: [
              { id: "C1", name: "releases" },
              { id: "C2", name: "general" },
            ],
          },
        }),
      ],
      [
        "GET",
        "/api/users.lookupByEmail",
        (r) => ({
          json: r.query.get("email") === "ana@example.com" ? { ok: true, user: { id: "U42" } } : { ok: false, error: "users_not_found" },
        }),
      ],
      [
        "POST",
        "/api/chat.postMessage",
        (r) => {
          const ts = `${Date.now() / 1000}`;
          messages.push({ channel: r.body.channel, text: r.body.text, ts });
          return { json: { ok: true, channel: r.body.channel, ts } };
        },
      ],
      [
        "GET",
        "/api/chat.getPermalink",
        (r) => ({
          json: {
            ok: true,
            permalink: `https://acme.slack.example/archives/${r.query.get("channel")}/p${r.query.get("message_ts")!.replace(".", "")}`,
          },
        }),
      ],
    ],
  });
  return { ...server, messages };
}
