// GitHub (OAuth App): issues in a repository; closing/reopening comes back by the
// `issues` webhook (X-Hub-Signature-256) or by polling the issue.
import type { AdapterDeps, ProviderAdapter, WebhookOutcome } from "./provider";
import { hmacHex, itemBody, providerFetch, ProviderError, safeEqual } from "./provider-http";

export function createGithub({ config }: AdapterDeps): ProviderAdapter {
  const oauth = config.oauthUrl ?? "https://github.com";
  const api = config.apiUrl ?? "https://api.github.com";
  const clientId = config.clientId ?? "";
  const clientSecret = config.clientSecret ?? "";
  const call = (path: string, token: string, init: { method?: string; json?: unknown } = {}) =>
    providerFetch("GitHub", `${api}${path}`, {
      ...init,
      token,
      headers: { accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28" },
    }).catch((e) => {
      // A secondary rate limit without Retry-After or X-RateLimit-Remaining: 0: GitHub says
      // to wait at least a minute.
      if (e instanceof ProviderError && e.status === 403 && !e.rateLimited && /secondary rate limit/i.test(e.message))
        throw new ProviderError(403, e.message, 60, true);
      throw e;
    });
  const repoPath = (repo: string) => {
    if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new ProviderError(400, "GitHub: pick a repository in Settings → Integrations first.");
    return `/repos/${repo}`;
  };
  const splitExternal = (externalId: string) => {
    const [repo, number] = externalId.split("#");
    return { repo: repo!, number: number! };
  };

  return {
    key: "github",
    name: "GitHub",
    description: "Turn action items into issues in a repository; closing an issue completes the item.",
    color: "#24292f",
    scopes: ["repo", "write:repo_hook"],
    supportsWebhooks: true,
    usesPkce: true,
    authorizeUrl: ({ state, redirectUri, codeChallenge }) => {
      const u = new URL(`${oauth}/login/oauth/authorize`);
      u.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: "repo write:repo_hook",
        state,
        allow_signup: "false",
      }).toString();
      if (codeChallenge) (u.searchParams.set("code_challenge", codeChallenge), u.searchParams.set("code_challenge_method", "S256"));
      return u.toString();
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      // GitHub answers token errors with HTTP 200 and {"error": …}.
      const t = await providerFetch("GitHub", `${oauth}/login/oauth/access_token`, {
        form: {
          client_id: clientId,
          client_secret: clientSecret,
          code,
          redirect_uri: redirectUri,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        },
      });
      if (!t?.access_token) throw new ProviderError(400, `GitHub: ${t?.error_description ?? t?.error ?? "no access token in the answer"}`);
      const me = await call("/user", t.access_token);
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token ?? null,
        expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
        scopes: t.scope ?? null,
        providerUserId: String(me.id),
        accountName: me.login,
      };
    },
    async refresh(refreshToken) {
      const t = await providerFetch("GitHub", `${oauth}/login/oauth/access_token`, {
        form: { client_id: clientId, client_secret: clientSecret, grant_type: "refresh_token", refresh_token: refreshToken },
      });
      if (!t?.access_token) throw new ProviderError(401, `GitHub: ${t?.error_description ?? t?.error ?? "refresh failed"}`);
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token ?? refreshToken,
        expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
      };
    },
    async revoke({ accessToken }, what) {
      // The grant ends every token of the app for the user (a disconnect); /token only this one.
      await providerFetch("GitHub", `${api}/applications/${clientId}/${what === "grant" ? "grant" : "token"}`, {
        method: "DELETE",
        basic: { user: clientId, password: clientSecret },
        json: { access_token: accessToken },
      });
    },
    async destinationFields(token) {
      const repos: { full_name: string }[] = await call("/user/repos?per_page=100&sort=updated", token);
      return [{ key: "repo", label: "Repository", options: repos.map((r) => ({ value: r.full_name, label: r.full_name })) }];
    },
    async createItem(token, destination, input) {
      // The owner's own GitHub login when they connected GitHub; else an assignee that is a login.
      const assignee = input.assigneeAccount?.login ?? (input.assignee && /^[\w-]+$/.test(input.assignee) ? input.assignee : null);
      const issue = await call(`${repoPath(destination.repo ?? "")}/issues`, token, {
        method: "POST",
        json: {
          title: input.title,
          body: itemBody(input),
          ...(assignee ? { assignees: [assignee] } : {}),
        },
      }).catch(async (e) => {
        // Assignees must be collaborators; GitHub refuses the whole issue otherwise. Try without.
        if (e instanceof ProviderError && e.status === 422)
          return call(`${repoPath(destination.repo ?? "")}/issues`, token, {
            method: "POST",
            json: { title: input.title, body: itemBody(input) },
          });
        throw e;
      });
      return { externalId: `${destination.repo}#${issue.number}`, url: issue.html_url ?? null };
    },
    async registerWebhook(token, destination, callbackUrl, secret) {
      const hook = await call(`${repoPath(destination.repo ?? "")}/hooks`, token, {
        method: "POST",
        json: {
          name: "web",
          active: true,
          events: ["issues"],
          config: { url: callbackUrl, content_type: "json", secret, insecure_ssl: "0" },
        },
      });
      return { id: `${destination.repo}/${hook.id}` };
    },
    async deleteWebhook(token, webhookId) {
      const at = webhookId.lastIndexOf("/");
      await call(`${repoPath(webhookId.slice(0, at))}/hooks/${webhookId.slice(at + 1)}`, token, { method: "DELETE" });
    },
    readWebhook(d, secret): WebhookOutcome {
      const eventType = d.headers["x-github-event"] ?? "unknown";
      const signature = d.headers["x-hub-signature-256"];
      if (!secret || !signature) return { kind: "rejected", eventType, reason: "missing X-Hub-Signature-256" };
      if (!safeEqual(signature, `sha256=${hmacHex("sha256", secret, d.rawBody)}`))
        return { kind: "rejected", eventType, reason: "signature does not match" };
      const deliveryKey = d.headers["x-github-delivery"] ?? "";
      if (!deliveryKey) return { kind: "rejected", eventType, reason: "missing X-GitHub-Delivery" };
      if (eventType === "ping") return { kind: "ignored", eventType, reason: "ping", deliveryKey };
      const body = JSON.parse(d.rawBody.toString("utf8"));
      const action = `${eventType}.${body.action}`;
      if (eventType !== "issues" || (body.action !== "closed" && body.action !== "reopened"))
        return { kind: "ignored", eventType: action, reason: "not a close or reopen", deliveryKey };
      return {
        kind: "changes",
        eventType: action,
        deliveryKey,
        changes: [{ externalId: `${body.repository?.full_name}#${body.issue?.number}`, completed: body.action === "closed" }],
      };
    },
    async isCompleted(token, _destination, externalId) {
      const { repo, number } = splitExternal(externalId);
      const issue = await call(`${repoPath(repo)}/issues/${number}`, token);
      return issue.state === "closed";
    },
  };
}
