// Entry point. `npm start`: API + web + job workers in one process (embedded mode).
// `npm run worker` (--role=worker): job workers only, for scale-out.
import { boot } from "./boot";
import { ConfigError, loadConfig } from "./config/config";
import { buildApp } from "./http/app";
import { registerWorkers } from "./jobs";

const role = process.argv.includes("--role=worker") ? "worker" : "all";
const log = (msg: string) => console.log(`[minutes] ${msg}`);

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  if (role === "worker" && !config.databaseUrl) {
    console.error("npm run worker needs DATABASE_URL: a job-only process shares an external PostgreSQL with the web processes. `npm start` already works jobs in the embedded mode.");
    process.exit(1);
  }
  const started = Date.now();
  const booted = await boot(config, log);
  await registerWorkers(booted.ctx);
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  if (role === "all") {
    app = await buildApp(booted.ctx);
    await app.listen({ port: config.port, host: config.host });
  }
  log(`${role === "all" ? `ready on ${config.publicUrl}` : "worker ready"} in ${Date.now() - started} ms (data in ${config.dataDir}${config.databaseUrl ? ", external database" : ""})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await app?.close().catch(() => {});
    await booted.shutdown();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((e) => {
  console.error(`[minutes] failed to start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
