import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function mailTo(address: string): Promise<string> {
  const files = await fs.readdir(path.join(t.dataDir, "outbox"));
  const file = files
    .filter((f) => f.includes(address))
    .sort()
    .pop();
  expect(file, `a mail to ${address}`).toBeDefined();
  // Quoted-printable soft line breaks joined, so phrases can be matched.
  return (await fs.readFile(path.join(t.dataDir, "outbox", file!), "utf8")).replace(/=\r?\n/g, "");
}

it("words the sign-up mail and the address-change mail each for what it is", async () => {
  const c = new TestClient(t.url);
  const old = uniqueEmail("before");
  await c.signUp(old, "secret123", "Alice");
  const signUp = await mailTo(old);
  expect(signUp).toContain("Confirm your e-mail address for Minutes");
  expect(signUp).toContain("If you did not sign up for Minutes");

  const next = uniqueEmail("after");
  const r = await c.post("/api/auth/change-email", { newEmail: next, callbackURL: "/settings" });
  expect(r.status).toBe(200);
  const change = await mailTo(next);
  expect(change).toContain("Confirm your new e-mail address for Minutes");
  expect(change).toContain(`change the e-mail address of the Minutes account ${old}`);
  expect(change).toContain("verify-email?token=");
  expect(change).not.toContain("did not sign up");
});
