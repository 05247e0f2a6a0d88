// `npm start` (and `npm run worker`): builds the web app and the server when they are missing
// or older than their sources (scripts/build.mjs), then runs the built server.
import { spawn } from "node:child_process";
import { ensureBuilt, repoRoot, serverEntry } from "./build.mjs";

try {
  await ensureBuilt();
} catch (e) {
  console.error(`[minutes] build failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
// Node flags given to this script (`node --cpu-prof scripts/start.mjs`) go to the server too.
const child = spawn(process.execPath, [...process.execArgv, "--enable-source-maps", serverEntry, ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
