// Entry point. `npm start`: API + web + job workers in one process (embedded mode).
// `npm run worker` (--role=worker): job workers only; `npm run web` (--role=web): API and web
// app only. Both for scale-out, where several processes share DATABASE_URL and the store.
import { boot } from "./boot";
import { ConfigError, loadConfig } from "./config/config";
import { buildApp } from "./http/app";
import { registerWorkers } from "./jobs";

const role = process.argv.includes("--role=worker") ? "worker" : process.argv.includes("--role=web") ? "web" : "all";
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
  if (role !== "all" && !config.databaseUrl) {
    console.error(`npm run ${role} needs DATABASE_URL: web-only and job-only processes share an external PostgreSQL. \`npm start\` runs both in one process in the embedded mode.`);
    process.exit(1);
  }
  const started = Date.now();
  const booted = await boot(config, log);
  if (role !== "web") await registerWorkers(booted.ctx);
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  if (role !== "worker") {
    app = await buildApp(booted.ctx);
    await app.listen({ port: config.port, host: config.host });
  }
  log(`${role === "worker" ? "worker ready" : `${role === "web" ? "web " : ""}ready on ${config.publicUrl}`} in ${Date.now() - started} ms (data in ${config.dataDir}${config.databaseUrl ? ", external database" : ""})`);

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
