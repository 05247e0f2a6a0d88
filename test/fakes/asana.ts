// Loopback Asana: OAuth (PKCE) with granular scopes enforced per endpoint (403 without the
// scope, as Asana answers), revocation by refresh token only ("access tokens … will be
// rejected"), workspaces/projects, tasks, and project webhooks with the X-Hook-Secret
// handshake made while the create call is in flight; `setCompleted` sends the signed
// (X-Hook-Signature) event that carries ids only.
import crypto from "node:crypto";
import {
  authorizeRoute,
  deliver,
  FakeOAuth,
  hmac,
  startFakeProvider,
  tokenRoute,
  type FakeProviderServer,
  type FakeReply,
  type FakeRequest,
} from "./fake-provider";

export interface FakeAsana extends FakeProviderServer {
  tasks: Map<string, { gid: string; name: string; notes: string; due_on?: string; completed: boolean; assignee?: string }>;
  /** The workspace's people: a task's assignee must be one of them, by e-mail or gid ("Not a recognized ID" otherwise). */
  workspaceUsers: { gid: string; name: string; email: string }[];
  /** Who the next connection signs in as (Asana's token answer names the user). */
  nextUser: { gid: string; name: string; email: string };
  hooks: Map<string, { target: string; secret: string; resource: string }>;
  setCompleted(gid: string, completed: boolean): Promise<{ status: number }[]>;
}

export async function startFakeAsana(): Promise<FakeAsana> {
  const oauth = new FakeOAuth("asana", "asana-client", "asana-secret");
  /** The route runs only when the token was granted `scope` (Asana's OAuth scopes table). */
  const scoped =
    (scope: string, handler: (r: FakeRequest) => FakeReply | Promise<FakeReply>) =>
    (r: FakeRequest): FakeReply | Promise<FakeReply> =>
      oauth.hasScope(r.token, scope)
        ? handler(r)
        : { status: 403, json: { errors: [{ message: `Forbidden: this request needs the OAuth scope ${scope}.` }] } };
  const tasks: FakeAsana["tasks"] = new Map();
  const ana = { gid: "u1", name: "Ana Ruiz", email: "ana@example.com" };
  const workspaceUsers: FakeAsana["workspaceUsers"] = [ana];
  let nextUser = ana;
  const hooks: FakeAsana["hooks"] = new Map();
  let next = 1000;
  const server = await startFakeProvider({
    oauth,
    publicPaths: /^\/-\//,
    routes: [
      authorizeRoute(oauth, "/-/oauth_authorize"),
      tokenRoute(oauth, "/-/oauth_token", { extra: () => ({ data: nextUser }) }),
      [
        "POST",
        "/-/oauth_revoke",
        (r) => {
          if (r.body.client_id !== oauth.clientId || r.body.client_secret !== oauth.clientSecret)
            return { status: 401, json: { error: "invalid_client" } };
          if (!oauth.revokeRefreshToken(r.body.token))
            return { status: 400, json: { error: "invalid_request", error_description: "token must be a refresh token" } };
        },
      ],
      ["GET", "/api/1.0/workspaces", scoped("workspaces:read", () => ({ json: { data: [{ gid: "w1", name: "Acme" }] } }))],
      [
        "GET",
        "/api/1.0/projects",
        scoped("projects:read", () => ({
          json: {
            data: [
              { gid: "p1", name: "Launch" },
              { gid: "p2", name: "Hiring" },
            ],
          },
        })),
      ],
      [
        "POST",
        "/api/1.0/tasks",
        scoped("tasks:write", (r) => {
          const d = r.body.data;
          if (d.assignee && !workspaceUsers.some((u) => u.gid === d.assignee || u.email === d.assignee))
            return { status: 400, json: { errors: [{ message: "assignee: Not a recognized ID" }] } };
          const gid = String(next++);
          tasks.set(gid, { gid, name: d.name, notes: d.notes, due_on: d.due_on, completed: false, assignee: d.assignee });
          return { status: 201, json: { data: { gid, permalink_url: `https://app.asana.example/0/p1/${gid}` } } };
        }),
      ],
      [
        "GET",
        "/api/1.0/tasks/:gid",
        scoped("tasks:read", (r) =>
          tasks.has(r.params.gid!)
            ? { json: { data: { gid: r.params.gid, completed: tasks.get(r.params.gid!)!.completed } } }
            : { status: 404, json: { errors: [{ message: "Not found" }] } },
        ),
      ],
      [
        "POST",
        "/api/1.0/webhooks",
        scoped("webhooks:write", async (r) => {
          const { target, resource } = r.body.data;
          const secret = crypto.randomBytes(16).toString("hex");
          // The handshake: the target must echo X-Hook-Secret before the webhook exists.
          const res = await fetch(target, { method: "POST", headers: { "x-hook-secret": secret } });
          if (res.status !== 200 && res.status !== 204) return { status: 400, json: { errors: [{ message: "handshake failed" }] } };
          if (res.headers.get("x-hook-secret") !== secret) return { status: 400, json: { errors: [{ message: "handshake not echoed" }] } };
          const gid = String(next++);
          hooks.set(gid, { target, secret, resource });
          return { status: 201, json: { data: { gid } } };
        }),
      ],
      [
        "DELETE",
        "/api/1.0/webhooks/:gid",
        scoped("webhooks:delete", (r) =>
          hooks.delete(r.params.gid!) ? { json: { data: {} } } : { status: 404, json: { errors: [{ message: "Not found" }] } },
        ),
      ],
    ],
  });
  return {
    ...server,
    tasks,
    hooks,
    workspaceUsers,
    get nextUser() {
      return nextUser;
    },
    set nextUser(u) {
      nextUser = u;
    },
    async setCompleted(gid, completed) {
      tasks.get(gid)!.completed = completed;
      const out = [];
      for (const hook of hooks.values()) {
        const body = JSON.stringify({
          events: [
            {
              action: "changed",
              resource: { gid, resource_type: "task" },
              change: { field: "completed" },
              created_at: new Date().toISOString(),
            },
          ],
        });
        out.push(await deliver(hook.target, body, { "x-hook-signature": hmac("sha256", hook.secret, body) }));
      }
      return out;
    },
  };
}
