// Asana: tasks in a project; completion comes back by a project webhook (handshake, then
// X-Hook-Signature) whose events carry ids only, so the task is read to learn its state.
import type { AdapterDeps, ProviderAdapter, WebhookOutcome } from "./provider";
import { expiresIn, hmacHex, itemBody, providerFetch, ProviderError, safeEqual, sha256 } from "./provider-http";

export function createAsana({ config }: AdapterDeps): ProviderAdapter {
  const oauth = config.oauthUrl ?? "https://app.asana.com";
  const api = config.apiUrl ?? "https://app.asana.com/api/1.0";
  const clientId = config.clientId ?? "";
  const clientSecret = config.clientSecret ?? "";
  const call = (path: string, token: string, init: { method?: string; json?: unknown } = {}) =>
    providerFetch("Asana", `${api}${path}`, { ...init, token });
  const tokenCall = (form: Record<string, string>) =>
    providerFetch("Asana", `${oauth}/-/oauth_token`, { form: { client_id: clientId, client_secret: clientSecret, ...form } });

  return {
    key: "asana",
    name: "Asana",
    description: "Send action items to an Asana project as tasks; completing a task completes the item.",
    color: "#f06a6a",
    // One scope per endpoint we call (decision 012): webhooks:delete too, or disconnecting and
    // changing the project would leave the old webhook registered at Asana.
    scopes: ["tasks:read", "tasks:write", "projects:read", "workspaces:read", "webhooks:write", "webhooks:delete"],
    supportsWebhooks: true,
    usesPkce: true,
    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const u = new URL(`${oauth}/-/oauth_authorize`);
      u.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        state,
        scope: this.scopes.join(" "),
      }).toString();
      if (codeChallenge) (u.searchParams.set("code_challenge", codeChallenge), u.searchParams.set("code_challenge_method", "S256"));
      return u.toString();
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const t = await tokenCall({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
      });
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token ?? null,
        expiresAt: expiresIn(t.expires_in),
        providerUserId: t.data?.gid ?? null,
        accountName: t.data?.email ?? t.data?.name ?? null,
      };
    },
    async refresh(refreshToken) {
      const t = await tokenCall({ grant_type: "refresh_token", refresh_token: refreshToken });
      return { accessToken: t.access_token, refreshToken: t.refresh_token ?? refreshToken, expiresAt: expiresIn(t.expires_in) };
    },
    async revoke({ refreshToken }) {
      // Asana revokes by refresh token ("access tokens … will be rejected"); that ends the
      // access tokens made from it as well.
      if (!refreshToken) return;
      await providerFetch("Asana", `${oauth}/-/oauth_revoke`, {
        form: { client_id: clientId, client_secret: clientSecret, token: refreshToken },
      });
    },
    async destinationFields(token) {
      const workspaces: { gid: string; name: string }[] = (await call("/workspaces", token)).data;
      const options = [];
      for (const w of workspaces) {
        const projects: { gid: string; name: string }[] = (
          await call(`/projects?workspace=${encodeURIComponent(w.gid)}&archived=false&limit=100`, token)
        ).data;
        options.push(...projects.map((p) => ({ value: p.gid, label: workspaces.length > 1 ? `${w.name} / ${p.name}` : p.name })));
      }
      return [{ key: "project", label: "Project", options }];
    },
    async createItem(token, destination, input) {
      const data = {
        name: input.title,
        notes: itemBody(input),
        projects: [destination.project],
        ...(input.dueDate ? { due_on: input.dueDate } : {}),
      };
      // The owner's own Asana user (gid) when they connected Asana; else an assignee that is an e-mail address.
      const assignee = input.assigneeAccount?.id ?? (input.assignee?.includes("@") ? input.assignee : null);
      const withAssignee = assignee ? { ...data, assignee } : data;
      const task = await call("/tasks", token, { method: "POST", json: { data: withAssignee } }).catch((e) => {
        // An owner who is not in the workspace must not block the task.
        if (e instanceof ProviderError && e.status === 400 && withAssignee !== data)
          return call("/tasks", token, { method: "POST", json: { data } });
        throw e;
      });
      return { externalId: task.data.gid, url: task.data.permalink_url ?? null };
    },
    async registerWebhook(token, destination, callbackUrl) {
      const hook = await call("/webhooks", token, {
        method: "POST",
        json: {
          data: {
            resource: destination.project,
            target: callbackUrl,
            filters: [{ resource_type: "task", action: "changed", fields: ["completed"] }],
          },
        },
      });
      return { id: hook.data.gid };
    },
    async deleteWebhook(token, id) {
      await call(`/webhooks/${encodeURIComponent(id)}`, token, { method: "DELETE" });
    },
    readWebhook(d, secret): WebhookOutcome {
      const handshake = d.headers["x-hook-secret"];
      if (handshake)
        return { kind: "handshake", eventType: "handshake", echoHeaders: { "X-Hook-Secret": handshake }, newSecret: handshake };
      const signature = d.headers["x-hook-signature"];
      if (!secret || !signature) return { kind: "rejected", eventType: "events", reason: "missing X-Hook-Signature" };
      if (!safeEqual(signature, hmacHex("sha256", secret, d.rawBody)))
        return { kind: "rejected", eventType: "events", reason: "signature does not match" };
      const events: { resource?: { gid?: string; resource_type?: string }; action?: string }[] =
        JSON.parse(d.rawBody.toString("utf8")).events ?? [];
      const tasks = [...new Set(events.filter((e) => e.resource?.resource_type === "task" && e.resource.gid).map((e) => e.resource!.gid!))];
      const deliveryKey = sha256(d.rawBody);
      if (tasks.length === 0) return { kind: "ignored", eventType: "heartbeat", reason: "no task events", deliveryKey };
      return {
        kind: "changes",
        eventType: "task.changed",
        deliveryKey,
        changes: tasks.map((gid) => ({ externalId: gid, completed: null })),
      };
    },
    async isCompleted(token, _destination, externalId) {
      return !!(await call(`/tasks/${encodeURIComponent(externalId)}?opt_fields=completed`, token)).data.completed;
    },
  };
}
