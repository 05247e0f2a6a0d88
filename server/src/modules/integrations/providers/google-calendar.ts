// Google Calendar: an all-day event on the item's due date (events have no "done" state,
// so nothing comes back).
import type { AdapterDeps, ProviderAdapter } from "./provider";
import { expiresIn, itemBody, providerFetch, ProviderError } from "./provider-http";

export function createGoogleCalendar({ config }: AdapterDeps): ProviderAdapter {
  const authorizeUrl = config.oauthUrl ? `${config.oauthUrl}/o/oauth2/v2/auth` : "https://accounts.google.com/o/oauth2/v2/auth";
  const tokenUrl = config.oauthUrl ? `${config.oauthUrl}/token` : "https://oauth2.googleapis.com/token";
  const revokeUrl = config.oauthUrl ? `${config.oauthUrl}/revoke` : "https://oauth2.googleapis.com/revoke";
  const api = `${config.apiUrl ?? "https://www.googleapis.com"}/calendar/v3`;
  const clientId = config.clientId ?? "";
  const clientSecret = config.clientSecret ?? "";
  const call = (path: string, token: string, init: { method?: string; json?: unknown } = {}) =>
    providerFetch("Google Calendar", `${api}${path}`, { ...init, token });

  return {
    key: "google-calendar",
    name: "Google Calendar",
    description: "Put action items on your calendar as all-day events on their due date.",
    color: "#1a73e8",
    scopes: ["https://www.googleapis.com/auth/calendar.events", "https://www.googleapis.com/auth/calendar.calendarlist.readonly"],
    supportsWebhooks: false,
    usesPkce: true,
    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const u = new URL(authorizeUrl);
      u.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: this.scopes.join(" "),
        state,
        // A refresh token is only issued with offline access and consent.
        access_type: "offline",
        prompt: "consent",
        ...(codeChallenge ? { code_challenge: codeChallenge, code_challenge_method: "S256" } : {}),
      }).toString();
      return u.toString();
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const t = await providerFetch("Google Calendar", tokenUrl, {
        form: {
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          client_id: clientId,
          client_secret: clientSecret,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        },
      });
      const primary = await call("/users/me/calendarList/primary", t.access_token).catch(() => null);
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token ?? null,
        expiresAt: expiresIn(t.expires_in),
        scopes: t.scope ?? null,
        providerUserId: primary?.id ?? null,
        accountName: primary?.id ?? null,
      };
    },
    async refresh(refreshToken) {
      const t = await providerFetch("Google Calendar", tokenUrl, {
        form: { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
      });
      return { accessToken: t.access_token, refreshToken: t.refresh_token ?? refreshToken, expiresAt: expiresIn(t.expires_in) };
    },
    async revoke({ accessToken, refreshToken }, what) {
      // Google's revoke ends the user's whole grant to the app, the new tokens of a reconnect
      // included; so only a disconnect revokes.
      if (what !== "grant") return;
      await providerFetch("Google Calendar", revokeUrl, { form: { token: refreshToken ?? accessToken } });
    },
    async destinationFields(token) {
      const r = await call("/users/me/calendarList?minAccessRole=writer", token);
      return [
        {
          key: "calendar",
          label: "Calendar",
          options: (r.items as { id: string; summary: string; primary?: boolean }[]).map((c) => ({
            value: c.id,
            label: c.primary ? `${c.summary} (primary)` : c.summary,
          })),
        },
      ];
    },
    async createItem(token, destination, input) {
      if (!input.dueDate) throw new ProviderError(422, "Google Calendar: this action item has no due date. Set one, then send it again.");
      const end = new Date(`${input.dueDate}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      const event = await call(`/calendars/${encodeURIComponent(destination.calendar ?? "primary")}/events`, token, {
        method: "POST",
        json: {
          summary: input.title,
          description: itemBody(input),
          start: { date: input.dueDate },
          end: { date: end.toISOString().slice(0, 10) },
          ...(input.assignee?.includes("@") ? { attendees: [{ email: input.assignee }] } : {}),
          source: { title: input.meetingTitle, url: input.meetingUrl },
          transparency: "transparent",
        },
      });
      return { externalId: event.id, url: event.htmlLink ?? null };
    },
  };
}
