// Loopback Microsoft identity platform + Graph To Do: authorize/token (PKCE, refresh),
// /me, lists and tasks.
import crypto from "node:crypto";
import { authorizeRoute, FakeOAuth, startFakeProvider, tokenRoute, type FakeProviderServer } from "./fake-provider";

export interface FakeMicrosoftTodo extends FakeProviderServer {
  tasks: { id: string; list: string; body: any }[];
}

export async function startFakeMicrosoftTodo(): Promise<FakeMicrosoftTodo> {
  const oauth = new FakeOAuth("EwB", "ms-client", "ms-secret");
  oauth.lifetime = 3600;
  const tasks: FakeMicrosoftTodo["tasks"] = [];
  const server = await startFakeProvider({
    oauth,
    publicPaths: /^\/common\/oauth2\//,
    routes: [
      authorizeRoute(oauth, "/common/oauth2/v2.0/authorize"),
      tokenRoute(oauth, "/common/oauth2/v2.0/token", { extra: () => ({ scope: "Tasks.ReadWrite User.Read" }) }),
      ["GET", "/v1.0/me", () => ({ json: { id: "ms-user", userPrincipalName: "ana@contoso.example", displayName: "Ana Ruiz" } })],
      [
        "GET",
        "/v1.0/me/todo/lists",
        () => ({
          json: {
            value: [
              { id: "list-1", displayName: "Tasks" },
              { id: "list-2", displayName: "Work" },
            ],
          },
        }),
      ],
      [
        "POST",
        "/v1.0/me/todo/lists/:list/tasks",
        (r) => {
          const id = crypto.randomBytes(8).toString("hex");
          tasks.push({ id, list: r.params.list!, body: r.body });
          return { status: 201, json: { id, title: r.body.title, status: "notStarted" } };
        },
      ],
    ],
  });
  return { ...server, tasks };
}
