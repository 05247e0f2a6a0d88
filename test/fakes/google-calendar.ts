// Loopback Google Calendar: OAuth (PKCE, offline access), calendar list, events, revoke.
import crypto from "node:crypto";
import { authorizeRoute, FakeOAuth, startFakeProvider, tokenRoute, type FakeProviderServer } from "./fake-provider";

export interface FakeGoogleCalendar extends FakeProviderServer {
  events: { id: string; calendar: string; body: any }[];
}

export async function startFakeGoogleCalendar(): Promise<FakeGoogleCalendar> {
  const oauth = new FakeOAuth("ya29", "google-client", "google-secret");
  oauth.lifetime = 3599;
  const events: FakeGoogleCalendar["events"] = [];
  const server = await startFakeProvider({
    oauth,
    publicPaths: /^\/o\/oauth2\/|^\/token$|^\/revoke$/,
    routes: [
      authorizeRoute(oauth, "/o/oauth2/v2/auth"),
      tokenRoute(oauth, "/token", { extra: () => ({ scope: "https://www.googleapis.com/auth/calendar.events" }) }),
      // A refresh token or an access token; Google ends the whole grant either way.
      [
        "POST",
        "/revoke",
        (r) => {
          if (!oauth.revokeRefreshToken(r.body.token) && !oauth.tokens.has(r.body.token))
            return { status: 400, json: { error: "invalid_token" } };
          oauth.revokeAll();
        },
      ],
      [
        "GET",
        "/calendar/v3/users/me/calendarList/primary",
        () => ({ json: { id: "ana@example.com", summary: "ana@example.com", primary: true } }),
      ],
      [
        "GET",
        "/calendar/v3/users/me/calendarList",
        () => ({
          json: {
            items: [
              { id: "ana@example.com", summary: "Ana", primary: true },
              { id: "team@group.example", summary: "Team" },
            ],
          },
        }),
      ],
      [
        "POST",
        "/calendar/v3/calendars/:cal/events",
        (r) => {
          if (!r.body.start?.date) return { status: 400, json: { error: { message: "Missing start" } } };
          const id = crypto.randomBytes(8).toString("hex");
          events.push({ id, calendar: r.params.cal!, body: r.body });
          return { json: { id, htmlLink: `https://calendar.example/event?eid=${id}` } };
        },
      ],
    ],
  });
  return { ...server, events };
}
