// GET /api/public/{token} is rate-limited per client address (decision 022: 120 a minute,
// counted in PostgreSQL so every web process applies it): a link passed around cannot be used
// to hammer the instance, and one address over the limit does not lock out another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT as VTT } from "../../../../test/fixtures";
import { publicLinkLimits } from "./public-links.service";

describe("public link visits are rate-limited", () => {
  let t: TestApp;
  let token: string;
  const visitor = () => new TestClient(t.url);
  const visit = (from: string, path = `/api/public/${token}`) => visitor().request("GET", path, undefined, { "x-forwarded-for": from });

  beforeAll(async () => {
    // Behind a proxy, as deployed: the client address comes from X-Forwarded-For.
    t = await startTestApp({ TRUST_PROXY: "true" });
    const owner = new TestClient(t.url);
    await owner.signUp(uniqueEmail("owner"));
    const id = await owner.importTranscript("launch.vtt", VTT, "Launch sync");
    await owner.waitCompleted(id);
    const link = await owner.post(`/api/meetings/${id}/public-links`, { parts: ["summary"] });
    expect(link.status, link.text).toBe(201);
    token = link.json.token;
  });
  afterAll(() => t.close());

  it("answers 429 with Retry-After past the limit per address, unknown tokens counted too; other addresses are served", async () => {
    const [limit] = publicLinkLimits("203.0.113.7");
    expect(limit!.max).toBe(120);
    // Guessing tokens costs the same as visiting one.
    expect((await visit("203.0.113.7", "/api/public/not-a-real-token-xxxxxxxxxx")).status).toBe(404);
    for (let i = 1; i < limit!.max; i++) {
      const r = await visit("203.0.113.7");
      expect(r.status, `visit ${i + 1}`).toBe(200);
    }
    const refused = await visit("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.json.error).toEqual({ code: "RATE_LIMITED", message: expect.stringMatching(/^Too many requests for shared meetings/) });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(refused.text).not.toContain("Launch sync");
    // The recording's address is behind the same limit.
    expect((await visit("203.0.113.7", `/api/public/${token}/media`)).status).toBe(429);
    // Someone else with the link is not locked out.
    expect((await visit("198.51.100.9")).status).toBe(200);
  });
});
