// Notion: a page in a database the user shared with the integration. Property names differ
// per database, so the user maps title (required), due date, owner and link.
import type { AdapterDeps, DestinationField, ProviderAdapter } from "./provider";
import { expiresIn, itemBody, providerFetch } from "./provider-http";

const NOTION_VERSION = "2022-06-28";
type Db = { id: string; title?: { plain_text: string }[]; properties: Record<string, { type: string }> };

export function createNotion({ config }: AdapterDeps): ProviderAdapter {
  const oauth = `${config.oauthUrl ?? "https://api.notion.com"}/v1/oauth`;
  const api = `${config.apiUrl ?? "https://api.notion.com"}/v1`;
  const clientId = config.clientId ?? "";
  const clientSecret = config.clientSecret ?? "";
  const basic = { user: clientId, password: clientSecret };
  const call = (path: string, token: string, init: { method?: string; json?: unknown } = {}) =>
    providerFetch("Notion", `${api}${path}`, { ...init, token, headers: { "notion-version": NOTION_VERSION } });

  return {
    key: "notion",
    name: "Notion",
    description: "Save action items as pages in a Notion database.",
    color: "#191919",
    scopes: [],
    supportsWebhooks: false,
    usesPkce: false,
    authorizeUrl({ state, redirectUri }) {
      const u = new URL(`${oauth}/authorize`);
      u.search = new URLSearchParams({
        client_id: clientId,
        response_type: "code",
        owner: "user",
        redirect_uri: redirectUri,
        state,
      }).toString();
      return u.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      const t = await providerFetch("Notion", `${oauth}/token`, {
        basic,
        json: { grant_type: "authorization_code", code, redirect_uri: redirectUri },
      });
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token ?? null,
        expiresAt: expiresIn(t.expires_in),
        providerUserId: t.bot_id ?? null,
        accountName: t.workspace_name ?? null,
      };
    },
    async refresh(refreshToken) {
      const t = await providerFetch("Notion", `${oauth}/token`, {
        basic,
        json: { grant_type: "refresh_token", refresh_token: refreshToken },
      });
      return { accessToken: t.access_token, refreshToken: t.refresh_token ?? refreshToken, expiresAt: expiresIn(t.expires_in) };
    },
    async destinationFields(token, chosen) {
      const r = await call("/search", token, {
        method: "POST",
        json: { filter: { property: "object", value: "database" }, page_size: 100 },
      });
      const dbs = r.results as Db[];
      const name = (d: Db) => d.title?.map((t) => t.plain_text).join("") || "Untitled";
      const fields: DestinationField[] = [
        { key: "database", label: "Database", options: dbs.map((d) => ({ value: d.id, label: name(d) })) },
      ];
      const db = dbs.find((d) => d.id === chosen.database);
      if (!db) return fields;
      const of = (type: string) =>
        Object.entries(db.properties)
          .filter(([, p]) => p.type === type)
          .map(([n]) => ({ value: n, label: n }));
      return [
        ...fields,
        { key: "titleProperty", label: "Task property", options: of("title") },
        { key: "dateProperty", label: "Due date property", options: of("date"), optional: true },
        { key: "assigneeProperty", label: "Owner property (text)", options: of("rich_text"), optional: true },
        { key: "urlProperty", label: "Meeting link property", options: of("url"), optional: true },
      ];
    },
    async createItem(token, d, input) {
      const properties: Record<string, unknown> = { [d.titleProperty ?? "Name"]: { title: [{ text: { content: input.title } }] } };
      if (d.dateProperty && input.dueDate) properties[d.dateProperty] = { date: { start: input.dueDate } };
      if (d.assigneeProperty && input.assignee) properties[d.assigneeProperty] = { rich_text: [{ text: { content: input.assignee } }] };
      if (d.urlProperty) properties[d.urlProperty] = { url: input.meetingUrl };
      const page = await call("/pages", token, {
        method: "POST",
        json: {
          parent: { database_id: d.database },
          properties,
          children: [
            { object: "block", type: "paragraph", paragraph: { rich_text: [{ type: "text", text: { content: itemBody(input) } }] } },
          ],
        },
      });
      return { externalId: page.id, url: page.url ?? null };
    },
  };
}
