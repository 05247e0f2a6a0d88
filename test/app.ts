// Starts the real app (real database, queue, workers, HTTP server on a free port) for a
// test file. Outside services are the only things tests replace.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { boot } from "../server/src/boot";
import { loadConfig, type TestOverrides } from "../server/src/config/config";
import { freePort } from "../server/src/free-port";
import { buildApp } from "../server/src/http/app";
import type { AppContext } from "../server/src/context/app-context";
import { registerWorkers } from "../server/src/jobs";
import { createTestDatabase } from "./db";

export interface TestApp {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

/** The app in this test process, for API tests. Browser tests use startAppProcess
 * (test/app-process.ts): the app as `npm start` runs it, in production mode. */
export async function startTestApp(env: Record<string, string> = {}, overrides: TestOverrides = {}): Promise<TestApp> {
  if (/[\\/]e2e[\\/][^\\/]+\.e2e\.ts/.test(new Error().stack ?? ""))
    throw new Error("Browser tests run the app as users do: use startAppProcess() from test/app-process.ts, not startTestApp().");
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "minutes-app-"));
  const port = await freePort();
  const config = loadConfig(
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: await createTestDatabase(),
      LOG_LEVEL: "silent",
      MODELS_AUTO_DOWNLOAD: "false",
      AUTH_RATE_LIMIT_MAX: "1000",
      ...env,
    },
    overrides,
  );
  const booted = await boot(config, () => {});
  await registerWorkers(booted.ctx);
  const app = await buildApp(booted.ctx);
  await app.listen({ port, host: "127.0.0.1" });
  return {
    url: `http://localhost:${port}`,
    app,
    ctx: booted.ctx,
    dataDir,
    async close() {
      await app.close();
      await booted.shutdown();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A minimal cookie-keeping HTTP client for API tests, sending the Origin a browser would. */
export class TestClient {
  cookie = "";
  constructor(readonly baseUrl: string) {}

  async request(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = {
      method,
      headers: {
        origin: this.baseUrl,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      redirect: "manual",
    };
    const res = await fetch(this.baseUrl + pathname, init);
    const setCookies = res.headers.getSetCookie();
    if (setCookies.length) {
      const jar = new Map(
        this.cookie
          .split("; ")
          .filter(Boolean)
          .map((c) => c.split("=", 2) as [string, string]),
      );
      for (const c of setCookies) {
        const [pair] = c.split(";");
        const [k, v] = pair!.split("=", 2) as [string, string];
        if (v === "" || /max-age=0/i.test(c)) jar.delete(k);
        else jar.set(k, v);
      }
      this.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, json, text, headers: res.headers };
  }
  get = (p: string) => this.request("GET", p);
  post = (p: string, b?: unknown) => this.request("POST", p, b ?? {});
  patch = (p: string, b?: unknown) => this.request("PATCH", p, b ?? {});
  put = (p: string, b?: unknown) => this.request("PUT", p, b ?? {});
  delete = (p: string) => this.request("DELETE", p);

  async signUp(email: string, password = "secret123", name = "Test User") {
    const r = await this.post("/api/auth/sign-up/email", { email, password, name });
    if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${r.text}`);
    // Sign-up never signs in (a session would tell whether the address already had an
    // account); the web app signs in next, and so does this client. With e-mail
    // verification on, that sign-in is refused (403) until the address is confirmed.
    const s = await this.signIn(email, password);
    if (s.status !== 200 && s.status !== 403) throw new Error(`sign-in after sign-up failed: ${s.status} ${s.text}`);
    return r;
  }
  signIn(email: string, password = "secret123") {
    return this.post("/api/auth/sign-in/email", { email, password });
  }

  /** Uploads a transcript file (VTT, SRT, TXT) as a new meeting; returns its id. */
  async importTranscript(fileName: string, content: string | Buffer, title: string, recordedAt = "2025-06-11T15:00:00Z"): Promise<string> {
    const fd = new FormData();
    fd.append("title", title);
    fd.append("recordedAt", recordedAt);
    fd.append("file", new Blob([typeof content === "string" ? content : new Uint8Array(content)], { type: "text/vtt" }), fileName);
    const r = await this.request("POST", "/api/meetings", fd);
    if (r.status !== 201) throw new Error(`upload failed: ${r.status} ${r.text}`);
    return r.json.id as string;
  }

  /** Polls GET /api/meetings/{id} until `done` holds; throws with the last answer after `ms`. */
  async waitForMeeting(id: string, done: (meeting: any) => boolean, ms = 45_000): Promise<any> {
    const until = Date.now() + ms;
    for (;;) {
      const r = await this.get(`/api/meetings/${id}`);
      if (r.status === 200 && done(r.json)) return r.json;
      if (Date.now() > until)
        throw new Error(
          `meeting ${id} timed out; last answer ${r.status} ${JSON.stringify({ status: r.json?.status, step: r.json?.step, error: r.json?.error })}`,
        );
      await new Promise((res) => setTimeout(res, 200));
    }
  }

  /** Waits for the pipeline to finish the meeting; a failed meeting throws with its error. */
  async waitCompleted(id: string, ms?: number): Promise<any> {
    const m = await this.waitForMeeting(id, (x) => x.status === "completed" || x.status === "failed", ms);
    if (m.status === "failed") throw new Error(`meeting ${id} failed: ${JSON.stringify(m.error)}`);
    return m;
  }
}

let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}${Date.now()}${counter++}@example.com`;
