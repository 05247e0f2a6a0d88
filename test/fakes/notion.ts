// Loopback Notion: OAuth with the token call in HTTP Basic + JSON, database search (with
// properties to map), and page creation with a Notion-Version header.
import crypto from "node:crypto";
import { authorizeRoute, FakeOAuth, startFakeProvider, tokenRoute, type FakeProviderServer } from "./fake-provider";

export interface FakeNotion extends FakeProviderServer {
  pages: { id: string; body: any; version: string | undefined }[];
}

export async function startFakeNotion(): Promise<FakeNotion> {
  const oauth = new FakeOAuth("ntn", "notion-client", "notion-secret");
  const pages: FakeNotion["pages"] = [];
  const server = await startFakeProvider({
    oauth,
    publicPaths: /^\/v1\/oauth\//,
    routes: [
      authorizeRoute(oauth, "/v1/oauth/authorize"),
      tokenRoute(oauth, "/v1/oauth/token", { basicAuth: true, extra: () => ({ bot_id: "bot-1", workspace_name: "Ana's Notion" }) }),
      [
        "POST",
        "/v1/search",
        () => ({
          json: {
            results: [
              {
                object: "database",
                id: "db-1",
                title: [{ plain_text: "Action items" }],
                properties: {
                  Task: { type: "title" },
                  Due: { type: "date" },
                  Owner: { type: "rich_text" },
                  Meeting: { type: "url" },
                  Done: { type: "checkbox" },
                },
              },
            ],
          },
        }),
      ],
      [
        "POST",
        "/v1/pages",
        (r) => {
          if (!r.headers["notion-version"]) return { status: 400, json: { message: "Notion-Version header missing" } };
          const id = crypto.randomUUID();
          pages.push({ id, body: r.body, version: r.headers["notion-version"] as string });
          return { json: { id, url: `https://notion.example/${id.replace(/-/g, "")}` } };
        },
      ],
    ],
  });
  return { ...server, pages };
}
