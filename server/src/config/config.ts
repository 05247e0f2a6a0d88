// The whole configuration, read once from the environment and checked with zod.
// A bad value stops the app with a message naming the variable and what is allowed.
import path from "node:path";
import type { S3Settings } from "../storage/s3-blob-store";
import { z } from "zod";
import { AppError } from "../core/errors";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], { error: "use true or false" })
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const intIn = (min: number, max: number) =>
  z.coerce
    .number({ error: `use a whole number from ${min} to ${max}` })
    .int({ error: `use a whole number from ${min} to ${max}` })
    .min(min, { error: `use a whole number from ${min} to ${max}` })
    .max(max, { error: `use a whole number from ${min} to ${max}` });

/** A decimal number in [min, max] (sampling settings). */
const numberIn = (min: number, max: number) =>
  z.coerce
    .number({ error: `use a number from ${min} to ${max}` })
    .min(min, { error: `use a number from ${min} to ${max}` })
    .max(max, { error: `use a number from ${min} to ${max}` });

const url = z.url({ error: "use a full URL such as https://notes.example.com" });

/** Env prefix of each integration provider's variables (<PREFIX>_CLIENT_ID, …). */
export const integrationEnvPrefixes = {
  github: "GITHUB",
  asana: "ASANA",
  trello: "TRELLO",
  slack: "SLACK",
  "google-calendar": "GOOGLE",
  "microsoft-todo": "MICROSOFT",
  notion: "NOTION",
} as const;
export type IntegrationProviderKey = keyof typeof integrationEnvPrefixes;

export interface IntegrationProviderConfig {
  clientId: string | null;
  clientSecret: string | null;
  /** Override of the provider's sign-in host (authorize and token addresses); unset = the real one. */
  oauthUrl: string | null;
  /** Override of the provider's API base address; unset = the real one. */
  apiUrl: string | null;
}

const integrationEnv = Object.fromEntries(
  Object.values(integrationEnvPrefixes).flatMap((p) => [
    [`${p}_CLIENT_ID`, z.string().min(1).optional()],
    [`${p}_CLIENT_SECRET`, z.string().min(1).optional()],
    [`${p}_OAUTH_URL`, url.optional()],
    [`${p}_API_URL`, url.optional()],
  ]),
) as Record<string, z.ZodOptional<z.ZodString>>;

const envSchema = z.object({
  ...integrationEnv,
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[\w.-]+$/, { error: "use common, organizations, consumers or a tenant id" })
    .default("common"),
  /** 32 bytes as 64 hex characters or base64; unset = generated into DATA_DIR/secrets.json. */
  INTEGRATIONS_ENCRYPTION_KEY: z
    .string()
    .refine((v) => /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, "base64").length === 32, {
      error: "use 32 random bytes as 64 hex characters or base64",
    })
    .optional(),
  INTEGRATIONS_WEBHOOK_URL: url.optional(),
  INTEGRATIONS_WEBHOOKS: z.enum(["auto", "on", "off"], { error: "use auto, on or off" }).default("auto"),
  INTEGRATIONS_POLL_SECONDS: intIn(10, 86400).default(300),
  WEBHOOK_LOG_RETENTION_DAYS: intIn(1, 3650).default(30),
  PORT: intIn(1, 65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "use a postgres:// connection URL, or leave it unset for the embedded database" })
    .optional(),
  PUBLIC_URL: url.optional(),
  AUTH_SECRET: z.string().min(32, { error: "use at least 32 random characters" }).optional(),
  REQUIRE_EMAIL_VERIFICATION: bool.default(false),
  AUTH_RATE_LIMIT_MAX: intIn(1, 100000).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: intIn(1, 86400).default(60),
  AUTH_RATE_LIMIT_ADDRESS_MAX: intIn(1, 1000000).default(100),
  AUTH_API_RATE_LIMIT_MAX: intIn(1, 1000000).default(300),
  INVITATION_EXPIRY_DAYS: intIn(1, 365).default(7),
  INVITATIONS_PER_HOUR: intIn(1, 100000).default(20),
  MAX_EVENT_STREAMS_PER_USER: intIn(1, 10000).default(10),
  MAX_UPLOADS_PER_USER: intIn(1, 1000).default(3),
  SEARCH_RATE_LIMIT_PER_MINUTE: intIn(1, 100000).default(30),
  SEARCH_RATE_LIMIT_BURST: intIn(1, 100000).default(10),
  SEARCH_TIMEOUT_SECONDS: intIn(1, 600).default(3),
  UPLOAD_IDLE_TIMEOUT_SECONDS: intIn(1, 3600).default(60),
  RECORDING_MAX_HOURS: intIn(1, 24).default(4),
  RECORDING_ABANDON_HOURS: intIn(1, 8760).default(48),
  TRANSCRIPT_UNDO_HOURS: intIn(1, 8760).default(24),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: intIn(1, 65535).default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).default("Minutes <no-reply@localhost>"),
  PASSWORD_RESET_EXPIRY_MINUTES: intIn(5, 1440).default(60),
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).default("Single sign-on"),
  OIDC_SCOPES: z.string().min(1).default("openid email profile"),
  MAX_UPLOAD_MB: intIn(1, 100000).default(100),
  MAX_LINK_DOWNLOAD_MB: intIn(1, 1000000).default(2048),
  LINK_DOWNLOAD_TIMEOUT_SECONDS: intIn(1, 86400).default(1800),
  SPEECH_ENGINE: z.enum(["local", "assemblyai", "openai"], { error: "use local, assemblyai or openai" }).default("local"),
  SPEECH_THREADS: intIn(1, 256).default(2),
  // The local speech worker's memory budget: checked against the models' declared needs before a job starts, and its RSS is held to it.
  SPEECH_WORKER_MEMORY_MB: intIn(256, 1_048_576).default(2048),
  // Cosine-distance cut-off for clustering speakers when their number is not given (sherpa-onnx's default; decision 019).
  SPEECH_CLUSTERING_THRESHOLD: numberIn(0.05, 2).default(0.5),
  // Cosine similarity from which an unnamed speaker is suggested as a member whose voice profile it matches (decision 031).
  VOICE_MATCH_THRESHOLD: numberIn(0, 1).default(0.6),
  MODELS_AUTO_DOWNLOAD: bool.default(true),
  MODELS_DIR: z.string().min(1).optional(),
  MODELS_BASE_URL: url.optional(),
  /** Comma-separated e-mail addresses of the instance's owners; unset = the first account created. */
  ADMIN_EMAILS: z
    .string()
    .refine((v) => v.split(",").every((a) => /^[^\s@,]+@[^\s@,]+$/.test(a.trim())), { error: "use e-mail addresses separated by commas" })
    .optional(),
  ASSEMBLYAI_API_KEY: z.string().min(1).optional(),
  ASSEMBLYAI_BASE_URL: url.optional(),
  OPENAI_STT_BASE_URL: url.optional(),
  OPENAI_STT_API_KEY: z.string().optional(),
  OPENAI_STT_MODEL: z.string().min(1).default("whisper-1"),
  LLM_BASE_URL: url.optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  SUMMARY_ENGINE: z.enum(["auto", "local", "openai", "built-in"]).default("auto"),
  LOCAL_LLM_MODEL: z.string().min(1).default("auto"),
  LOCAL_LLM_THREADS: intIn(1, 256).default(2),
  LOCAL_LLM_CONTEXT: intIn(1024, 262_144).default(8192),
  LOCAL_LLM_GPU: z.enum(["auto", "off"]).default("auto"),
  LOCAL_LLM_MEMORY_MB: intIn(256, 1_048_576).default(4096),
  // Unset: the model's own settings (engines/llm/local/sampling.ts, Qwen's advice: 0.7 / 20 / 0.8 / 0 / 1.0).
  LOCAL_LLM_TEMPERATURE: numberIn(0, 2).optional(),
  LOCAL_LLM_TOP_K: intIn(0, 1000).optional(),
  LOCAL_LLM_TOP_P: numberIn(0, 1).optional(),
  LOCAL_LLM_MIN_P: numberIn(0, 1).optional(),
  LOCAL_LLM_PRESENCE_PENALTY: numberIn(0, 2).optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  STORAGE: z.enum(["local", "s3"], { error: "use local or s3" }).default("local"),
  S3_ENDPOINT: url.optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      error: "use false, true, a number of proxy hops, or the proxies' addresses (comma-separated, CIDR allowed)",
    })
    .default("false"),
  JOB_CONCURRENCY: intIn(1, 64).default(1),
  JOB_DOWNLOAD_CONCURRENCY: intIn(1, 64).default(4),
  JOB_WORKER_TIMEOUT_SECONDS: intIn(3, 3600).default(30),
  SHUTDOWN_TIMEOUT_SECONDS: intIn(0, 3600).default(30),
  UPLOAD_TEMP_MAX_AGE_SECONDS: intIn(1, 86400).default(600),
  CPU_TASK_TIMEOUT_SECONDS: intIn(1, 86400).default(120),
  CPU_TASK_MEMORY_MB: intIn(128, 65536).default(2048),
  IMPORT_MAX_CUES: intIn(1, 1_000_000).default(100_000),
  IMPORT_MAX_WORDS: intIn(1, 20_000_000).default(2_000_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("warn"),
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the app reads (README's Configuration table documents each). */
export const configVariableNames = Object.keys(envSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  /** Cookies get the Secure flag when users reach us over HTTPS. */
  secureCookies: boolean;
  authSecret: string | null;
  requireEmailVerification: boolean;
  /**
   * max: failed sign-ins per account and address, sign-ups per address, password and e-mail
   * changes per user; addressMax: failed sign-ins per address, all accounts together;
   * apiMax: other /api/auth requests per route and user (signed out: per address).
   */
  authRateLimit: { max: number; addressMax: number; apiMax: number; windowSeconds: number };
  invitationExpiryDays: number;
  /** Per-user caps: invitations sent in an hour, live meeting event streams (per process), uploads in flight (all processes). */
  userCaps: { invitationsPerHour: number; eventStreams: number; uploadsInFlight: number };
  /** GET /api/search per user: perMinute in a minute, burst in any 10 s; a query running longer than timeoutMs is cancelled. */
  search: { perMinute: number; burst: number; timeoutMs: number };
  /** An upload from which no byte arrives for this long is ended with 408. */
  uploadIdleTimeoutMs: number;
  /** How long a transcript edit can be undone; after that its history keeps who and when, not the old text. */
  transcriptUndoHours: number;
  /** Browser recordings (modules/recordings): the longest one, and how long an unfinished one with no new chunk is kept. */
  recording: { maxHours: number; abandonHours: number };
  smtp: { host: string; port: number; secure: boolean; user?: string; password?: string } | null;
  mailFrom: string;
  outboxDir: string;
  /** How long a password reset link works. */
  passwordResetExpiryMinutes: number;
  /** Single sign-on through one OpenID Connect provider (better-auth's genericOAuth), or null. */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string; scopes: string[] } | null;
  filesDir: string;
  modelsDir: string;
  /** Where speech models download from (a mirror of the sherpa-onnx releases); null = GitHub. */
  modelsBaseUrl: string | null;
  /** Owners of this instance (may download speech models); empty = the first account created. */
  adminEmails: string[];
  maxUploadBytes: number;
  maxLinkBytes: number;
  linkTimeoutMs: number;
  /** Tests only (a loadConfig override, never an env variable): links may reach loopback/private addresses. */
  allowPrivateLinks: boolean;
  /** Fastify's trustProxy: false, true, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  ffmpegPath: string | null;
  ffprobePath: string | null;
  speech: {
    engine: "local" | "assemblyai" | "openai";
    threads: number;
    autoDownload: boolean;
    /** Memory budget of the local speech worker process (bytes). */
    workerMemoryBytes: number;
    /** Clustering threshold when the number of speakers is unknown. */
    clusteringThreshold: number;
    /** Cosine similarity from which a speaker is suggested as a member by voice (decision 031). */
    voiceMatchThreshold: number;
    assemblyai: { apiKey: string; baseUrl?: string } | null;
    openai: { baseUrl: string; apiKey: string; model: string } | null;
  };
  llm: { baseUrl: string; apiKey: string; model: string } | null;
  summary: {
    engine: "auto" | "local" | "openai" | "built-in";
    /** "auto", a catalogue id, or the path of a GGUF file. */
    localModel: string;
    threads: number;
    contextSize: number;
    gpu: "auto" | false;
    /** Memory budget of the local language-model worker process (bytes). */
    workerMemoryBytes: number;
    /** Sampling over the model's defaults; unset fields keep the model's. */
    sampling: { temperature?: number; topK?: number; topP?: number; minP?: number; presencePenalty?: number };
  };
  /** Where recordings live: local disk under DATA_DIR/files, or an S3-compatible bucket. */
  storage: { kind: "local" } | { kind: "s3"; s3: S3Settings };
  /** Worker slots for conversion, transcription and summaries in each process. */
  jobConcurrency: number;
  /** Worker slots for link downloads, apart from the others so a slow server cannot hold them. */
  downloadConcurrency: number;
  /** A worker silent this long is taken for dead and its jobs are retried elsewhere. */
  workerTimeoutSeconds: number;
  /** On SIGTERM/SIGINT: how long in-flight requests, then running jobs, may take before the process exits (jobs still running are handed to another worker). */
  shutdownTimeoutSeconds: number;
  /**
   * With an external database, a temp file of an upload (DATA_DIR/files/.tmp) untouched this
   * long is taken for one cut off by a crash and removed (another process may be writing a
   * younger one). In the embedded mode, one process owns DATA_DIR: all are removed at start.
   */
  uploadTempMaxAgeSeconds: number;
  /**
   * The budget of each task run off the API's thread (notes, exports, large transcript parses;
   * workers/off-thread.ts): past it the task stops with a message and is not retried.
   */
  cpuTasks: { timeoutSeconds: number; memoryMb: number };
  /** What one imported transcript file may hold (refused at upload with the limit). */
  importLimits: { maxCues: number; maxWords: number };
  logLevel: Env["LOG_LEVEL"];
  integrations: {
    providers: Record<IntegrationProviderKey, IntegrationProviderConfig>;
    microsoftTenant: string;
    encryptionKey: string | null;
    /** Where providers can deliver webhooks (public HTTPS); null = completion comes back by polling. */
    webhookBaseUrl: string | null;
    pollSeconds: number;
    /** webhook_logs rows older than this many days are deleted (by the poll job's sweep). */
    webhookLogRetentionDays: number;
  };
}

export class ConfigError extends AppError {
  constructor(message: string) {
    super("CONFIG_INVALID", message);
  }
}

/** Settings only tests may change: they are not read from the environment. */
export interface TestOverrides {
  allowPrivateLinks?: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: TestOverrides = {}): Config {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}=${JSON.stringify(cleaned[String(i.path[0])] ?? "")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.SPEECH_ENGINE === "assemblyai" && !e.ASSEMBLYAI_API_KEY)
    throw new ConfigError("Invalid configuration:\n  ASSEMBLYAI_API_KEY: required when SPEECH_ENGINE=assemblyai");
  if (e.SPEECH_ENGINE === "openai" && !e.OPENAI_STT_BASE_URL)
    throw new ConfigError("Invalid configuration:\n  OPENAI_STT_BASE_URL: required when SPEECH_ENGINE=openai");
  if (e.STORAGE === "s3") {
    const missing = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => !e[k]);
    if (missing.length)
      throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when STORAGE=s3`).join("\n")}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl,
    secureCookies: publicUrl.startsWith("https://"),
    authSecret: e.AUTH_SECRET ?? null,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    authRateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX,
      addressMax: e.AUTH_RATE_LIMIT_ADDRESS_MAX,
      apiMax: e.AUTH_API_RATE_LIMIT_MAX,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    invitationExpiryDays: e.INVITATION_EXPIRY_DAYS,
    userCaps: {
      invitationsPerHour: e.INVITATIONS_PER_HOUR,
      eventStreams: e.MAX_EVENT_STREAMS_PER_USER,
      uploadsInFlight: e.MAX_UPLOADS_PER_USER,
    },
    search: {
      perMinute: e.SEARCH_RATE_LIMIT_PER_MINUTE,
      burst: e.SEARCH_RATE_LIMIT_BURST,
      timeoutMs: e.SEARCH_TIMEOUT_SECONDS * 1000,
    },
    uploadIdleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
    transcriptUndoHours: e.TRANSCRIPT_UNDO_HOURS,
    recording: { maxHours: e.RECORDING_MAX_HOURS, abandonHours: e.RECORDING_ABANDON_HOURS },
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, password: e.SMTP_PASSWORD }
      : null,
    mailFrom: e.MAIL_FROM,
    passwordResetExpiryMinutes: e.PASSWORD_RESET_EXPIRY_MINUTES,
    oidc: oidcSettings(e),
    outboxDir: path.join(dataDir, "outbox"),
    filesDir: path.join(dataDir, "files"),
    modelsDir: e.MODELS_DIR ? path.resolve(e.MODELS_DIR) : path.join(dataDir, "models"),
    modelsBaseUrl: e.MODELS_BASE_URL ?? null,
    adminEmails: (e.ADMIN_EMAILS ?? "")
      .split(",")
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    maxLinkBytes: e.MAX_LINK_DOWNLOAD_MB * 1024 * 1024,
    linkTimeoutMs: e.LINK_DOWNLOAD_TIMEOUT_SECONDS * 1000,
    allowPrivateLinks: overrides.allowPrivateLinks ?? false,
    speech: {
      engine: e.SPEECH_ENGINE,
      threads: e.SPEECH_THREADS,
      autoDownload: e.MODELS_AUTO_DOWNLOAD,
      workerMemoryBytes: e.SPEECH_WORKER_MEMORY_MB * 1024 * 1024,
      clusteringThreshold: e.SPEECH_CLUSTERING_THRESHOLD,
      voiceMatchThreshold: e.VOICE_MATCH_THRESHOLD,
      assemblyai: e.ASSEMBLYAI_API_KEY ? { apiKey: e.ASSEMBLYAI_API_KEY, baseUrl: e.ASSEMBLYAI_BASE_URL } : null,
      openai: e.OPENAI_STT_BASE_URL
        ? { baseUrl: e.OPENAI_STT_BASE_URL, apiKey: e.OPENAI_STT_API_KEY ?? "", model: e.OPENAI_STT_MODEL }
        : null,
    },
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY ?? "", model: e.LLM_MODEL } : null,
    summary: {
      engine: e.SUMMARY_ENGINE,
      localModel: e.LOCAL_LLM_MODEL,
      threads: e.LOCAL_LLM_THREADS,
      contextSize: e.LOCAL_LLM_CONTEXT,
      gpu: e.LOCAL_LLM_GPU === "off" ? false : "auto",
      workerMemoryBytes: e.LOCAL_LLM_MEMORY_MB * 1024 * 1024,
      sampling: {
        temperature: e.LOCAL_LLM_TEMPERATURE,
        topK: e.LOCAL_LLM_TOP_K,
        topP: e.LOCAL_LLM_TOP_P,
        minP: e.LOCAL_LLM_MIN_P,
        presencePenalty: e.LOCAL_LLM_PRESENCE_PENALTY,
      },
    },
    storage:
      e.STORAGE === "s3"
        ? {
            kind: "s3",
            s3: {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET!,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID!,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            },
          }
        : { kind: "local" },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    ffmpegPath: e.FFMPEG_PATH ?? null,
    ffprobePath: e.FFPROBE_PATH ?? null,
    jobConcurrency: e.JOB_CONCURRENCY,
    downloadConcurrency: e.JOB_DOWNLOAD_CONCURRENCY,
    workerTimeoutSeconds: e.JOB_WORKER_TIMEOUT_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    uploadTempMaxAgeSeconds: e.UPLOAD_TEMP_MAX_AGE_SECONDS,
    cpuTasks: { timeoutSeconds: e.CPU_TASK_TIMEOUT_SECONDS, memoryMb: e.CPU_TASK_MEMORY_MB },
    importLimits: { maxCues: e.IMPORT_MAX_CUES, maxWords: e.IMPORT_MAX_WORDS },
    logLevel: e.LOG_LEVEL,
    integrations: {
      providers: Object.fromEntries(
        Object.entries(integrationEnvPrefixes).map(([key, p]) => {
          const v = (name: string) => (e as unknown as Record<string, string | undefined>)[`${p}_${name}`] ?? null;
          return [
            key,
            {
              clientId: v("CLIENT_ID"),
              clientSecret: v("CLIENT_SECRET"),
              oauthUrl: v("OAUTH_URL")?.replace(/\/$/, "") ?? null,
              apiUrl: v("API_URL")?.replace(/\/$/, "") ?? null,
            },
          ];
        }),
      ) as Record<IntegrationProviderKey, IntegrationProviderConfig>,
      microsoftTenant: e.MICROSOFT_TENANT,
      encryptionKey: e.INTEGRATIONS_ENCRYPTION_KEY ?? null,
      webhookBaseUrl:
        e.INTEGRATIONS_WEBHOOKS === "off"
          ? null
          : ((
              e.INTEGRATIONS_WEBHOOK_URL ?? (e.INTEGRATIONS_WEBHOOKS === "on" || publicUrl.startsWith("https://") ? publicUrl : null)
            )?.replace(/\/$/, "") ?? null),
      pollSeconds: e.INTEGRATIONS_POLL_SECONDS,
      webhookLogRetentionDays: e.WEBHOOK_LOG_RETENTION_DAYS,
    },
  };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((a) => a.trim());
}

/** OIDC_ISSUER turns single sign-on on; then the client id and secret are needed too. */
function oidcSettings(e: Env): Config["oidc"] {
  if (!e.OIDC_ISSUER) return null;
  if (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)
    throw new ConfigError(
      "Invalid configuration:\n  OIDC_ISSUER: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET too (from the provider's client registration)",
    );
  return {
    issuer: e.OIDC_ISSUER.replace(/\/$/, ""),
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    name: e.OIDC_NAME,
    scopes: e.OIDC_SCOPES.split(/[\s,]+/).filter(Boolean),
  };
}
