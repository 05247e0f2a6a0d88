// The route × role matrix, generated from /api/openapi.json so a new route is covered the
// day it is added. Roles: the meeting's owner, a team admin and member it is shared with,
// a guest of that team, a stranger (signed in, no relation) and a signed-out visitor.
// A leak is a 2xx where the role may not act: signed out on any non-public route, a
// stranger on any route naming someone else's meeting, item or team, a guest on any
// state-changing route of a shared meeting or item.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";

const ORG = "/api/auth/organization";
/** Routes anyone may call. */
const PUBLIC = new Set([
  "GET /api/health",
  "GET /api/health/ready",
  "GET /api/settings",
  // The invitation link's page asks before sign-in; details only go to the recipient (teams tests).
  "GET /api/invitations/{id}/status",
  // What the sign-in page may promise: whether mail goes out, the single sign-on button (accounts tests).
  "GET /api/account/options",
]);
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Sam Park>I'll send the deck by Friday.</v>\n";

type Role = "owner" | "admin" | "member" | "guest" | "stranger" | "signedOut";
let t: TestApp;
const clients = {} as Record<Role, TestClient>;
let ids: { meeting: string; item: string; team: string };
let routes: { method: string; path: string }[] = [];

async function join(owner: TestClient, teamId: string, email: string, who: TestClient, role: string) {
  const inv = await owner.post(`${ORG}/invite-member`, { email, role, organizationId: teamId });
  expect(inv.status, inv.text).toBe(200);
  expect((await who.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  const emails = {} as Record<Role, string>;
  for (const role of ["owner", "admin", "member", "guest", "stranger", "signedOut"] as Role[]) {
    clients[role] = new TestClient(t.url);
    if (role === "signedOut") continue;
    emails[role] = uniqueEmail(role);
    await clients[role].signUp(emails[role]);
  }
  const owner = clients.owner;
  const team = await owner.post(`${ORG}/create`, { name: "Matrix", slug: `m-${Date.now()}` });
  for (const role of ["admin", "member", "guest"] as const) await join(owner, team.json.id, emails[role], clients[role], role);
  const meeting = await owner.importTranscript("m.vtt", VTT, "Matrix meeting");
  const done = await owner.waitCompleted(meeting);
  expect((await owner.put(`/api/meetings/${meeting}/shares/${team.json.id}`, {})).status).toBe(200);
  ids = { meeting, item: done.actionItems[0].id, team: team.json.id };
  const doc = (await owner.get("/api/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })));
});
afterAll(async () => {
  await t?.close();
});

/** The concrete URL for a route: path parameters become the shared meeting, its item or the team. */
function concrete(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === "teamId" || (name === "id" && /^\/api\/teams\//.test(path))) return ids.team;
    if (name === "id" && path.startsWith("/api/action-items/")) return ids.item;
    if (name === "id" && path.startsWith("/api/meetings/")) return ids.meeting;
    return "00000000-0000-4000-8000-000000000000"; // a resource of nobody: 404 for every role
  });
}

describe("route × role matrix over every OpenAPI route", () => {
  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it("has no leak: signed out, strangers and guests get no 2xx where they may not act", async () => {
    const leaks: string[] = [];
    let checked = 0;
    for (const { method, path } of routes) {
      const key = `${method} ${path}`;
      const url = concrete(path);
      const names = /\{(\w+)\}/.test(path);
      const ask = (role: Role) => clients[role].request(method, url, STATE_CHANGING.has(method) ? {} : undefined);
      if (!PUBLIC.has(key)) {
        const r = await ask("signedOut");
        checked++;
        if (r.status < 400 || r.status >= 500) leaks.push(`${key}: signed out got ${r.status}`);
      }
      if (names && !PUBLIC.has(key)) {
        const r = await ask("stranger");
        checked++;
        if (r.status < 400 || r.status >= 500) leaks.push(`${key}: stranger got ${r.status}`);
      }
      if (names && STATE_CHANGING.has(method) && (path.startsWith("/api/meetings/") || path.startsWith("/api/action-items/"))) {
        const r = await ask("guest");
        checked++;
        if (r.status < 400 || r.status >= 500) leaks.push(`${key}: guest got ${r.status}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(checked).toBeGreaterThan(routes.length);
  });

  it("lets the owner, admins and members read the shared meeting, and the owner alone delete it", async () => {
    for (const role of ["owner", "admin", "member", "guest"] as const)
      expect((await clients[role].get(`/api/meetings/${ids.meeting}`)).status).toBe(200);
    for (const role of ["admin", "member", "guest", "stranger"] as const)
      expect((await clients[role].delete(`/api/meetings/${ids.meeting}`)).status).toBeGreaterThanOrEqual(400);
    expect((await clients.owner.get(`/api/meetings/${ids.meeting}`)).status).toBe(200);
  });
});
