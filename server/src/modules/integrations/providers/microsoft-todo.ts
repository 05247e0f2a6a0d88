// Microsoft To Do (Graph): a task in one of the user's lists, linked back to the meeting.
// Personal lists have no assignee; the owner goes into the body.
import type { AdapterDeps, ProviderAdapter } from "./provider";
import { expiresIn, itemBody, providerFetch } from "./provider-http";

export function createMicrosoftTodo({ config, tenant }: AdapterDeps): ProviderAdapter {
  const oauth = `${config.oauthUrl ?? "https://login.microsoftonline.com"}/${tenant}/oauth2/v2.0`;
  const api = config.apiUrl ?? "https://graph.microsoft.com/v1.0";
  const clientId = config.clientId ?? "";
  const clientSecret = config.clientSecret ?? "";
  const scope = "offline_access User.Read Tasks.ReadWrite";
  const call = (path: string, token: string, init: { method?: string; json?: unknown } = {}) =>
    providerFetch("Microsoft To Do", `${api}${path}`, { ...init, token });
  const tokenCall = (form: Record<string, string>) =>
    providerFetch("Microsoft To Do", `${oauth}/token`, { form: { client_id: clientId, client_secret: clientSecret, scope, ...form } });

  return {
    key: "microsoft-todo",
    name: "Microsoft To Do",
    description: "Add action items to one of your To Do lists.",
    color: "#2564cf",
    scopes: scope.split(" "),
    supportsWebhooks: false,
    usesPkce: true,
    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const u = new URL(`${oauth}/authorize`);
      u.search = new URLSearchParams({
        client_id: clientId,
        response_type: "code",
        redirect_uri: redirectUri,
        response_mode: "query",
        scope,
        state,
        ...(codeChallenge ? { code_challenge: codeChallenge, code_challenge_method: "S256" } : {}),
      }).toString();
      return u.toString();
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const t = await tokenCall({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
      });
      const me = await call("/me", t.access_token).catch(() => null);
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token ?? null,
        expiresAt: expiresIn(t.expires_in),
        scopes: t.scope ?? null,
        providerUserId: me?.id ?? null,
        accountName: me?.userPrincipalName ?? me?.displayName ?? null,
      };
    },
    async refresh(refreshToken) {
      const t = await tokenCall({ grant_type: "refresh_token", refresh_token: refreshToken });
      return { accessToken: t.access_token, refreshToken: t.refresh_token ?? refreshToken, expiresAt: expiresIn(t.expires_in) };
    },
    async destinationFields(token) {
      const r = await call("/me/todo/lists", token);
      return [
        {
          key: "list",
          label: "List",
          options: (r.value as { id: string; displayName: string }[]).map((l) => ({ value: l.id, label: l.displayName })),
        },
      ];
    },
    async createItem(token, destination, input) {
      const task = await call(`/me/todo/lists/${encodeURIComponent(destination.list ?? "")}/tasks`, token, {
        method: "POST",
        json: {
          title: input.title,
          body: { content: itemBody(input), contentType: "text" },
          ...(input.dueDate ? { dueDateTime: { dateTime: `${input.dueDate}T00:00:00`, timeZone: "UTC" } } : {}),
          linkedResources: [{ webUrl: input.meetingUrl, applicationName: "Minutes", displayName: input.meetingTitle }],
        },
      });
      return { externalId: task.id, url: `https://to-do.office.com/tasks/id/${encodeURIComponent(task.id)}/details` };
    },
  };
}
