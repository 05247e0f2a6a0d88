// Slack: a message in a channel, the owner @mentioned when their e-mail is a Slack user.
// Slack answers errors with HTTP 200 and {"ok":false,"error":…}; those become ProviderErrors.
import type { AdapterDeps, ProviderAdapter } from "./provider";
import { providerFetch, ProviderError } from "./provider-http";

const statusOf: Record<string, number> = {
  invalid_auth: 401,
  token_revoked: 401,
  account_inactive: 401,
  not_authed: 401,
  token_expired: 401,
  ratelimited: 429,
};

export function createSlack({ config }: AdapterDeps): ProviderAdapter {
  const oauth = config.oauthUrl ?? "https://slack.com";
  const api = config.apiUrl ?? "https://slack.com/api";
  const clientId = config.clientId ?? "";
  const clientSecret = config.clientSecret ?? "";
  async function call(
    method: string,
    token: string | null,
    args: { form?: Record<string, string>; json?: unknown; query?: Record<string, string> } = {},
  ) {
    const qs = args.query ? `?${new URLSearchParams(args.query)}` : "";
    const r = await providerFetch("Slack", `${api}/${method}${qs}`, {
      ...(token ? { token } : {}),
      ...(args.form ? { form: args.form } : {}),
      ...(args.json ? { json: args.json } : {}),
      method: args.form || args.json ? "POST" : "GET",
    });
    if (!r?.ok) throw new ProviderError(statusOf[r?.error] ?? 400, `Slack: ${r?.error ?? "request failed"}`);
    return r;
  }

  return {
    key: "slack",
    name: "Slack",
    description: "Post action items to a channel, mentioning the owner.",
    color: "#4a154b",
    scopes: ["chat:write", "chat:write.public", "channels:read", "groups:read", "users:read", "users:read.email"],
    supportsWebhooks: false,
    usesPkce: false,
    authorizeUrl({ state, redirectUri }) {
      const u = new URL(`${oauth}/oauth/v2/authorize`);
      u.search = new URLSearchParams({ client_id: clientId, scope: this.scopes.join(","), redirect_uri: redirectUri, state }).toString();
      return u.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      const t = await call("oauth.v2.access", null, {
        form: { client_id: clientId, client_secret: clientSecret, code, redirect_uri: redirectUri },
      });
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token ?? null,
        expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
        scopes: t.scope ?? null,
        providerUserId: t.team?.id ?? null,
        accountName: t.team?.name ?? null,
      };
    },
    async refresh(refreshToken) {
      const t = await call("oauth.v2.access", null, {
        form: { client_id: clientId, client_secret: clientSecret, grant_type: "refresh_token", refresh_token: refreshToken },
      });
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token ?? refreshToken,
        expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
      };
    },
    async revoke({ accessToken }) {
      await call("auth.revoke", accessToken, { form: {} });
    },
    async destinationFields(token) {
      const r = await call("conversations.list", token, {
        query: { types: "public_channel,private_channel", exclude_archived: "true", limit: "200" },
      });
      return [
        {
          key: "channel",
          label: "Channel",
          options: (r.channels as { id: string; name: string }[]).map((c) => ({ value: c.id, label: `#${c.name}` })),
        },
      ];
    },
    async createItem(token, destination, input) {
      let owner = input.assignee;
      if (owner?.includes("@")) {
        const u = await call("users.lookupByEmail", token, { query: { email: owner } }).catch(() => null);
        if (u?.user?.id) owner = `<@${u.user.id}>`;
      }
      const lines = [
        `*Action item:* ${input.title}`,
        owner ? `*Owner:* ${owner}` : null,
        input.dueDate ? `*Due:* ${input.dueDate}` : null,
        `From <${input.meetingUrl}|${input.meetingTitle}>`,
      ];
      const text = lines.filter(Boolean).join("\n");
      const m = await call("chat.postMessage", token, { json: { channel: destination.channel, text, unfurl_links: false } });
      const link = await call("chat.getPermalink", token, { query: { channel: m.channel, message_ts: m.ts } }).catch(() => null);
      return { externalId: `${m.channel}/${m.ts}`, url: link?.permalink ?? null };
    },
  };
}
