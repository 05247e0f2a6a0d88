import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has working defaults for the embedded mode", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeNull();
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.secureCookies).toBe(false);
    expect(c.maxUploadBytes).toBe(100 * 1024 * 1024);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.outboxDir).toBe(`${c.dataDir}/outbox`);
    expect(c.smtp).toBeNull();
  });

  it("names the variable and what is allowed when a value is bad", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT="70000": use a whole number from 1 to 65535/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL.*postgres:\/\//);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL.*full URL/);
    expect(() => loadConfig({ REQUIRE_EMAIL_VERIFICATION: "maybe" })).toThrow(/REQUIRE_EMAIL_VERIFICATION.*true or false/);
    expect(() => loadConfig({ SPEECH_ENGINE: "whisperx" })).toThrow(/SPEECH_ENGINE.*local, assemblyai or openai/);
    expect(() => loadConfig({ SPEECH_ENGINE: "assemblyai" })).toThrow(/ASSEMBLYAI_API_KEY: required/);
  });

  it("turns on Secure cookies behind HTTPS and reads SMTP and an external database", () => {
    const c = loadConfig({
      PUBLIC_URL: "https://notes.example.com/",
      SMTP_HOST: "smtp.example.com",
      SMTP_PORT: "2525",
      DATABASE_URL: "postgres://u:p@db:5432/minutes",
      PORT: "",
    });
    expect(c.publicUrl).toBe("https://notes.example.com");
    expect(c.secureCookies).toBe(true);
    expect(c.smtp).toMatchObject({ host: "smtp.example.com", port: 2525 });
    expect(c.databaseUrl).toBe("postgres://u:p@db:5432/minutes");
    expect(c.port).toBe(3000);
  });
});

describe("TRUST_PROXY", () => {
  it("takes false, true, a hop count or the proxies' addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16" }).trustProxy).toEqual(["10.0.0.1", "10.1.0.0/16"]);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example.com" })).toThrow(/TRUST_PROXY/);
  });

  it("never reads test-only settings from the environment", () => {
    expect(loadConfig({ ALLOW_PRIVATE_LINKS: "true" }).allowPrivateLinks).toBe(false);
    expect(loadConfig({}, { allowPrivateLinks: true }).allowPrivateLinks).toBe(true);
  });
});

describe("LOCAL_LLM_* sampling", () => {
  it("keeps the model's own settings when unset and reads each one that is set", () => {
    expect(loadConfig({}).summary.sampling).toEqual({
      temperature: undefined,
      topK: undefined,
      topP: undefined,
      minP: undefined,
      presencePenalty: undefined,
    });
    const c = loadConfig({
      LOCAL_LLM_TEMPERATURE: "0.5",
      LOCAL_LLM_TOP_K: "40",
      LOCAL_LLM_TOP_P: "0.95",
      LOCAL_LLM_MIN_P: "0.05",
      LOCAL_LLM_PRESENCE_PENALTY: "1.5",
    });
    expect(c.summary.sampling).toEqual({ temperature: 0.5, topK: 40, topP: 0.95, minP: 0.05, presencePenalty: 1.5 });
    expect(() => loadConfig({ LOCAL_LLM_TOP_P: "1.5" })).toThrow(/LOCAL_LLM_TOP_P="1.5": use a number from 0 to 1/);
    expect(() => loadConfig({ LOCAL_LLM_TEMPERATURE: "warm" })).toThrow(/LOCAL_LLM_TEMPERATURE/);
  });
});
