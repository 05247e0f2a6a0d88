// Loopback GitHub: OAuth App authorize/token (PKCE), /user, repositories, issues, repository
// webhooks signed X-Hub-Signature-256, grant and token revocation, and rate limits as 403s.
// `setIssueState` does what a person clicking "Close issue" does, including the signed delivery.
import crypto from "node:crypto";
import {
  deliver,
  FakeOAuth,
  hmac,
  startFakeProvider,
  tokenRoute,
  authorizeRoute,
  type FakeProviderServer,
  type FakeRequest,
} from "./fake-provider";

export interface FakeGithub extends FakeProviderServer {
  issues: Map<number, { number: number; title: string; body: string; state: string; assignees: string[]; repo: string }>;
  /** Who the next connection signs in as (each token keeps the account it was first asked about with /user). */
  nextAccount: { id: number; login: string };
  /** Logins that may be assigned (GitHub: collaborators of the repository); others are refused with 422. */
  collaborators: Set<string>;
  hooks: Map<number, { repo: string; url: string; secret: string }>;
  setIssueState(number: number, state: "open" | "closed", opts?: { deliver?: boolean }): Promise<{ status: number }[]>;
}

export async function startFakeGithub(): Promise<FakeGithub> {
  const oauth = new FakeOAuth("gho", "gh-client", "gh-secret");
  const issues: FakeGithub["issues"] = new Map();
  const accounts = new Map<string, { id: number; login: string }>();
  const collaborators = new Set(["octo-user"]);
  let nextAccount = { id: 4242, login: "octo-user" };
  const hooks: FakeGithub["hooks"] = new Map();
  let nextIssue = 1;
  let changes = 0;
  let nextHook = 100;
  /** The app's own Basic authentication on /applications/… (client id and secret); a refusal or null. */
  const appAuth = (r: FakeRequest) => {
    const [id, secret] = Buffer.from((r.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
      .toString()
      .split(":");
    return id !== oauth.clientId || secret !== oauth.clientSecret || r.params.clientId !== oauth.clientId
      ? { status: 401, json: { message: "Bad credentials" } }
      : null;
  };
  const server = await startFakeProvider({
    oauth,
    publicPaths: /^\/login\/oauth\/|^\/applications\//,
    routes: [
      authorizeRoute(oauth, "/login/oauth/authorize"),
      // GitHub answers token errors with 200 and {"error":…}.
      tokenRoute(oauth, "/login/oauth/access_token", { errorStatus: 200, extra: () => ({ scope: "repo,write:repo_hook" }) }),
      [
        "GET",
        "/user",
        (r) => {
          if (!accounts.has(r.token!)) accounts.set(r.token!, nextAccount);
          return { json: accounts.get(r.token!) };
        },
      ],
      ["GET", "/user/repos", () => ({ json: [{ full_name: "octo-user/planning" }, { full_name: "octo-org/website" }] })],
      [
        "POST",
        "/repos/:owner/:repo/issues",
        (r) => {
          const repo = `${r.params.owner}/${r.params.repo}`;
          if (!r.body?.title) return { status: 422, json: { message: "Validation Failed" } };
          const unknown = ((r.body.assignees ?? []) as string[]).filter((a) => !collaborators.has(a));
          if (unknown.length)
            return {
              status: 422,
              json: {
                message: "Validation Failed",
                errors: [{ resource: "Issue", field: "assignees", code: "invalid", value: unknown[0] }],
              },
            };
          const issue = {
            number: nextIssue++,
            title: r.body.title,
            body: r.body.body ?? "",
            state: "open",
            assignees: r.body.assignees ?? [],
            repo,
          };
          issues.set(issue.number, issue);
          return { status: 201, json: { ...issue, html_url: `https://github.example/${repo}/issues/${issue.number}` } };
        },
      ],
      [
        "GET",
        "/repos/:owner/:repo/issues/:n",
        (r) => {
          const issue = issues.get(Number(r.params.n));
          return issue ? { json: issue } : { status: 404, json: { message: "Not Found" } };
        },
      ],
      [
        "POST",
        "/repos/:owner/:repo/hooks",
        (r) => {
          const id = nextHook++;
          hooks.set(id, { repo: `${r.params.owner}/${r.params.repo}`, url: r.body.config.url, secret: r.body.config.secret });
          return { status: 201, json: { id, active: true } };
        },
      ],
      ["DELETE", "/repos/:owner/:repo/hooks/:id", (r) => void hooks.delete(Number(r.params.id))],
      // Deleting the grant ends every token of the app for the user; /token ends one.
      ["DELETE", "/applications/:clientId/grant", (r) => appAuth(r) ?? void oauth.revokeAll()],
      [
        "DELETE",
        "/applications/:clientId/token",
        (r) => {
          const refused = appAuth(r);
          if (refused) return refused;
          const t = oauth.tokens.get(r.body?.access_token);
          if (!t) return { status: 404, json: { message: "Not Found" } };
          t.revoked = true;
        },
      ],
    ],
  });
  return {
    ...server,
    issues,
    hooks,
    get nextAccount() {
      return nextAccount;
    },
    set nextAccount(a) {
      nextAccount = a;
    },
    collaborators,
    async setIssueState(number, state, opts = {}) {
      const issue = issues.get(number)!;
      issue.state = state;
      if (opts.deliver === false) return [];
      const results = [];
      for (const hook of [...hooks.values()].filter((h) => h.repo === issue.repo)) {
        // Like GitHub's, every body differs (updated_at), so two closes are two bodies.
        const body = JSON.stringify({
          action: state === "closed" ? "closed" : "reopened",
          issue: { number, state, updated_at: new Date(Date.now() + ++changes).toISOString() },
          repository: { full_name: issue.repo },
        });
        results.push(
          await deliver(hook.url, body, {
            "x-github-event": "issues",
            "x-github-delivery": crypto.randomUUID(),
            "x-hub-signature-256": `sha256=${hmac("sha256", hook.secret, body)}`,
          }),
        );
      }
      return results;
    },
  };
}
