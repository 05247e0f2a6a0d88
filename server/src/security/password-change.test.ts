import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

it("ends every other session when the password changes, even when the client asks to keep them", async () => {
  const email = uniqueEmail("pw");
  const laptop = new TestClient(t.url);
  await laptop.signUp(email, "secret123");
  const phone = new TestClient(t.url);
  expect((await phone.signIn(email, "secret123")).status).toBe(200);
  expect((await phone.get("/api/meetings")).status).toBe(200);
  const r = await laptop.post("/api/auth/change-password", {
    currentPassword: "secret123",
    newPassword: "secret456",
    revokeOtherSessions: false,
  });
  expect(r.status, r.text).toBe(200);
  expect((await phone.get("/api/meetings")).status).toBe(401);
  expect((await laptop.get("/api/meetings")).status).toBe(200);
});
